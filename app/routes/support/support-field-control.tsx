/**
 * One field of a support form as the page shows it: a select with its optgroups, a text area, or an
 * input, labelled, with its hint and its errors (the tab: support-form-tab.tsx).
 */
import { useId, type ChangeEvent, type ReactNode } from 'react'
import type { SupportField } from '#app/domain/support-fields.ts'
import { ErrorList, Field, FieldLabel, fieldErrors, type FormResult } from '#app/ui/form.tsx'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'
import type { SupportOption } from './support-form.server.ts'

/** A labelled control of any kind but input: a select (with optgroups) or a text area. */
function Control({
	name,
	label,
	hint,
	result,
	required,
	children,
}: {
	name: string
	label: string
	hint?: string
	result?: FormResult
	required?: boolean
	children: (props: {
		id: string
		name: string
		required?: boolean
		'aria-invalid'?: true
		'aria-describedby'?: string
	}) => ReactNode
}) {
	const id = useId()
	const errors = fieldErrors(result, name)
	const describedBy = [hint ? `${id}-hint` : null, errors.length ? `${id}-error` : null].filter(Boolean).join(' ')
	return (
		<div className="field">
			<FieldLabel htmlFor={id} label={label} required={required} />
			{hint ? (
				<p id={`${id}-hint`} className="field-hint">
					{hint}
				</p>
			) : null}
			{children({
				id,
				name,
				required,
				'aria-invalid': errors.length ? true : undefined,
				'aria-describedby': describedBy || undefined,
			})}
			<ErrorList id={`${id}-error`} errors={errors} />
		</div>
	)
}

/** Options, under their groups in the order they come. */
function OptionList({ options }: { options: readonly SupportOption[] }) {
	const groups: { label: string | undefined; options: SupportOption[] }[] = []
	for (const option of options) {
		const last = groups.at(-1)
		if (last && last.label === option.group) last.options.push(option)
		else groups.push({ label: option.group, options: [option] })
	}
	return groups.map((group, index) =>
		group.label ? (
			<optgroup key={`${group.label}-${index}`} label={group.label}>
				{group.options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</optgroup>
		) : (
			group.options.map((option) => (
				<option key={option.value} value={option.value}>
					{option.label}
				</option>
			))
		),
	)
}

export function SupportFieldControl({
	field,
	value,
	options,
	result,
	latestDate,
	onChange,
}: {
	field: SupportField
	value: string
	options: readonly SupportOption[]
	result?: FormResult
	latestDate: string
	onChange?: (event: ChangeEvent<HTMLSelectElement>) => void
}) {
	const t = useT()
	const label = t(field.label as CatalogueKey)
	const hint = field.hint ? t(field.hint as CatalogueKey) : undefined
	if (field.kind === 'select') {
		return (
			<Control name={field.name} label={label} hint={hint} result={result} required={field.required}>
				{(props) => (
					<select {...props} defaultValue={value} autoComplete={field.autoComplete} onChange={onChange}>
						<option value="">{t('supportForms.choose')}</option>
						<OptionList options={options} />
					</select>
				)}
			</Control>
		)
	}
	if (field.kind === 'textarea') {
		return (
			<Control name={field.name} label={label} hint={hint} result={result} required={field.required}>
				{(props) => <textarea {...props} defaultValue={value} rows={6} />}
			</Control>
		)
	}
	return (
		<Field
			name={field.name}
			type={field.kind}
			label={label}
			hint={hint}
			initial={value}
			result={result}
			autoComplete={field.autoComplete}
			required={field.required}
			max={field.rule === 'pastDate' ? latestDate : undefined}
		/>
	)
}
