import { Form } from 'react-router'
import type { AccountSummary } from '#app/domain/account-summary.ts'
import type { NameField } from '#app/domain/culture.ts'
import {
	addressOrder,
	MAX_PROFILE_PHONES,
	phoneFieldName,
	type AddressPart,
	type ProfileValues,
} from '#app/domain/profile-fields.ts'
import { AccountSummaryList } from '#app/ui/account-summary.tsx'
import { NameFields } from '#app/ui/name-fields.tsx'
import { CheckboxField, Field, FormErrors, SelectField, SubmitButton, type FormResult } from '#app/ui/form.tsx'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'

interface Option {
	value: string
	label: string
}

export interface ProfileTabData {
	/** Null on the page after a post whose record could not be read (an outage): the form without it. */
	profile: AccountSummary | null
	values: ProfileValues
	states: readonly Option[]
	japanese: boolean
	/** The name fields in the culture's order (ja-JP: family name first, no middle name). */
	nameFields: readonly NameField[]
	genders: readonly Option[]
	phoneTypes: readonly Option[]
	countries: readonly Option[]
}

/** What the profile form's action answered, if this is it (the form again as typed). */
export interface ProfileTabAnswer {
	tab: 'profile'
	values: ProfileValues
	states: readonly Option[]
	result?: FormResult
}

export function isProfileAnswer(actionData: unknown): actionData is ProfileTabAnswer {
	return typeof actionData === 'object' && actionData !== null && 'tab' in actionData && actionData.tab === 'profile'
}

const ADDRESS_LABELS: Record<AddressPart, CatalogueKey> = {
	postalCode: 'field.postalCode',
	stateProvince: 'field.stateProvince',
	city: 'field.city',
	addressLine1: 'field.addressLine1',
	addressLine2: 'field.addressLine2',
	addressLine3: 'field.addressLine3',
}

const ADDRESS_AUTOCOMPLETE: Record<AddressPart, string> = {
	postalCode: 'postal-code',
	stateProvince: 'address-level1',
	city: 'address-level2',
	addressLine1: 'address-line1',
	addressLine2: 'address-line2',
	addressLine3: 'address-line3',
}

/** The profile tab: who is signed in and the profile form, which works the same without JavaScript. */
export function ProfileTab({ data, answer }: { data: ProfileTabData; answer?: ProfileTabAnswer }) {
	const t = useT()
	const values = answer?.values ?? data.values
	const states = answer?.states ?? data.states
	const result = answer?.result
	const { japanese } = data

	const address = (part: AddressPart) =>
		part === 'stateProvince' ? (
			states.length > 0 ? (
				<SelectField
					key={part}
					name={part}
					label={t(ADDRESS_LABELS[part])}
					result={result}
					initial={values.stateProvince}
					options={states}
					placeholder=""
				/>
			) : null
		) : (
			<Field
				key={part}
				name={part}
				label={t(ADDRESS_LABELS[part])}
				result={result}
				initial={values[part]}
				autoComplete={ADDRESS_AUTOCOMPLETE[part]}
			/>
		)

	return (
		<section aria-labelledby="profile-title">
			<h2 id="profile-title">{t('tab.profile')}</h2>
			{data.profile ? <AccountSummaryList {...data.profile} /> : null}
			{/* A new answer shows what the server has, not what the last one left in the inputs. */}
			<Form key={JSON.stringify(values)} method="post" action="/settings/profile" className="form" noValidate>
				{/* The first submit button is the one Enter presses: saving, not one of the row or country buttons. */}
				<button type="submit" name="intent" value="save" hidden tabIndex={-1} />
				<FormErrors result={result} />
				<fieldset>
					<legend>{t('profile.name')}</legend>
					<NameFields fields={data.nameFields} phonetic={japanese} result={result} initial={values} />
				</fieldset>
				<Field
					name="birthday"
					type="date"
					label={t('field.birthday')}
					result={result}
					initial={values.birthday}
					autoComplete="bday"
				/>
				<SelectField
					name="gender"
					label={t('field.gender')}
					result={result}
					initial={values.gender}
					options={data.genders}
					placeholder=""
				/>
				<fieldset>
					<legend>{t('profile.address')}</legend>
					<SelectField
						name="country"
						label={t('field.country')}
						result={result}
						initial={values.country}
						options={data.countries}
						placeholder=""
						required
					/>
					<p className="field-hint">{t('profile.countryHint')}</p>
					<SubmitButton name="intent" value="update" secondary>
						{t('profile.update')}
					</SubmitButton>
					{addressOrder(japanese).map(address)}
				</fieldset>
				<fieldset>
					<legend>{t('profile.phones')}</legend>
					{values.phones.map((phone, index) => (
						<fieldset key={index} className="phone-row">
							<legend>{t('profile.phone', { n: index + 1 })}</legend>
							<input type="hidden" name={phoneFieldName(index, 'id')} value={phone.id} />
							<Field
								name={phoneFieldName(index, 'number')}
								type="tel"
								label={t('field.phoneNumber')}
								result={result}
								initial={phone.number}
								autoComplete="tel"
							/>
							<SelectField
								name={phoneFieldName(index, 'type')}
								label={t('field.phoneType')}
								result={result}
								initial={phone.type}
								options={data.phoneTypes}
								placeholder=""
							/>
							<SubmitButton name="intent" value={`remove-phone:${index}`} secondary>
								{t('profile.removePhone', { n: index + 1 })}
							</SubmitButton>
						</fieldset>
					))}
					{values.phones.length < MAX_PROFILE_PHONES ? (
						<SubmitButton name="intent" value="add-phone" secondary>
							{t('profile.addPhone')}
						</SubmitButton>
					) : null}
				</fieldset>
				<CheckboxField
					name="allowEmail"
					label={t('field.allowEmail')}
					result={result}
					initialChecked={values.allowEmail}
				/>
				<SubmitButton name="intent" value="save">
					{t('profile.save')}
				</SubmitButton>
			</Form>
		</section>
	)
}
