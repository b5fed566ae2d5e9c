import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { SignJWT, UnsecuredJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { checkShopReply, handoffState, shopKeyFor, type ExpectedReply, type ShopKey } from './shop-reply.server.ts'

const SHOP = 'https://shop.example'
const PORTAL = 'https://owners.example'
const USER = 'user-0001'
const SECRET = 'session-secret-of-enough-length'
const NOW = new Date('2026-12-01T10:00:00Z')
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

const shopPair = generateKeyPairSync('ed25519')
const otherPair = generateKeyPairSync('ed25519')
const ecPair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })

const keys: ShopKey[] = [
	{ shop: SHOP, key: shopPair.publicKey, algorithms: ['EdDSA', 'Ed25519'] },
	{ shop: 'shop-preview.vercel.app', key: ecPair.publicKey, algorithms: ['ES256'] },
]

const expected = (overrides: Partial<ExpectedReply> = {}): ExpectedReply => ({
	shopOrigin: SHOP,
	portalOrigin: PORTAL,
	userId: USER,
	keys,
	stateSecrets: [SECRET],
	now: NOW,
	...overrides,
})

interface Reply {
	claims?: Record<string, unknown>
	issuer?: string
	audience?: string
	subject?: string
	issuedAt?: number
	expiresAt?: number
	key?: KeyObject
	alg?: string
}

/** A reply as a shop signs it, with this handoff's state as its nonce unless told otherwise. */
async function reply(options: Reply = {}): Promise<string> {
	const issuedAt = options.issuedAt ?? seconds(NOW) - 2
	const nonce = await handoffState(USER, SHOP, SECRET, new Date(NOW.getTime() - 5000))
	return new SignJWT({ shopifyId: '7012345678901', nonce, ...options.claims })
		.setProtectedHeader({ alg: options.alg ?? 'EdDSA' })
		.setIssuer(options.issuer ?? SHOP)
		.setAudience(options.audience ?? PORTAL)
		.setSubject(options.subject ?? USER)
		.setIssuedAt(issuedAt)
		.setExpirationTime(options.expiresAt ?? issuedAt + 120)
		.sign(options.key ?? shopPair.privateKey)
}

describe('a shop’s reply to the handoff (ADR 0032)', () => {
	it('counts when the shop signed it for this user, this portal and this handoff', async () => {
		expect(await checkShopReply(await reply(), expected())).toEqual({ signed: true, shopifyId: '7012345678901' })
	})

	it('counts from the shop’s www. origin and from a preview deployment with its own key', async () => {
		const www = 'https://www.shop.example'
		const fromWww = await new SignJWT({ shopifyId: '42', nonce: await handoffState(USER, www, SECRET, NOW) })
			.setProtectedHeader({ alg: 'EdDSA' })
			.setIssuer(www)
			.setAudience(PORTAL)
			.setSubject(USER)
			.setIssuedAt(seconds(NOW))
			.setExpirationTime(seconds(NOW) + 60)
			.sign(shopPair.privateKey)
		expect(await checkShopReply(fromWww, expected({ shopOrigin: www }))).toEqual({ signed: true, shopifyId: '42' })
		const preview = 'https://pr-7.shop-preview.vercel.app'
		const fromPreview = await new SignJWT({ shopifyId: '43', nonce: await handoffState(USER, preview, SECRET, NOW) })
			.setProtectedHeader({ alg: 'ES256' })
			.setIssuer(preview)
			.setAudience(PORTAL)
			.setSubject(USER)
			.setIssuedAt(seconds(NOW))
			.setExpirationTime(seconds(NOW) + 60)
			.sign(ecPair.privateKey)
		expect(await checkShopReply(fromPreview, expected({ shopOrigin: preview }))).toEqual({
			signed: true,
			shopifyId: '43',
		})
	})

	it('counts with a state signed by an older session secret still accepted (rotation)', async () => {
		expect(
			await checkShopReply(await reply(), expected({ stateSecrets: ['a-newer-secret-of-length', SECRET] })),
		).toEqual({ signed: true, shopifyId: '7012345678901' })
	})

	it.each<[string, () => Promise<string | undefined>, Partial<ExpectedReply>, string]>([
		['no signature at all', async () => undefined, {}, 'not signed'],
		['a shop with no key configured', reply, { keys: [] }, 'no key configured for the shop'],
		['a reply signed by another key', () => reply({ key: otherPair.privateKey }), {}, 'bad signature'],
		[
			'an unsigned JWT (alg none)',
			async () =>
				new UnsecuredJWT({ shopifyId: '1' })
					.setIssuer(SHOP)
					.setAudience(PORTAL)
					.setSubject(USER)
					.setIssuedAt(seconds(NOW))
					.setExpirationTime(seconds(NOW) + 60)
					.encode(),
			{},
			'bad signature',
		],
		[
			'a reply MACed with the shop’s public key (HS256)',
			async () => {
				const publicBytes = new Uint8Array(shopPair.publicKey.export({ type: 'spki', format: 'der' }))
				return new SignJWT({ shopifyId: '1', nonce: await handoffState(USER, SHOP, SECRET, NOW) })
					.setProtectedHeader({ alg: 'HS256' })
					.setIssuer(SHOP)
					.setAudience(PORTAL)
					.setSubject(USER)
					.setIssuedAt(seconds(NOW))
					.setExpirationTime(seconds(NOW) + 60)
					.sign(publicBytes)
			},
			{},
			'bad signature',
		],
		['a forged signature', async () => (await reply()).replace(/\.[^.]+$/, '.AAAA'), {}, 'bad signature'],
		['an expired reply', () => reply({ issuedAt: seconds(NOW) - 240, expiresAt: seconds(NOW) - 60 }), {}, 'expired'],
		[
			'a reply older than five minutes that claims to hold longer',
			() => reply({ issuedAt: seconds(NOW) - 600, expiresAt: seconds(NOW) + 3600 }),
			{},
			'expired',
		],
		['a reply for another user', () => reply({ subject: 'user-0002' }), {}, 'for another user'],
		['a reply for another portal', () => reply({ audience: 'https://evil.example' }), {}, 'for another portal'],
		['a reply naming another shop', () => reply({ issuer: 'https://other.example' }), {}, 'from another shop'],
		['a reply without the handoff’s state', () => reply({ claims: { nonce: undefined } }), {}, 'not for this handoff'],
		[
			'a reply with a state of another user’s handoff',
			async () => reply({ claims: { nonce: await handoffState('user-0002', SHOP, SECRET, NOW) } }),
			{},
			'not for this handoff',
		],
		[
			'a reply with a state for another shop',
			async () => reply({ claims: { nonce: await handoffState(USER, 'https://other.example', SECRET, NOW) } }),
			{},
			'not for this handoff',
		],
		[
			'a reply with a state the portal did not sign',
			async () => reply({ claims: { nonce: await handoffState(USER, SHOP, 'not-the-portals-secret!', NOW) } }),
			{},
			'not for this handoff',
		],
		[
			'a reply with a state older than ten minutes',
			async () =>
				reply({ claims: { nonce: await handoffState(USER, SHOP, SECRET, new Date(NOW.getTime() - 11 * 60_000)) } }),
			{},
			'not for this handoff',
		],
		['a reply with a shop id that is not one', () => reply({ claims: { shopifyId: '<script>' } }), {}, 'malformed'],
		['a reply with no shop id', () => reply({ claims: { shopifyId: undefined } }), {}, 'malformed'],
		['not a JWS', async () => 'not.a.token', {}, 'malformed'],
	])('does not count: %s', async (_, token, overrides, refusal) => {
		expect(await checkShopReply(await token(), expected(overrides))).toEqual({ signed: false, refusal })
	})
})

describe('the key that speaks for a shop', () => {
	it('is the first configured for its origin or preview host, none for any other', () => {
		expect(shopKeyFor(SHOP, keys)).toBe(keys[0])
		expect(shopKeyFor('https://www.shop.example', keys)).toBe(keys[0])
		expect(shopKeyFor('https://pr-1.shop-preview.vercel.app', keys)).toBe(keys[1])
		expect(shopKeyFor('https://attacker.vercel.app', keys)).toBeUndefined()
		expect(shopKeyFor('https://shop.example.evil.example', keys)).toBeUndefined()
		const second = { ...keys[0]!, key: otherPair.publicKey }
		expect(shopKeyFor(SHOP, [keys[0]!, second])).toBe(keys[0])
	})
})
