/**
 * The interests workflow, shared by the settings tab and sign-up's product-interest step: the master
 * list in the user's culture beside what the user holds, and saving only the changes (creates and
 * deletes, one call each).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import type { RouterContextProvider } from 'react-router'
import { hasInterestChanges, interestChanges, interestsSchema } from '#app/domain/interests.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { invalidForm, orUpstreamUnavailable, redirectWithToast, upstreamFailure } from '#app/responses.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { createInterest, deleteInterest, getInterests } from '#app/upstream/account-identity.server.ts'
import { getMasterData } from '#app/upstream/master-data.server.ts'
import { submittedForm } from '#app/forms/form-body.server.ts'

export interface InterestOption {
	id: string
	label: string
}

/** The interests master list in the user's culture, in its own order. */
async function interestOptions(culture: string): Promise<InterestOption[]> {
	const items = await getMasterData('interests', culture)
	return items
		.map((item, index) => ({ item, index }))
		.sort((a, b) => (a.item.sortOrder ?? a.index) - (b.item.sortOrder ?? b.index))
		.map(({ item }) => ({ id: item.id, label: item.label }))
}

type Args = { context: Readonly<RouterContextProvider>; request: Request }

/** The interests form's data: every interest of the master list, and the master ids the user holds. */
export async function loadInterestsTab({ context, request }: Args) {
	const { culture } = context.get(preferencesContext)
	const credentials = await requireCredentials(context, request)
	const [interests, held] = await orUpstreamUnavailable(
		Promise.all([
			interestOptions(culture),
			getInterests(credentials.accessToken, credentials.userId, { signal: request.signal }),
		]),
	)
	return { interests, selected: held.map((userInterest) => userInterest.interest.id) }
}

/**
 * Saves the ticked interests: only the changes, as creates and deletes against what the user holds
 * now. Undefined when saved; else the answer to send (the form again with its 400 or 503).
 */
export async function saveTickedInterests({ context, request }: Args, form: FormData) {
	const credentials = await requireCredentials(context, request)
	const { culture } = context.get(preferencesContext)
	let master: InterestOption[]
	let held: Awaited<ReturnType<typeof getInterests>>
	try {
		;[master, held] = await Promise.all([
			interestOptions(culture),
			getInterests(credentials.accessToken, credentials.userId, { signal: request.signal }),
		])
	} catch (error) {
		return upstreamFailure('interests', parseWithZod(form, { schema: interestsSchema() }), error)
	}
	const submission = parseWithZod(form, { schema: interestsSchema(master.map((interest) => interest.id)) })
	if (submission.status !== 'success') return invalidForm(submission)
	const changes = interestChanges(held, submission.value.interests)
	if (!hasInterestChanges(changes)) return undefined
	try {
		for (const userInterestId of changes.delete)
			await deleteInterest(credentials.accessToken, credentials.userId, userInterestId, { signal: request.signal })
		for (const interestId of changes.create)
			await createInterest(credentials.accessToken, credentials.userId, interestId, { signal: request.signal })
	} catch (error) {
		return upstreamFailure('interests', submission, error)
	}
	return undefined
}

/** The interests tab's form: saved, then the tab again with the 'updated' toast. */
export async function saveInterests(args: Args) {
	const failed = await saveTickedInterests(args, submittedForm(args.context))
	return failed ?? redirectWithToast(args.context, '/settings/interests', { type: 'success', message: 'toast.updated' })
}
