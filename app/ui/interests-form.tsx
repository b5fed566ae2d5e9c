import { Form } from 'react-router'
import { FormErrors, SubmitButton, type FormResult } from './form.tsx'
import { useT, type CatalogueKey } from './i18n.tsx'

/** The master ids the form came back with, if it came back (what the user ticked is kept). */
function tickedInResult(result: FormResult | undefined): Set<string> | undefined {
	if (!result?.initialValue) return undefined
	const value = result.initialValue.interests
	return new Set(Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [])
}

/**
 * The interests form: every interest of the master list as a checkbox, labelled in the user's culture.
 * The settings tab by default; the registration flow's product interest step (step 4) gives its own
 * address, heading, button and a way on without saving (`more`).
 */
export function InterestsTab({
	interests,
	selected,
	result,
	action = '/settings/interests',
	heading,
	submitLabel,
	more,
}: {
	interests: readonly { id: string; label: string }[]
	selected: readonly string[]
	result?: FormResult
	action?: string
	heading?: string
	submitLabel?: string
	more?: React.ReactNode
}) {
	const t = useT()
	const ticked = tickedInResult(result) ?? new Set(selected)
	const errors = Object.entries(result?.error ?? {})
		.filter(([name]) => name === 'interests' || name.startsWith('interests['))
		.flatMap(([, messages]) => messages ?? [])
	return (
		<section aria-labelledby="interests-title">
			<h2 id="interests-title">{heading ?? t('tab.interests')}</h2>
			{/* A new key after saving: the boxes show what the account now holds, not what was ticked. */}
			<Form key={selected.join(',')} method="post" action={action} className="stack" noValidate>
				<FormErrors result={result} />
				<fieldset aria-describedby={errors.length ? 'interests-errors' : undefined}>
					<legend>{t('interests.legend')}</legend>
					{interests.map((interest) => (
						<label key={interest.id} className="choice">
							<input type="checkbox" name="interests" value={interest.id} defaultChecked={ticked.has(interest.id)} />
							{interest.label}
						</label>
					))}
				</fieldset>
				{errors.length ? (
					<ul id="interests-errors" className="field-errors">
						{[...new Set(errors)].map((error) => (
							<li key={error}>{t(error as CatalogueKey)}</li>
						))}
					</ul>
				) : null}
				<p className="actions">
					<SubmitButton>{submitLabel ?? t('interests.save')}</SubmitButton>
					{more}
				</p>
			</Form>
		</section>
	)
}
