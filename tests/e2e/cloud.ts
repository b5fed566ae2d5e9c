/**
 * Shared helpers of the cloud journeys: a fresh account made through the emulated account API and
 * signed in to the portal (so journeys that change cloud data never share a member), and the
 * emulated cloud API called as that member (to set up or read back subscriptions).
 */
import type { APIRequestContext } from '@playwright/test'
import type { Subscription } from '../../app/upstream/contract/cloud.ts'
import { activatedAccount, securityHeader, signInToPortal } from './emulator.ts'
import { expect } from './fixtures.ts'

export interface CloudAccount {
	email: string
	password: string
	userId: string
	/** The id token the emulated cloud API takes as `Bearer`. */
	idToken: string
	/** The signed-in browser state (the portal session cookie), for `browser.newContext({ storageState })`. */
	storageState: Awaited<ReturnType<APIRequestContext['storageState']>>
}

/**
 * A new, activated US account with no cloud history, signed in to the portal. Pass a fresh
 * request context (`playwright.request.newContext()` or the test's `request`): its cookies become
 * the account's session.
 */
export async function makeCloudAccount(request: APIRequestContext, prefix = 'cloud'): Promise<CloudAccount> {
	const { email, password } = await activatedAccount(request, { prefix, firstName: 'Casey', lastName: 'Cloud' })
	const tokens = await request.post('/_emulator/account/signin', {
		headers: await securityHeader(request),
		data: { email, password },
	})
	expect(tokens.ok(), await tokens.text()).toBe(true)
	const body = (await tokens.json()) as { IdToken?: string; idToken?: string }
	const idToken = body.IdToken ?? body.idToken ?? ''
	expect(idToken).not.toBe('')
	const userId = (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub

	await signInToPortal(request, email, password)
	return { email, password, userId, idToken, storageState: await request.storageState() }
}

/** Calls the emulated cloud API as the account (path under `/_emulator/cloud/`, e.g. `api/service`). */
export async function cloudApi(
	request: APIRequestContext,
	account: Pick<CloudAccount, 'idToken'>,
	path: string,
	data?: unknown,
): Promise<unknown> {
	const url = `/_emulator/cloud/${path}`
	const headers = { Authorization: `Bearer ${account.idToken}` }
	const response = data === undefined ? await request.get(url, { headers }) : await request.post(url, { headers, data })
	expect(response.ok(), `${path}: ${await response.text()}`).toBe(true)
	return response.json()
}

/** The account's subscriptions as the cloud API holds them, newest first. */
export async function subscriptionsOf(
	request: APIRequestContext,
	account: Pick<CloudAccount, 'idToken'>,
): Promise<Subscription[]> {
	return (await cloudApi(request, account, 'api/account-details/user-subscriptions')) as Subscription[]
}

/** Starts the 30-day free trial of the top tier for the account straight through the cloud API. */
export async function startTrialThroughApi(
	request: APIRequestContext,
	account: Pick<CloudAccount, 'idToken'>,
): Promise<Subscription> {
	return (await cloudApi(request, account, 'api/service', {
		action: 'post-subscription',
		type: 2,
		planIds: ['ultimate-monthly'],
	})) as Subscription
}

/**
 * Buys a plan straight through the cloud API (validate, then post-subscription with the token, as
 * the processor's checkout would have the portal do), for journeys that start from a paid member.
 */
export async function subscribeThroughApi(
	request: APIRequestContext,
	account: Pick<CloudAccount, 'idToken' | 'email'>,
	planId = 'pro-monthly',
): Promise<Subscription> {
	const checkout = (await cloudApi(request, account, 'api/token/5/validate', {
		ProductIds: [],
		OfferId: null,
		Email: account.email,
		PlanIds: [planId],
	})) as { token: string }
	const pay = await request.post(`/_emulator/cloud/processors/checkout/${checkout.token}`, {
		form: { decision: 'pay' },
		maxRedirects: 0,
	})
	expect(pay.status(), await pay.text()).toBeLessThan(400)
	return (await cloudApi(request, account, 'api/service', {
		action: 'post-subscription',
		type: 1,
		planIds: [planId],
		token: checkout.token,
	})) as Subscription
}
