/**
 * The entitlement key screen's server side: registering at the notification hub and telling its
 * answer (app/domain/cloud-entitlement-key.ts decides the outcome), the hardware product checked
 * against the hardware list, and the page's remembered `redirect` (spec 1 §2).
 */
import type { Submission } from '@conform-to/zod/v4'
import { data } from 'react-router'
import {
	keyRegistrationOutcome,
	type EntitlementKeyTab,
	type KeyRegistrationReceipt,
	type KeyRegistrationRefusal,
} from '#app/domain/cloud-entitlement-key.ts'
import { allowedRedirectTarget, REDIRECT_PARAM } from '#app/domain/redirect.ts'
import { getEnv } from '#app/env.server.ts'
import { SECRET_FIELDS } from '#app/responses.server.ts'
import { hardwareProducts } from '#app/upstream/cloud-lists.server.ts'
import type { CatalogueKey } from '#app/ui/i18n.tsx'
import { registerKey } from '#app/upstream/cloud.server.ts'
import { isUpstreamError, messageFromBody } from '#app/upstream/errors.ts'

/** A refusal's message on each tab (spec 2 §8 gives no wording: ours; a serial number is not a key). */
const REFUSAL_MESSAGES = {
	key: {
		notFound: 'cloudKey.key.outcomes.notFound',
		alreadyRegistered: 'cloudKey.key.outcomes.alreadyRegistered',
		unableToRegister: 'cloudKey.key.outcomes.unableToRegister',
		invalidKey: 'cloudKey.key.outcomes.invalidKey',
	},
	serial_number: {
		notFound: 'cloudKey.serial_number.outcomes.notFound',
		alreadyRegistered: 'cloudKey.serial_number.outcomes.alreadyRegistered',
		unableToRegister: 'cloudKey.serial_number.outcomes.unableToRegister',
		invalidKey: 'cloudKey.serial_number.outcomes.invalidKey',
	},
} as const satisfies Record<EntitlementKeyTab, Record<KeyRegistrationRefusal, CatalogueKey>>

export function refusalMessage(tab: EntitlementKeyTab, refusal: KeyRegistrationRefusal): CatalogueKey {
	return REFUSAL_MESSAGES[tab][refusal]
}

function refuse(
	submission: Submission<unknown>,
	tab: EntitlementKeyTab,
	status: number,
	errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
	outcome: KeyRegistrationRefusal | 'unavailable' | 'invalid' | 'attemptLimit',
) {
	return {
		kind: 'refused' as const,
		/** A key or serial the account API said no to: a guess that counts (ADR 0009). */
		wrongGuess: outcome !== 'unavailable' && outcome !== 'invalid' && outcome !== 'attemptLimit',
		response: data({ result: submission.reply({ ...errors, hideFields: SECRET_FIELDS }), tab, outcome }, { status }),
	}
}

type Refused = ReturnType<typeof refuse>
type Registered = { kind: 'registered'; receipt: Omit<KeyRegistrationReceipt, 'continueTo'> }

/**
 * Registers the key or serial with the chosen hardware product. A refusal answers the form again
 * (400) with the outcome's message; a hub that could not be asked answers 503 ('Please try again
 * in a moment.'), the form as typed so it can be sent again.
 */
export async function registerOrRefuse(args: {
	idToken: string
	tab: EntitlementKeyTab
	key: string
	productCode: string
	submission: Submission<unknown>
	signal: AbortSignal
}): Promise<Refused | Registered> {
	const { tab, submission } = args
	let hardwareName: string
	try {
		const hardware = (await hardwareProducts()).find((h) => h.productCode === args.productCode)
		if (!hardware)
			return refuse(
				submission,
				tab,
				400,
				{ fieldErrors: { productCode: ['cloudKey.errors.hardwareProductRequired'] } },
				'invalid',
			)
		hardwareName = hardware.name
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled) throw error
		return refuse(submission, tab, 503, { formErrors: ['toast.tryAgain'] }, 'unavailable')
	}

	try {
		const done = await registerKey(
			args.idToken,
			{ key: args.key, productCode: args.productCode },
			{ signal: args.signal },
		)
		const outcome = keyRegistrationOutcome({ status: 200, message: done.message })
		if (outcome === 'unavailable') return refuse(submission, tab, 503, { formErrors: ['toast.tryAgain'] }, outcome)
		if (outcome !== 'success')
			return refuse(submission, tab, 400, { formErrors: [refusalMessage(tab, outcome)] }, outcome)
		return {
			kind: 'registered',
			receipt: {
				tab,
				registered: done.key,
				hardwareName,
				productNames: [...new Set(done.products.map((p) => p.name))],
			},
		}
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled) throw error
		// A 2xx the contract refused (not RCM-STATUS-DONE) is an answer that registered nothing.
		const outcome = keyRegistrationOutcome(
			error.kind === 'status'
				? { status: error.status, message: messageFromBody(error.body) }
				: { status: error.kind === 'malformed' ? 200 : undefined, message: undefined },
		)
		if (outcome === 'unavailable') return refuse(submission, tab, 503, { formErrors: ['toast.tryAgain'] }, outcome)
		if (outcome === 'success') throw error
		return refuse(submission, tab, 400, { formErrors: [refusalMessage(tab, outcome)] }, outcome)
	}
}

/** Too many wrong keys or serials from this account or address: spec 1 §8's attempt-limit message, the form kept. */
export function refusedByLimit(submission: Submission<unknown>, tab: EntitlementKeyTab): Refused {
	return refuse(submission, tab, 429, { formErrors: ['errors.attemptLimit'] }, 'attemptLimit')
}

/** The page's `redirect` query, if its origin is allowed: where the user goes on after success. */
export function continueTarget(url: URL): string | null {
	const target = url.searchParams.get('redirect')
	const env = getEnv()
	return allowedRedirectTarget(target, env.PORTAL_URL, env.ALLOWED_REDIRECT_ORIGINS)
}

/** Where a visitor logs in or creates an account and comes back to this page, `redirect` kept. */
export function accountLinks(url: URL): { logIn: string; signUp: string } {
	const back = new URLSearchParams({ [REDIRECT_PARAM]: url.pathname + url.search })
	return { logIn: `/login?${back}`, signUp: `/signup?${back}` }
}
