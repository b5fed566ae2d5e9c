/**
 * Helpers of the survey journeys: a registered product made through the emulated account API with
 * the account's own credentials (as a brand's app would), and the calls the API received.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { SignJWT } from 'jose'
import { EMULATOR_SECURITY_SECRET } from '../../app/env.server.ts'
import type { RegisteredProduct } from '../../app/upstream/contract/account-gear.ts'
import {
	SECURITY_TOKEN_AUDIENCE,
	SECURITY_TOKEN_HEADER,
	SECURITY_TOKEN_SECONDS,
} from '../../app/upstream/contract/security-token.ts'
import { expect } from './fixtures.ts'

export interface ApiUser {
	accessToken: string
	userId: string
}

/** Signs in at the emulated account API: `POST signin` with the signed header over its server time. */
export async function apiSignIn(request: APIRequestContext, email: string, password: string): Promise<ApiUser> {
	const time = await request.get('/_emulator/account/serverTime')
	expect(time.ok()).toBe(true)
	const iat = Math.floor(Date.parse(((await time.json()) as { serverTime: string }).serverTime) / 1000)
	const header = await new SignJWT({})
		.setProtectedHeader({ alg: 'HS256' })
		.setAudience(SECURITY_TOKEN_AUDIENCE)
		.setIssuedAt(iat)
		.setExpirationTime(iat + SECURITY_TOKEN_SECONDS)
		.sign(new TextEncoder().encode(EMULATOR_SECURITY_SECRET))
	const signin = await request.post('/_emulator/account/signin', {
		headers: { [SECURITY_TOKEN_HEADER]: header },
		data: { email, password },
	})
	expect(signin.ok(), await signin.text()).toBe(true)
	const { accessToken } = (await signin.json()) as { accessToken: string }
	const me = await request.get('/_emulator/account/me', { headers: { Authorization: accessToken } })
	expect(me.ok()).toBe(true)
	return { accessToken, userId: ((await me.json()) as { id: string }).id }
}

/** A product the user registered (done at once: these catalogue products have no registration delay). */
export async function registerProduct(
	request: APIRequestContext,
	user: ApiUser,
	slug = 'fp-30x',
): Promise<RegisteredProduct> {
	const serialCode = `S${Math.floor(Math.random() * 1e6)
		.toString()
		.padStart(6, '0')}`
	const response = await request.post(`/_emulator/account/users/${user.userId}/registeredProducts`, {
		headers: { Authorization: user.accessToken },
		data: { product: { slug }, serialCode, purchaseDate: '2026-01-05', purchaseMethod: '1', purchaseDealer: null },
	})
	expect(response.status(), await response.text()).toBe(201)
	const product = (await response.json()) as RegisteredProduct
	expect(product.status).toBe('completed')
	return product
}

/** The user's registered products as the account API lists them. */
export async function registeredProducts(request: APIRequestContext, user: ApiUser): Promise<RegisteredProduct[]> {
	const response = await request.get(`/_emulator/account/users/${user.userId}/registeredProducts`, {
		headers: { Authorization: user.accessToken },
	})
	expect(response.ok()).toBe(true)
	return (await response.json()) as RegisteredProduct[]
}

export interface ReceivedCall {
	method: string
	path: string
	body: unknown
	status: number
}

/** The questionnaire calls the account API answered for this account, oldest first. */
export async function questionnaireCalls(request: APIRequestContext, email: string): Promise<ReceivedCall[]> {
	const response = await request.get(`/_emulator/requests.json?email=${encodeURIComponent(email)}`)
	expect(response.ok()).toBe(true)
	return ((await response.json()) as ReceivedCall[]).filter(
		(call) => call.method === 'POST' && call.path.includes('/questionnaires/'),
	)
}

/** A survey's card on the Questionnaire screen, by its title. */
export function surveyCard(page: Page, title: string) {
	return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, level: 3 }) })
}
