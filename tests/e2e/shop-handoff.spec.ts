/**
 * The shops' service-worker handoff (spec 2 §3, §4; ADR 0028). The suite's allowed shop is
 * https://shop.localhost (SHOP_ORIGINS in playwright.config.ts), served by a route, as is a page of
 * another origin. With JavaScript the worker hands the shop the id token and the shop's account id is
 * saved at the emulated account API; a reply from another origin, or a target off the list, saves
 * nothing. Without JavaScript the page says the handoff needs it and links to the shop.
 */
import type { APIRequestContext, BrowserContext, Request } from '@playwright/test'
import { accountApiSession } from './emulator.ts'
import { makeCloudAccount } from './cloud.ts'
import { expect, expectAccessible, test } from './fixtures.ts'

const SHOP = 'https://shop.localhost'
const OTHER = 'https://other.localhost'

/** The shop account id the emulated account API keeps for this user, or null. */
async function savedShopId(request: APIRequestContext, email: string, password: string): Promise<string | null> {
	const { accessToken } = await accountApiSession(request, email, password)
	const answer = await request.get('/_emulator/account/externalUserId/services/shopify', {
		headers: { Authorization: accessToken },
	})
	if (answer.status() === 404) return null
	expect(answer.ok(), await answer.text()).toBe(true)
	return ((await answer.json()) as { id: string }).id
}

/** Serves `origin`'s verification endpoint (answering `reply`) and its pages; returns what it received. */
async function serveShop(context: BrowserContext, origin: string, portal: string, reply: unknown) {
	const received: Request[] = []
	await context.route(`${origin}/**`, async (route) => {
		const request = route.request()
		received.push(request)
		if (new URL(request.url()).pathname === '/owners-portal/token-verification')
			return route.fulfill({
				status: 200,
				headers: { 'Access-Control-Allow-Origin': portal, 'Content-Type': 'application/json' },
				body: JSON.stringify(reply),
			})
		return route.fulfill({
			status: 200,
			contentType: 'text/html',
			body: '<!doctype html><html lang="en"><title>Shop</title><h1>The shop</h1></html>',
		})
	})
	return received
}

function subjectOf(jwt: string): string {
	return (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub
}

async function signedIn(request: APIRequestContext, context: BrowserContext) {
	const account = await makeCloudAccount(request, 'shop')
	await context.addCookies(account.storageState.cookies)
	return account
}

test('from an allowed shop the handoff saves the shop account id and goes on to the shop', async ({
	page,
	request,
	baseURL,
	javaScript,
}) => {
	test.skip(!javaScript, 'the handoff needs JavaScript; the no-js test below checks the page without it')
	const account = await signedIn(request, page.context())
	const received = await serveShop(page.context(), SHOP, new URL(baseURL!).origin, {
		type: 'tokenVerification',
		status: 'success',
		shopifyId: 'shop-customer-4711',
	})
	await page.goto(`/shop-handoff?target=${encodeURIComponent(`${SHOP}/account?from=portal`)}`)
	await expect(page).toHaveURL(`${SHOP}/account?from=portal`)
	await expect(page.getByRole('heading', { name: 'The shop' })).toBeVisible()
	const verification = received.find((r) => r.url() === `${SHOP}/owners-portal/token-verification`)
	expect(verification?.method()).toBe('POST')
	const message = JSON.parse(verification!.postData()!) as { type: string; idToken: string }
	expect(message.type).toBe('cognitoToken')
	// The signed-in user's id token (the portal's session holds its own, issued to the same user).
	expect(subjectOf(message.idToken)).toBe(account.userId)
	expect(await savedShopId(request, account.email, account.password)).toBe('shop-customer-4711')
})

test('a shop that refuses the token leaves the user on the page and saves nothing', async ({
	page,
	request,
	baseURL,
	javaScript,
}) => {
	test.skip(!javaScript, 'the handoff needs JavaScript')
	const account = await signedIn(request, page.context())
	await serveShop(page.context(), SHOP, new URL(baseURL!).origin, { type: 'tokenVerification', status: 'invalid' })
	await page.goto(`/shop-handoff?target=${encodeURIComponent(`${SHOP}/account`)}`)
	await expect(page.getByRole('alert')).toHaveText(
		'The shop did not accept the sign-in. Go to the shop and sign in there.',
	)
	await expect(page).toHaveURL(/\/shop-handoff\?/)
	expect(await savedShopId(request, account.email, account.password)).toBeNull()
})

test('a page of another origin is ignored: it gets no token and nothing is saved', async ({
	page,
	request,
	baseURL,
	javaScript,
}) => {
	const account = await signedIn(request, page.context())
	const received = await serveShop(page.context(), OTHER, new URL(baseURL!).origin, {
		type: 'tokenVerification',
		status: 'success',
		shopifyId: 'stolen',
	})
	await page.goto(`/shop-handoff?target=${encodeURIComponent(`${OTHER}/account`)}`)
	await expect(page.getByRole('alert')).toHaveText(
		'This address is not one of our shops, so you cannot be signed in to it from here.',
	)
	// No id token on the page: none of the form `header.payload.signature` (JWTs start with eyJ).
	expect(await page.content()).not.toMatch(/eyJ[\w-]+\.eyJ/)
	// Nor anything that could reach a shop: no handoff element and no handoff script.
	await expect(page.locator('#shop-handoff, script[src="/shop-handoff.js"]')).toHaveCount(0)
	expect(received).toEqual([])
	// A reply claimed to come from another origin, sent on to the portal directly, is refused too.
	const forged = await page.request.post(`/shop-handoff?target=${encodeURIComponent(`${SHOP}/account`)}`, {
		headers: { Origin: new URL(baseURL!).origin },
		form: { origin: OTHER, type: 'tokenVerification', status: 'success', shopifyId: 'stolen' },
	})
	expect(forged.status()).toBe(409)
	expect(await savedShopId(request, account.email, account.password)).toBeNull()
	if (javaScript) await expectAccessible(page)
})

test('without JavaScript the page says the handoff needs it and links to the shop', async ({
	page,
	request,
	javaScript,
}) => {
	test.skip(javaScript, 'the page without JavaScript')
	await signedIn(request, page.context())
	await page.goto(`/shop-handoff?target=${encodeURIComponent(`${SHOP}/account`)}`)
	await expect(page.getByText('Continuing to the shop signed in needs JavaScript.', { exact: false })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', `${SHOP}/account`)
})
