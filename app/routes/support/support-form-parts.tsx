/**
 * The support form's blocks beside its fields: the parts rows of the parts order, the attachments,
 * what the page promises, and the notice of a request sent (the tab: support-form-tab.tsx).
 */
import type { SupportValues } from '#app/domain/support-fields.ts'
import {
	ATTACHMENT_ACCEPT,
	MAX_PARTS,
	PART_FIELD_NAMES,
	PART_FIELDS,
	partFieldName,
	SUPPORT_PROMISE,
} from '#app/domain/support-form-view.ts'
import { ErrorList, Field, fieldErrors, SubmitButton, type FormResult } from '#app/ui/form.tsx'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'

/** Up to three parts; 'Add part' sends the form back with one more row, everything typed kept. */
export function Parts({ values, result }: { values: SupportValues; result?: FormResult }) {
	const t = useT()
	const errors = fieldErrors(result, 'parts')
	return (
		<fieldset>
			<legend>{t('supportForms.legendParts')}</legend>
			<p className="field-hint">{t('supportForms.partsHint')}</p>
			{values.parts.map((part, index) => (
				<fieldset key={index} className="part-row">
					<legend>{t('supportForms.part', { number: String(index + 1) })}</legend>
					{PART_FIELD_NAMES.map((name) => (
						<Field
							key={name}
							name={partFieldName(index, name)}
							label={t(PART_FIELDS[name].label as CatalogueKey)}
							hint={'hint' in PART_FIELDS[name] ? t(PART_FIELDS[name].hint as CatalogueKey) : undefined}
							initial={part[name]}
							result={result}
							inputMode={name === 'quantity' ? 'numeric' : undefined}
							autoComplete="off"
						/>
					))}
				</fieldset>
			))}
			{errors.length ? (
				<div role="alert">
					<ErrorList id="parts-error" errors={errors} />
				</div>
			) : null}
			{values.parts.length < MAX_PARTS ? (
				<p className="actions">
					<SubmitButton name="intent" value="addPart" secondary>
						{t('supportForms.addPart')}
					</SubmitButton>
				</p>
			) : (
				<p className="field-hint">{t('supportForms.partsFull')}</p>
			)}
		</fieldset>
	)
}

export function Attachments({ result }: { result?: FormResult }) {
	const t = useT()
	return (
		<fieldset>
			<legend>{t('supportForms.legendAttachments')}</legend>
			<Field
				name="attachments"
				type="file"
				label={t('supportForms.attachments')}
				hint={t('supportForms.attachmentsHint')}
				result={result}
				multiple
				accept={ATTACHMENT_ACCEPT}
			/>
		</fieldset>
	)
}

/** What the page promises (spec 1 §9), and the parts order's own notes. */
export function SupportPromise({ parts }: { parts: boolean }) {
	const t = useT()
	return (
		<div className="notice">
			<p>{t('supportForms.promise', { count: SUPPORT_PROMISE.responseHours })}</p>
			<p>{t('supportForms.officeHours')}</p>
			{parts ? (
				<>
					<p>{t('supportForms.partsPromise', { count: SUPPORT_PROMISE.partsAcknowledgementHours })}</p>
					<p>{t('supportForms.serviceCentreOnly')}</p>
				</>
			) : null}
		</div>
	)
}

export function Sent({ sent }: { sent: { reference: string; delivered: boolean } }) {
	const t = useT()
	return (
		<div className="notice" role="status">
			{sent.delivered ? (
				<>
					<p>{t('supportForms.sent')}</p>
					<p>{t('supportForms.reference', { reference: sent.reference })}</p>
				</>
			) : (
				<p>{t('supportForms.kept', { reference: sent.reference })}</p>
			)}
		</div>
	)
}
