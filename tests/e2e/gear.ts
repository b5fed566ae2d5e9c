/**
 * Helpers of the gear journeys: an account's registered products made through the emulated account
 * API itself (signed in with the account's own email and password, as an app of the brand would),
 * and what the API received.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import type { RegisteredProduct } from '../../app/upstream/contract/account-gear.ts'
import { callsWithTokensOf, type ApiSession } from './emulator.ts'
import { expect } from './fixtures.ts'

export { accountApiSession, type ApiSession } from './emulator.ts'

export interface Registration {
	slug: string
	serialCode: string
	purchaseDate?: string | null
	purchaseMethod?: string | null
	purchaseDealer?: string | null
}

/** Registers products for the account, one after another (so they are listed in this order when registered). */
export async function registerProducts(
	request: APIRequestContext,
	session: ApiSession,
	registrations: readonly Registration[],
): Promise<RegisteredProduct[]> {
	const created: RegisteredProduct[] = []
	for (const { slug, ...rest } of registrations) {
		const response = await request.post(`/_emulator/account/users/${session.userId}/registeredProducts`, {
			headers: { Authorization: session.accessToken },
			data: { product: { slug }, ...rest },
		})
		expect(response.status(), await response.text()).toBe(201)
		created.push((await response.json()) as RegisteredProduct)
	}
	return created
}

/** The calls about the account's registered products that changed something (PUT, DELETE…), oldest first. */
export async function registrationChanges(request: APIRequestContext, email: string) {
	return (await callsWithTokensOf(request, email)).filter(
		(call) => call.method !== 'GET' && /\/account\/users\/[^/]+\/registeredProducts\//.test(call.path),
	)
}

/** The names of the products on the gear list's page, in the order shown. */
export function listedNames(page: Page) {
	return page
		.getByRole('region', { name: /^(Your registered products|登録済みの製品)$/ })
		.getByRole('article')
		.getByRole('heading', { level: 3 })
}

/** A product's card on the gear list. */
export function gearCard(page: Page, name: string) {
	return page.getByRole('article', { name })
}
