/**
 * Helpers of the gear journeys: an account's registered products made through the emulated account
 * API itself (signed in with the account's own email and password, as an app of the brand would),
 * and what the API received.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { SignJWT } from 'jose'
import { EMULATOR_SECURITY_SECRET } from '../../app/env.server.ts'
import {
	SECURITY_TOKEN_AUDIENCE,
	SECURITY_TOKEN_HEADER,
	SECURITY_TOKEN_SECONDS,
} from '../../app/upstream/contract/security-token.ts'
import type { RegisteredProduct } from '../../app/upstream/contract/account-gear.ts'
import { expect } from './fixtures.ts'

export interface ApiSession {
	accessToken: string
	userId: string
}

/** Signs in at the emulated account API (`POST signin` with the signed header of spec 2 §7). */
export async function accountApiSession(
	request: APIRequestContext,
	email: string,
	password: string,
): Promise<ApiSession> {
	const time = await request.get('/_emulator/account/serverTime')
	expect(time.ok()).toBe(true)
	const iat = Math.floor(new Date(((await time.json()) as { serverTime: string }).serverTime).getTime() / 1000)
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

export interface ReceivedCall {
	method: string
	path: string
	body: unknown
	status: number
}

/** The calls the emulated upstreams answered with this account's tokens, oldest first. */
export async function callsWithTokensOf(request: APIRequestContext, email: string): Promise<ReceivedCall[]> {
	const response = await request.get(`/_emulator/requests.json?email=${encodeURIComponent(email)}`)
	expect(response.ok()).toBe(true)
	return (await response.json()) as ReceivedCall[]
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
		.getByRole('region', { name: /^(My Gear|マイギア)$/ })
		.getByRole('article')
		.getByRole('heading', { level: 3 })
}

/** A product's card on the gear list. */
export function gearCard(page: Page, name: string) {
	return page.getByRole('article', { name })
}
