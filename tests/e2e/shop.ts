/** Helpers of the shops' handoff tests (ADR 0028, 0032). */
import type { APIRequestContext } from '@playwright/test'
import { accountApiSession } from './emulator.ts'
import { expect } from './fixtures.ts'

/** The suite's allowed shop (SHOP_ORIGINS in tests/e2e/worker-portal.ts). */
export const SHOP = 'https://shop.localhost'

/** The shop account id the emulated account API keeps for this user, or null. */
export async function savedShopId(request: APIRequestContext, email: string, password: string): Promise<string | null> {
	const { accessToken } = await accountApiSession(request, email, password)
	const answer = await request.get('/_emulator/account/externalUserId/services/shopify', {
		headers: { Authorization: accessToken },
	})
	if (answer.status() === 404) return null
	expect(answer.ok(), await answer.text()).toBe(true)
	return ((await answer.json()) as { id: string }).id
}

/** What the shop the emulator plays answers to the worker's token message, as `shop`. */
export async function emulatedShopReply(
	request: APIRequestContext,
	shop: string,
	message: { idToken: string; state?: string },
): Promise<{ type: string; status: string; shopifyId?: string; token?: string }> {
	const response = await request.post(
		`/_emulator/shop/owners-portal/token-verification?as=${encodeURIComponent(shop)}`,
		{
			headers: { 'Content-Type': 'text/plain' },
			data: JSON.stringify({ type: 'cognitoToken', event: 'shopHandoff', ...message }),
		},
	)
	expect(response.ok(), await response.text()).toBe(true)
	return response.json()
}
