import { useEffect, useId, useRef, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import type { SupportField, SupportSection, SupportValues } from '#app/domain/support-fields.ts'
import {
	ATTACHMENT_ACCEPT,
	MAX_PARTS,
	PART_FIELD_NAMES,
	PART_FIELDS,
	partFieldName,
	REGISTERED_PREFIX,
	SUPPORT_PROMISE,
} from '#app/domain/support-form-view.ts'
import { Field, fieldErrors, FormErrors, SubmitButton, type FormResult } from '#app/ui/form.tsx'
import { HoneypotField } from '#app/ui/honeypot.tsx'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'
import type { loadSupportForm, SupportFormAnswer, SupportOption } from './support-form.server.ts'

type FormPage = Awaited<ReturnType<typeof loadSupportForm>>

const SECTION_TITLES: Record<SupportSection, CatalogueKey> = {
	product: 'supportForms.legendProduct',
	contact: 'supportForms.legendContact',
	question: 'supportForms.legendQuestion',
}

function Errors({ id, errors }: { id: string; errors: string[] }) {
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

/** A labelled control of any kind but input: a select (with optgroups) or a text area. */
function Control({
	name,
	label,
	hint,
	result,
	children,
}: {
	name: string
	label: string
	hint?: string
	result?: FormResult
	children: (props: { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode
}) {
	const id = useId()
	const errors = fieldErrors(result, name)
	const describedBy = [hint ? `${id}-hint` : null, errors.length ? `${id}-error` : null].filter(Boolean).join(' ')
	return (
		<div className="field">
			<label htmlFor={id}>{label}</label>
			{hint ? (
				<p id={`${id}-hint`} className="field-hint">
					{hint}
				</p>
			) : null}
			{children({
				id,
				name,
				'aria-invalid': errors.length ? true : undefined,
				'aria-describedby': describedBy || undefined,
			})}
			<Errors id={`${id}-error`} errors={errors} />
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

function SupportFieldControl({
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
			<Control name={field.name} label={label} hint={hint} result={result}>
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
			<Control name={field.name} label={label} hint={hint} result={result}>
				{(props) => <textarea {...props} defaultValue={value} rows={6} required={field.required} />}
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

/** Up to three parts; 'Add part' sends the form back with one more row, everything typed kept. */
function Parts({ values, result }: { values: SupportValues; result?: FormResult }) {
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
					<Errors id="parts-error" errors={errors} />
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

function Attachments({ result }: { result?: FormResult }) {
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

/** Consecutive fields of one section, as a fieldset with the section's legend. */
function sectionsOf(fields: readonly SupportField[]) {
	const runs: { section: SupportSection; fields: SupportField[] }[] = []
	for (const field of fields) {
		const last = runs.at(-1)
		if (last && last.section === field.section) last.fields.push(field)
		else runs.push({ section: field.section, fields: [field] })
	}
	return runs
}

function SupportFormFields({ data, answer }: { data: FormPage; answer?: SupportFormAnswer }) {
	const t = useT()
	const form = data.form
	const values = answer?.values ?? data.values
	const result = answer?.result
	const fields = data.fields
	// With JavaScript, choosing a registration fills its details at once; without, the fill button asks the server.
	const fillFromRegistration = (event: ChangeEvent<HTMLSelectElement>) => {
		const details = data.registrations[event.currentTarget.value]
		const form = event.currentTarget.form
		if (!details || !form) return
		for (const [name, value] of Object.entries(details)) {
			const control = form.elements.namedItem(name)
			if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) control.value = value
		}
	}
	// A second press while the first post is on its way would file a second ticket: it is dropped. A flag, not
	// the navigation state, because two quick clicks come before React has rendered the first's state.
	const posting = useRef(false)
	const navigation = useNavigation()
	useEffect(() => {
		if (navigation.state === 'idle') posting.current = false
	}, [navigation.state])
	const onceAtATime = (event: FormEvent<HTMLFormElement>) => {
		// Only sending files a ticket: "use my product's details" and "add part" may be pressed again at once.
		const submitter = (event.nativeEvent as SubmitEvent).submitter
		if (submitter && submitter.getAttribute('value') !== 'send') return
		if (posting.current) event.preventDefault()
		posting.current = true
	}
	const canFill =
		(data.options.products ?? []).some((option) => option.value.startsWith(REGISTERED_PREFIX)) &&
		fields.some((field) => field.name === 'serialCode' || field.name === 'purchaseDate')
	return (
		<Form
			method="post"
			action={`/support/${data.tab}`}
			className="form support-form"
			encType={form.attachments ? 'multipart/form-data' : undefined}
			noValidate
			onSubmit={onceAtATime}
		>
			{/* The first submit button is the one Enter presses: sending, not adding a part. */}
			<button type="submit" name="intent" value="send" hidden tabIndex={-1} />
			<HoneypotField />
			<FormErrors result={result} />
			{result?.error && Object.keys(result.error).some((key) => key !== '') ? (
				<p className="form-errors" role="alert">
					{t('supportForms.checkFields')}
				</p>
			) : null}
			{sectionsOf(fields).map((run) => (
				<fieldset key={`${run.section}-${run.fields[0]!.name}`}>
					<legend>{t(SECTION_TITLES[run.section])}</legend>
					{run.fields.map((field) => (
						<div key={field.name}>
							<SupportFieldControl
								field={field}
								value={values.fields[field.name] ?? ''}
								options={field.options ? (data.options[field.options] ?? []) : []}
								result={result}
								latestDate={data.latestDate}
								onChange={field.name === 'product' ? fillFromRegistration : undefined}
							/>
							{field.name === 'product' && canFill ? (
								<p className="actions">
									<SubmitButton name="intent" value="fill" secondary>
										{t('supportForms.fillFromRegistration')}
									</SubmitButton>
								</p>
							) : null}
						</div>
					))}
				</fieldset>
			))}
			{form.parts ? <Parts values={values} result={result} /> : null}
			{form.attachments ? <Attachments result={result} /> : null}
			<p className="actions">
				<SubmitButton name="intent" value="send">
					{t('supportForms.send')}
				</SubmitButton>
			</p>
		</Form>
	)
}

/** What the page promises (spec 1 §9), and the parts order's own notes. */
function SupportPromise({ parts }: { parts: boolean }) {
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

export function Sent({ sent }: { sent: NonNullable<FormPage['sent']> }) {
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

/** One support form's tab. */
export function SupportFormTab({ data, answer }: { data: FormPage; answer?: SupportFormAnswer }) {
	const t = useT()
	const form = data.form
	const values = answer?.values ?? data.values
	return (
		<section aria-labelledby="support-form-title">
			<h2 id="support-form-title">{t(`tab.${data.tab}`)}</h2>
			{data.sent && !answer ? <Sent sent={data.sent} /> : null}
			<p>{t(form.intro as CatalogueKey)}</p>
			<SupportPromise parts={Boolean(form.parts)} />
			{/* A new answer shows what the server sent back, not what the last one left in the inputs; a request
			    sent (a new reference) starts the form afresh, as the page without JavaScript does. */}
			<SupportFormFields
				key={`${data.sent && !answer ? data.sent.reference : ''}:${JSON.stringify(values)}`}
				data={data}
				answer={answer}
			/>
		</section>
	)
}
