/**
 * The shops' service-worker handoff (spec 2 §3, §4; ADR 0028, 0032). The suite's allowed shop is
 * https://shop.localhost (SHOP_ORIGINS in playwright.config.ts), served by a route, as is a page of
 * another origin; its verification call goes on to the shop the emulator plays, which signs its
 * reply with the key the portal trusts on the emulator. With JavaScript the worker hands the shop the
 * id token and the shop's account id is saved at the emulated account API; a reply from another
 * origin, or a target off the list, saves nothing (forged replies: shop-handoff.http.spec.ts).
 * Without JavaScript the page says the handoff needs it and links to the shop.
 */
import type { APIRequestContext, BrowserContext, Request } from '@playwright/test'
import { makeCloudAccount } from './cloud.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { savedShopId, SHOP } from './shop.ts'

const OTHER = 'https://other.localhost'

/** The shop the emulator plays, as `origin`: it signs its replies (server/emulator/shop). */
const EMULATED_SHOP = Symbol('the emulator’s shop')

/**
 * Serves `origin`'s verification endpoint (answering `reply`, or forwarding to the emulator's shop)
 * and its pages; returns the requests it received and the replies it gave.
 */
async function serveShop(context: BrowserContext, origin: string, portal: string, reply: unknown) {
	const received: Request[] = []
	const replies: Record<string, unknown>[] = []
	await context.route(`${origin}/**`, async (route) => {
		const request = route.request()
		received.push(request)
		if (new URL(request.url()).pathname === '/owners-portal/token-verification') {
			if (reply === EMULATED_SHOP) {
				const response = await route.fetch({
					url: `${portal}/_emulator/shop/owners-portal/token-verification?as=${encodeURIComponent(origin)}`,
				})
				replies.push((await response.json()) as Record<string, unknown>)
				return route.fulfill({ response })
			}
			replies.push(reply as Record<string, unknown>)
			return route.fulfill({
				status: 200,
				headers: { 'Access-Control-Allow-Origin': portal, 'Content-Type': 'application/json' },
				body: JSON.stringify(reply),
			})
		}
		return route.fulfill({
			status: 200,
			contentType: 'text/html',
			body: '<!doctype html><html lang="en"><title>Shop</title><h1>The shop</h1></html>',
		})
	})
	return { received, replies }
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
	const { received, replies } = await serveShop(page.context(), SHOP, new URL(baseURL!).origin, EMULATED_SHOP)
	await page.goto(`/shop-handoff?target=${encodeURIComponent(`${SHOP}/account?from=portal`)}`)
	await expect(page).toHaveURL(`${SHOP}/account?from=portal`)
	await expect(page.getByRole('heading', { name: 'The shop' })).toBeVisible()
	const verification = received.find((r) => r.url() === `${SHOP}/owners-portal/token-verification`)
	expect(verification?.method()).toBe('POST')
	const message = JSON.parse(verification!.postData()!) as { type: string; idToken: string; state: string }
	expect(message.type).toBe('cognitoToken')
	// The signed-in user's id token (the portal's session holds its own, issued to the same user).
	expect(subjectOf(message.idToken)).toBe(account.userId)
	// With the handoff's state, which the shop signs back as its reply's nonce.
	expect(message.state).toMatch(/^eyJ/)
	const [reply] = replies as [{ status: string; shopifyId: string; token: string }]
	expect(reply.status).toBe('success')
	expect(reply.token).toMatch(/^eyJ/)
	expect(await savedShopId(request, account.email, account.password)).toBe(reply.shopifyId)
})

test('a reply the shop did not sign takes the user on to the shop but saves nothing', async ({
	page,
	request,
	baseURL,
	javaScript,
}) => {
	test.skip(!javaScript, 'the handoff needs JavaScript')
	const account = await signedIn(request, page.context())
	await serveShop(page.context(), SHOP, new URL(baseURL!).origin, {
		type: 'tokenVerification',
		status: 'success',
		shopifyId: 'shop-customer-4711',
	})
	await page.goto(`/shop-handoff?target=${encodeURIComponent(`${SHOP}/account`)}`)
	await expect(page).toHaveURL(`${SHOP}/account`)
	expect(await savedShopId(request, account.email, account.password)).toBeNull()
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
	const { received } = await serveShop(page.context(), OTHER, new URL(baseURL!).origin, {
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
