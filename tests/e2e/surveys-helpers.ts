/**
 * Helpers of the survey journeys: a registered product made through the emulated account API with
 * the account's own credentials (as a brand's app would), and the calls the API received.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import type { RegisteredProduct } from '../../app/upstream/contract/account-gear.ts'
import { callsWithTokensOf, type ApiSession, type ReceivedCall } from './emulator.ts'
import { expect } from './fixtures.ts'
import { registerProducts } from './gear.ts'

export { accountApiSession as apiSignIn } from './emulator.ts'

/** A product the user registered (done at once: these catalogue products have no registration delay). */
export async function registerProduct(
	request: APIRequestContext,
	user: ApiSession,
	slug = 'fp-30x',
): Promise<RegisteredProduct> {
	const serialCode = `S${Math.floor(Math.random() * 1e6)
		.toString()
		.padStart(6, '0')}`
	const [product] = await registerProducts(request, user, [
		{ slug, serialCode, purchaseDate: '2026-01-05', purchaseMethod: '1', purchaseDealer: null },
	])
	expect(product?.status).toBe('completed')
	return product!
}

/** The user's registered products as the account API lists them. */
export async function registeredProducts(request: APIRequestContext, user: ApiSession): Promise<RegisteredProduct[]> {
	const response = await request.get(`/_emulator/account/users/${user.userId}/registeredProducts`, {
		headers: { Authorization: user.accessToken },
	})
	expect(response.ok()).toBe(true)
	return (await response.json()) as RegisteredProduct[]
}

/** The questionnaire calls the account API answered for this account, oldest first. */
export async function questionnaireCalls(request: APIRequestContext, email: string): Promise<ReceivedCall[]> {
	return (await callsWithTokensOf(request, email)).filter(
		(call) => call.method === 'POST' && call.path.includes('/questionnaires/'),
	)
}

/** A survey's card on the Questionnaire screen, by its title. */
export function surveyCard(page: Page, title: string) {
	return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, level: 3 }) })
}
