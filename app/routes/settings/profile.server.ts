import { parseWithZod, type Submission } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import type { Route } from './+types/account-settings'
import { accountSummary, type AccountSummary } from '#app/domain/account-summary.ts'
import { countryOptions } from '#app/domain/countries.ts'
import { asksMiddleName, catalogueLanguage, nameCulture, nameFields } from '#app/domain/culture.ts'
import { itemsForCountry, labelFor } from '#app/domain/master-data.ts'
import {
	profileSave,
	profileSchema,
	profileValuesFromForm,
	profileValuesOf,
	withAddedPhone,
	withoutPhone,
	type ProfileValues,
} from '#app/domain/profile-form.ts'
import { toStoredUser } from '#app/domain/user-record.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import {
	invalidForm,
	orNullAfterPost,
	orUpstreamUnavailable,
	outageAnswer,
	redirectWithToast,
	upstreamFailure,
} from '#app/responses.server.ts'
import { saveProfile } from '#app/services/account.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { cachedMe } from '#app/session/me.server.ts'
import { getMe, type Me } from '#app/upstream/account-identity.server.ts'
import { getMasterData } from '#app/upstream/master-data.server.ts'
import { submittedForm } from '#app/forms/form-body.server.ts'

export interface Option {
	value: string
	label: string
}

/** What the action answers: the form again as typed (with its errors on a 400), never a save. */
export interface ProfileActionData {
	tab: 'profile'
	values: ProfileValues
	states: Option[]
	result?: ReturnType<Submission<unknown>['reply']>
}

type Context = Readonly<RouterContextProvider>

function byOrder<T extends { sortOrder?: number | undefined }>(a: T, b: T) {
	return (a.sortOrder ?? 0) - (b.sortOrder ?? 0)
}

/** The master lists the form offers, labelled in the page's culture (the states for one country). */
async function profileLists(culture: string) {
	const [genders, phoneTypes, stateProvinces] = await Promise.all([
		getMasterData('genders', culture),
		getMasterData('phoneTypes', culture),
		// Rows are for their country's culture; every culture may pick any country.
		getMasterData('stateProvinces'),
	])
	const options = (items: typeof genders) =>
		[...items].sort(byOrder).map((item) => ({ value: item.value, label: item.label }))
	return {
		genders: options(genders),
		phoneTypes: options(phoneTypes),
		statesOf: (country: string): Option[] =>
			country
				? itemsForCountry(stateProvinces, country)
						.sort(byOrder)
						.map((item) => ({ value: item.value, label: labelFor(item, culture) }))
				: [],
	}
}

/**
 * The culture whose rules the form follows: ja-JP (phonetic names, the Japanese address and name
 * order) when the page's culture or the account's is, else the page's (`nameCulture`, the rule
 * names are shown by too).
 */
function formCulture(culture: string, record: { cultureCode: { value: string } | null }) {
	return nameCulture(culture, record.cultureCode?.value)
}

function isJapanese(culture: string, record: { cultureCode: { value: string } | null }) {
	return formCulture(culture, record) === 'ja-JP'
}

/** The user record rules (spec 1 §3) applied to the fields the form shows: nulls gone, the birthday a date. */
function storedProfile(me: Me) {
	const { email, firstName, middleName, lastName, phoneticFirstName, phoneticLastName, allowEmail } = me
	const { birthday, gender, country, address, phones } = me
	return toStoredUser({
		email,
		firstName,
		middleName,
		lastName,
		phoneticFirstName: phoneticFirstName ?? null,
		phoneticLastName: phoneticLastName ?? null,
		allowEmail,
		birthday,
		gender,
		country,
		address,
		phones,
	})
}

function today() {
	return new Date().toISOString().slice(0, 10)
}

/** The profile tab's data: who is signed in, the form as stored and what it offers. */
export async function loadProfileTab({ context, request }: Route.LoaderArgs) {
	const credentials = await requireCredentials(context, request)
	const { culture } = context.get(preferencesContext)
	// After a post whose reads failed (the action answered the form as typed with a 503), the page shows
	// that form without the account's summary rather than an error page in its place.
	const [me, lists] = await Promise.all([
		orNullAfterPost(context, cachedMe(credentials, { signal: request.signal })),
		orUpstreamUnavailable(profileLists(culture)),
	])
	const record = me ?? { cultureCode: null }
	const user = me ? storedProfile(me) : null
	const states = lists.statesOf(user?.country ?? '')
	const profile: AccountSummary | null = me ? accountSummary(culture, me) : null
	return {
		profile,
		values: profileValuesOf(
			user ?? {},
			states.map((state) => state.value),
		),
		states,
		japanese: isJapanese(culture, record),
		nameFields: nameFields(formCulture(culture, record)),
		genders: lists.genders,
		phoneTypes: lists.phoneTypes,
		countries: countryOptions(catalogueLanguage(culture)),
	}
}

/**
 * The profile form: `update` shows the country's states, `add-phone` and `remove-phone:<row>`
 * change the rows (all three answer the form again as typed, nothing saved); a save sends only
 * what changed and comes back with the 'updated' toast.
 */
export async function profileAction({ context, request }: Route.ActionArgs) {
	const credentials = await requireCredentials(context, request)
	const { culture } = context.get(preferencesContext)
	const form = submittedForm(context)
	const intent = form.get('intent')
	const typed = profileValuesFromForm(form)
	let lists: Awaited<ReturnType<typeof profileLists>>
	try {
		lists = await profileLists(culture)
	} catch (error) {
		return outageAnswer(error, { tab: 'profile' as const, values: typed, states: [] })
	}
	const states = lists.statesOf(typed.country)
	const answer = (values: ProfileValues) => ({ tab: 'profile' as const, values, states })

	if (intent === 'update') {
		const stateProvince = states.some((state) => state.value === typed.stateProvince) ? typed.stateProvince : ''
		return data<ProfileActionData>(answer({ ...typed, stateProvince }))
	}
	if (intent === 'add-phone') return data<ProfileActionData>(answer(withAddedPhone(typed)))
	if (typeof intent === 'string' && intent.startsWith('remove-phone:')) {
		return data<ProfileActionData>(answer(withoutPhone(typed, Number(intent.slice('remove-phone:'.length)))))
	}

	let me: Me
	try {
		me = await getMe(credentials, { signal: request.signal })
	} catch (error) {
		// Nothing was saved: the form comes back as typed with the outage message, to save again.
		return outageAnswer(error, answer(typed))
	}
	const schema = profileSchema({
		japanese: isJapanese(culture, me),
		genders: lists.genders.map((item) => item.value),
		phoneTypes: lists.phoneTypes.map((item) => item.value),
		states: states.map((state) => state.value),
		today: today(),
	})
	const submission = parseWithZod(form, { schema })
	if (submission.status !== 'success') return invalidForm(submission, answer(typed))
	const user = storedProfile(me)
	const before = profileValuesOf(
		user,
		lists.statesOf(user.country ?? '').map((state) => state.value),
	)
	try {
		await saveProfile(
			credentials.accessToken,
			credentials.userId,
			profileSave(before, submission.value, { middleName: asksMiddleName(formCulture(culture, me)) }),
			request.signal,
		)
	} catch (error) {
		return upstreamFailure('profile', submission, error, answer(typed))
	}
	return redirectWithToast(context as Context, '/settings/profile', { type: 'success', message: 'toast.updated' })
}
