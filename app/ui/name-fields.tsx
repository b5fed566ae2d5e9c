import type { NameField } from '#app/domain/culture.ts'
import { Field, type FormResult } from './form.tsx'
import { useT, type CatalogueKey } from './i18n.tsx'

type PhoneticField = 'phoneticFirstName' | 'phoneticLastName'

const LABELS: Record<NameField | PhoneticField, CatalogueKey> = {
	firstName: 'field.firstName',
	middleName: 'field.middleName',
	lastName: 'field.lastName',
	phoneticFirstName: 'field.phoneticFirstName',
	phoneticLastName: 'field.phoneticLastName',
}

const AUTOCOMPLETE: Record<NameField, string> = {
	firstName: 'given-name',
	middleName: 'additional-name',
	lastName: 'family-name',
}

/**
 * A form's name fields in the culture's order (`nameFields` in app/domain/culture.ts), then, when
 * asked, the phonetic names in the same order.
 */
export function NameFields({
	fields,
	phonetic,
	result,
	initial = {},
}: {
	fields: readonly NameField[]
	phonetic: boolean
	result?: FormResult
	initial?: Partial<Record<NameField | PhoneticField, string>>
}) {
	const t = useT()
	const phoneticFields: PhoneticField[] =
		fields.indexOf('lastName') < fields.indexOf('firstName')
			? ['phoneticLastName', 'phoneticFirstName']
			: ['phoneticFirstName', 'phoneticLastName']
	return (
		<>
			{fields.map((name) => (
				<Field
					key={name}
					name={name}
					label={t(LABELS[name])}
					result={result}
					initial={initial[name]}
					autoComplete={AUTOCOMPLETE[name]}
					required={name !== 'middleName'}
				/>
			))}
			{phonetic
				? phoneticFields.map((name) => (
						<Field key={name} name={name} label={t(LABELS[name])} result={result} initial={initial[name]} required />
					))
				: null}
		</>
	)
}
