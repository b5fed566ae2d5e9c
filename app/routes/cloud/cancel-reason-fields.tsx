/** The cancel form's fields: the reason of the seven (radios) and the optional details. */
import { useId } from 'react'
import { CANCEL_DETAILS_MAX, CANCEL_FORM_REASONS } from '#app/domain/cloud-cancel-reasons.ts'
import { ErrorList, fieldErrors, fieldValue, RequiredMark, type FormResult } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'

export function ReasonField({ result }: { result: FormResult | undefined }) {
	const t = useT()
	const id = useId()
	const errors = fieldErrors(result, 'reason')
	const chosen = fieldValue(result, 'reason')
	return (
		<fieldset
			className="field"
			aria-invalid={errors.length ? true : undefined}
			aria-describedby={errors.length ? `${id}-error` : undefined}
		>
			{/* Each radio is `required` (said with each choice), so the legend's mark is only seen. */}
			<legend>
				{t('cloudAccount.cancel.reason')}
				<RequiredMark />
			</legend>
			{CANCEL_FORM_REASONS.map((reason) => (
				<div className="field-checkbox" key={reason}>
					<input
						id={`${id}-${reason}`}
						type="radio"
						name="reason"
						value={reason}
						defaultChecked={chosen === reason}
						required
					/>
					<label htmlFor={`${id}-${reason}`}>{t(`cloudAccount.cancel.reasons.${reason}`)}</label>
				</div>
			))}
			<ErrorList id={`${id}-error`} errors={errors} />
		</fieldset>
	)
}

export function DetailsField({ result }: { result: FormResult | undefined }) {
	const t = useT()
	const id = useId()
	const errors = fieldErrors(result, 'details')
	return (
		<div className="field">
			<label htmlFor={id}>{t('cloudAccount.cancel.details')}</label>
			<textarea
				id={id}
				name="details"
				rows={5}
				maxLength={CANCEL_DETAILS_MAX}
				defaultValue={fieldValue(result, 'details') ?? ''}
				aria-invalid={errors.length ? true : undefined}
				aria-describedby={errors.length ? `${id}-error` : undefined}
			/>
			<ErrorList id={`${id}-error`} errors={errors} />
		</div>
	)
}
