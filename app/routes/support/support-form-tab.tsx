import { useEffect, useRef, type ChangeEvent, type FormEvent } from 'react'
import { Form, useNavigation } from 'react-router'
import type { SupportField, SupportSection } from '#app/domain/support-fields.ts'
import { REGISTERED_PREFIX } from '#app/domain/support-form-view.ts'
import { FormErrors, SubmitButton } from '#app/ui/form.tsx'
import { HoneypotField } from '#app/ui/honeypot.tsx'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'
import { SupportFieldControl } from './support-field-control.tsx'
import { Attachments, Parts, Sent, SupportPromise } from './support-form-parts.tsx'
import type { loadSupportForm, SupportFormAnswer } from './support-form.server.ts'

type FormPage = Awaited<ReturnType<typeof loadSupportForm>>

const SECTION_TITLES: Record<SupportSection, CatalogueKey> = {
	product: 'supportForms.legendProduct',
	contact: 'supportForms.legendContact',
	question: 'supportForms.legendQuestion',
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
