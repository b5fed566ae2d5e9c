/**
 * Form fields that show what the server said: the value typed (kept when the
 * form comes back with errors) and the errors, tied to their field. Forms
 * are validated on the server only (conform + zod in the action), so the
 * browser needs no validation code (ADR 0005).
 */
import type { SubmissionResult } from '@conform-to/zod/v4'
import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { useNavigation } from 'react-router'
import { useT, type CatalogueKey } from './i18n.tsx'

/** What an action answers with a 400: conform's `submission.reply()`. */
export type FormResult = SubmissionResult<string[]>

/** The form's result in what the action answered, if it answered one (`invalidForm`, `upstreamFailure`). */
export function formResult(actionData: { result?: FormResult } | null | undefined): FormResult | undefined {
	return actionData?.result
}

export function fieldErrors(result: FormResult | undefined, name: string): string[] {
	return result?.error?.[name] ?? []
}

export function fieldValue(result: FormResult | undefined, name: string): string | undefined {
	const value = result?.initialValue?.[name]
	return typeof value === 'string' ? value : undefined
}

/**
 * The visible mark of a required field, beside its label: '(required)' in words, so it needs no
 * legend and reads the same in every culture. Hidden from screen readers, which hear the control's
 * own `required` state instead. `spoken` for a group's legend (a choice of one of several controls),
 * which has no such state. Every form marks its required fields with this, and only them.
 */
export function RequiredMark({ spoken }: { spoken?: boolean } = {}) {
	const t = useT()
	return (
		<span className="required-mark" aria-hidden={spoken ? undefined : true}>
			{' '}
			{t('field.required')}
		</span>
	)
}

/**
 * A field's label, with the required mark when the control is required. The mark sits beside the
 * `<label>`, not in it: the label, and so the control's name, stays the field's name alone (what
 * a screen reader says and what tests and tools find it by).
 */
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required?: boolean }) {
	if (!required) return <label htmlFor={htmlFor}>{label}</label>
	return (
		<span className="field-label">
			<label htmlFor={htmlFor}>{label}</label>
			<RequiredMark />
		</span>
	)
}

/** A field's errors in the user's language, as a list its control names in aria-describedby. */
export function ErrorList({ id, errors }: { id: string; errors: readonly string[] }) {
	const t = useT()
	if (errors.length === 0) return null
	return (
		<ul id={id} className="field-errors">
			{errors.map((error) => (
				<li key={error}>{t(error as CatalogueKey)}</li>
			))}
		</ul>
	)
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'defaultValue'> {
	name: string
	label: string
	result?: FormResult
	/** The value before any submission (profile data, a link's email). */
	initial?: string
	hint?: string
}

/** A labelled input with its errors (marked when `required`). Passwords never come back. */
export function Field({ name, label, result, initial, hint, type = 'text', ...props }: FieldProps) {
	const id = useId()
	const errors = fieldErrors(result, name)
	const errorId = `${id}-error`
	const hintId = `${id}-hint`
	const describedBy = [hint ? hintId : null, errors.length ? errorId : null].filter(Boolean).join(' ') || undefined
	const value = type === 'password' ? undefined : (fieldValue(result, name) ?? initial)
	return (
		<div className="field">
			<FieldLabel htmlFor={id} label={label} required={props.required} />
			{hint ? (
				<p id={hintId} className="field-hint">
					{hint}
				</p>
			) : null}
			<input
				id={id}
				name={name}
				type={type}
				defaultValue={value}
				aria-invalid={errors.length ? true : undefined}
				aria-describedby={describedBy}
				{...props}
			/>
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

/**
 * A new password with the spec's rules as its hint and, when `confirmName` is given, its
 * confirmation: the pair every form that sets a password shows.
 */
export function NewPasswordFields({
	result,
	name,
	label,
	confirmName,
	confirmLabel,
	required,
}: {
	result?: FormResult
	name: string
	label: string
	confirmName?: string
	confirmLabel?: string
	required?: boolean
}) {
	const t = useT()
	return (
		<>
			<Field
				name={name}
				type="password"
				label={label}
				hint={t('account.passwordRulesHint')}
				result={result}
				autoComplete="new-password"
				required={required}
			/>
			{confirmName ? (
				<Field
					name={confirmName}
					type="password"
					label={confirmLabel ?? ''}
					result={result}
					autoComplete="new-password"
					required={required}
				/>
			) : null}
		</>
	)
}

/** A checkbox with its label after it, and its errors (marked when `required`: one that must be ticked). */
export function CheckboxField({
	name,
	label,
	result,
	initialChecked,
	required,
}: {
	name: string
	label: ReactNode
	result?: FormResult
	initialChecked?: boolean
	required?: boolean
}) {
	const id = useId()
	const errors = fieldErrors(result, name)
	const checked = result?.initialValue ? result.initialValue[name] === 'on' : initialChecked
	return (
		<div className="field field-checkbox">
			<input
				id={id}
				type="checkbox"
				name={name}
				defaultChecked={checked}
				required={required}
				aria-invalid={errors.length ? true : undefined}
				aria-describedby={errors.length ? `${id}-error` : undefined}
			/>
			<FieldLabel htmlFor={id} label={label} required={required} />
			<ErrorList id={`${id}-error`} errors={errors} />
		</div>
	)
}

/** A select with its label and errors (marked when `required`). */
export function SelectField({
	name,
	label,
	result,
	initial,
	options,
	placeholder,
	required,
}: {
	name: string
	label: string
	result?: FormResult
	initial?: string
	options: readonly { value: string; label: string }[]
	placeholder?: string
	required?: boolean
}) {
	const id = useId()
	const errors = fieldErrors(result, name)
	return (
		<div className="field">
			<FieldLabel htmlFor={id} label={label} required={required} />
			<select
				id={id}
				name={name}
				required={required}
				defaultValue={fieldValue(result, name) ?? initial ?? ''}
				aria-invalid={errors.length ? true : undefined}
				aria-describedby={errors.length ? `${id}-error` : undefined}
			>
				{placeholder !== undefined ? <option value="">{placeholder}</option> : null}
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
			<ErrorList id={`${id}-error`} errors={errors} />
		</div>
	)
}

/**
 * Errors about the whole form (what the upstream said), and a line saying that fields need attention
 * when any field has an error, both announced to screen readers: with JavaScript the form comes
 * back in place, and only a live region tells a screen reader it did (each field's own message
 * is tied to it by aria-describedby).
 */
export function FormErrors({ result }: { result?: FormResult }) {
	const errors = fieldErrors(result, '')
	const fieldsWrong = Object.entries(result?.error ?? {}).some(([name, list]) => name !== '' && list?.length)
	const t = useT()
	return (
		<>
			{errors.length > 0 ? (
				<div className="form-errors" role="alert">
					{errors.map((error) => (
						<p key={error}>{t(error as CatalogueKey)}</p>
					))}
				</div>
			) : null}
			{fieldsWrong ? (
				<p className="form-errors" role="alert">
					{t('field.checkFields')}
				</p>
			) : null}
		</>
	)
}

/** The submit button; shows that it is working while its form is submitting (JavaScript). */
export function SubmitButton({
	children,
	name,
	value,
	secondary,
}: {
	children: ReactNode
	name?: string
	value?: string
	secondary?: boolean
}) {
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting' && (name === undefined || navigation.formData?.get(name) === value)
	return (
		<button
			type="submit"
			name={name}
			value={value}
			className={secondary ? 'button' : 'button primary'}
			aria-disabled={busy || undefined}
		>
			{children}
		</button>
	)
}
