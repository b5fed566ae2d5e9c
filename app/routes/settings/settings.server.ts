import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirectDocument } from 'react-router'
import type { Route } from './+types/account-settings'
import { culturesByRegion, isSupportedCulture, regionOfCulture } from '#app/domain/culture.ts'
import { RegionChoiceSchema, regionLanguageSchema, settingsIntent } from '#app/domain/region-language-form.ts'
import { cultureCookie } from '#app/preferences/preferences.server.ts'
import { preferencesContext, sessionContext } from '#app/request-context.server.ts'
import { invalidForm, orUpstreamUnavailable, redirectWithToast, upstreamFailure } from '#app/responses.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { cachedMe, forgetMe } from '#app/session/me.server.ts'
import { updateUser } from '#app/upstream/account-identity.server.ts'
import { clearProductInfo, getMasterData } from '#app/upstream/master-data.server.ts'
import { clearSurveyCache } from '#app/upstream/survey-definitions.server.ts'
import { submittedForm } from '#app/forms/form-body.server.ts'

const TAB_URL = '/settings/settings'

/** The cultureCodes master list by region, labelled in the page's culture. */
async function regionGroups(culture: string) {
	return culturesByRegion(await getMasterData('cultureCodes', culture))
}

/** The settings tab's data: the regions and their languages, and the user's culture upstream. */
export async function loadSettingsTab({ context, request }: Route.LoaderArgs) {
	const { culture } = context.get(preferencesContext)
	const credentials = await requireCredentials(context, request)
	const [groups, me] = await orUpstreamUnavailable(
		Promise.all([regionGroups(culture), cachedMe(credentials, { signal: request.signal })]),
	)
	const userCulture = me.cultureCode?.value ?? culture
	return { regions: groups, userCulture, userRegion: regionOfCulture(groups, userCulture) }
}

/** The settings tab's forms: region and language (choose a region, save both) and clearing the cache. */
export async function settingsAction({ context, request }: Route.ActionArgs) {
	const formData = submittedForm(context)
	const { culture } = context.get(preferencesContext)
	switch (settingsIntent(formData.get('intent'))) {
		case 'region': {
			// Without JavaScript the language select is filled again for the region chosen, nothing saved.
			const submission = parseWithZod(formData, { schema: RegionChoiceSchema })
			return submission.status === 'success' ? { result: submission.reply() } : invalidForm(submission)
		}
		case 'saveRegionLanguage': {
			let groups
			try {
				groups = await regionGroups(culture)
			} catch (error) {
				return upstreamFailure('regionLanguage', parseWithZod(formData, { schema: RegionChoiceSchema }), error)
			}
			const submission = parseWithZod(formData, { schema: regionLanguageSchema(groups) })
			if (submission.status !== 'success') return invalidForm(submission)
			const chosen = submission.value.cultureCode
			if (!isSupportedCulture(chosen)) return invalidForm(submission)
			const credentials = await requireCredentials(context, request)
			try {
				await updateUser(credentials.accessToken, credentials.userId, { cultureCode: chosen })
			} catch (error) {
				return upstreamFailure('regionLanguage', submission, error)
			}
			// The next page is in the new language: a whole document, as the browser holds one catalogue.
			context.get(sessionContext).flash('toast', { type: 'success', message: 'toast.updated' })
			return redirectDocument(TAB_URL, { headers: { 'Set-Cookie': await cultureCookie.serialize(chosen) } })
		}
		case 'clearCache': {
			const { userId } = await requireCredentials(context, request)
			// What the portal keeps for this user: their record (also dropped after any post, see
			// me.server.ts), and the product info and survey definitions of their culture (shared by its
			// users, fetched again on the next view). Master lists stay: they keep the portal up through an
			// upstream outage.
			await Promise.all([forgetMe(userId), clearProductInfo(culture), clearSurveyCache(culture)])
			return redirectWithToast(
				context,
				TAB_URL,
				{ type: 'success', message: 'toast.cacheCleared' },
				{ headers: { 'Clear-Site-Data': '"cache"' } },
			)
		}
		default:
			throw data(null, { status: 400 })
	}
}
