/**
 * A signed-in user can post anything to `/shop-handoff` as the shop's reply: the shop account id is
 * saved only from a reply the shop signed, for this user, this portal and this handoff, fresh (ADR
 * 0032). A forged reply still lets the user go on to the shop (200), saves nothing and is logged by
 * its reason alone. The shop the emulator plays signs with the key the portal trusts on the emulator.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { generateKeyPairSync } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { SignJWT } from 'jose'
import { signedShopReply } from '../../server/emulator/shop/index.ts'
import { makeCloudAccount, type CloudAccount } from './cloud.ts'
import { expect, htmlOf, test } from './fixtures.ts'
import { emulatedShopReply, savedShopId, SHOP } from './shop.ts'

const HANDOFF = `/shop-handoff?target=${encodeURIComponent(`${SHOP}/account`)}`

/** The state the portal issues for this user's handoff, read from the page as the script reads it. */
async function handoffState(request: APIRequestContext): Promise<string> {
	const page = await request.get(HANDOFF)
	expect(page.status()).toBe(200)
	// None is no state: the replies bound to it are then refused, which the shop's own reply shows.
	return /data-state="([\w.-]+)"/.exec(await htmlOf(page))?.[1] ?? ''
}

/** Posts a reply to the handoff's action as the page's script does; its status says ready (200) or not. */
async function postReply(request: APIRequestContext, portal: string, reply: { shopifyId?: string; token?: string }) {
	const response = await request.post(HANDOFF, {
		headers: { Origin: portal },
		form: { origin: SHOP, type: 'tokenVerification', status: 'success', ...reply },
	})
	return response.status()
}

test('a reply the shop did not sign for this user, portal and handoff is not saved', async ({
	playwright,
	baseURL,
	portal,
}) => {
	const portalOrigin = new URL(baseURL!).origin
	const contexts = await Promise.all([0, 1].map(() => playwright.request.newContext({ baseURL })))
	const [asUser, asOther] = contexts as [APIRequestContext, APIRequestContext]
	const user: CloudAccount = await makeCloudAccount(asUser, 'shopforge')
	const other: CloudAccount = await makeCloudAccount(asOther, 'shopother')
	const state = await handoffState(asUser)
	const now = Math.floor(Date.now() / 1000)
	const claims = { shop: SHOP, portal: portalOrigin, userId: user.userId, shopifyId: 'forged-1', nonce: state }

	const strangerKey = generateKeyPairSync('ed25519').privateKey
	const signedByAStranger = await new SignJWT({ shopifyId: 'forged-2', nonce: state })
		.setProtectedHeader({ alg: 'EdDSA' })
		.setIssuer(SHOP)
		.setAudience(portalOrigin)
		.setSubject(user.userId)
		.setIssuedAt(now)
		.setExpirationTime(now + 60)
		.sign(strangerKey)
	const othersReply = await emulatedShopReply(asOther, SHOP, {
		idToken: other.idToken,
		state: await handoffState(asOther),
	})
	const forged: [string, { shopifyId?: string; token?: string }][] = [
		['not signed', { shopifyId: 'forged-0' }],
		['bad signature', { shopifyId: 'forged-2', token: signedByAStranger }],
		['bad signature', { token: `${(await signedShopReply(claims)).split('.').slice(0, 2).join('.')}.AAAA` }],
		['expired', { token: await signedShopReply({ ...claims, issuedAt: now - 600, expiresAt: now - 300 }) }],
		['for another user', { shopifyId: othersReply.shopifyId, token: othersReply.token }],
		['not for this handoff', { token: await signedShopReply({ ...claims, nonce: undefined }) }],
		['for another portal', { token: await signedShopReply({ ...claims, portal: 'https://evil.localhost' }) }],
	]
	for (const [reason, reply] of forged) {
		expect(await postReply(asUser, portalOrigin, reply), reason).toBe(200)
		expect(await savedShopId(asUser, user.email, user.password), reason).toBeNull()
	}

	// The shop's own reply for this user's handoff is saved: the refusals above were the signature's.
	const real = await emulatedShopReply(asUser, SHOP, { idToken: user.idToken, state })
	expect(real.token).toBeTruthy()
	expect(await postReply(asUser, portalOrigin, { shopifyId: real.shopifyId, token: real.token })).toBe(200)
	expect(await savedShopId(asUser, user.email, user.password)).toBe(real.shopifyId)
	// A forged one after it does not replace it.
	await postReply(asUser, portalOrigin, { shopifyId: 'forged-9' })
	expect(await savedShopId(asUser, user.email, user.password)).toBe(real.shopifyId)
	expect(await savedShopId(asOther, other.email, other.password)).toBeNull()

	// The portal's log says why, and names neither the user nor the ids.
	const refusals = () =>
		readFileSync(path.join(portal.dataDir, 'portal.log'), 'utf8')
			.split('\n')
			.filter((line) => line.includes('shop handoff:'))
	const reasons = forged.map(
		([reason]) => `shop handoff: a reply from ${SHOP} is ${reason}: the shop account id is not saved`,
	)
	await expect.poll(() => reasons.filter((wanted) => !refusals().some((line) => line.includes(wanted)))).toEqual([])
	for (const personal of [user.userId, user.email, 'forged-0', real.shopifyId!])
		expect(refusals().join('\n')).not.toContain(personal)
	await Promise.all(contexts.map((context) => context.dispose()))
})
