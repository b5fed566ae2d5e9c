import { describe, expect, it } from 'vitest'
import { shopConnectSources, shopTarget, verificationOf } from './shop-handoff.ts'

const rules = {
	shops: ['https://shop.example', 'https://www.drums.example'],
	previewHosts: ['shop-preview.vercel.app'],
}

describe('shopTarget', () => {
	it('admits an address on a shop origin, with or without www', () => {
		expect(shopTarget('https://shop.example/account?x=1', rules)?.href).toBe('https://shop.example/account?x=1')
		expect(shopTarget('https://www.shop.example/', rules)?.origin).toBe('https://www.shop.example')
		expect(shopTarget('https://drums.example/cart', rules)?.origin).toBe('https://drums.example')
		expect(shopTarget('https://pr-1.shop-preview.vercel.app/', rules)?.origin).toBe(
			'https://pr-1.shop-preview.vercel.app',
		)
	})

	it('refuses anything else', () => {
		for (const target of [
			null,
			'',
			'/settings',
			'http://shop.example/',
			'https://shop.example.evil.example/',
			'https://evil.vercel.app/',
			'https://user:pass@shop.example/',
			'javascript:alert(1)',
			'https://shop.example:8443/',
		])
			expect(shopTarget(target, rules)).toBeNull()
	})
})

describe('verificationOf', () => {
	it('a success reply from a shop is ready, with its shopifyId if any', () => {
		const origin = 'https://shop.example'
		expect(verificationOf(origin, { type: 'tokenVerification', status: 'success', shopifyId: 'gid-7' }, rules)).toEqual(
			{ ready: true, shopifyId: 'gid-7' },
		)
		expect(verificationOf(origin, { type: 'tokenVerification', status: 'success', shopifyId: 42 }, rules)).toEqual({
			ready: true,
			shopifyId: '42',
		})
		expect(verificationOf(origin, { type: 'tokenVerification', status: 'success' }, rules)).toEqual({
			ready: true,
			shopifyId: null,
		})
	})

	it('any other reply, or one from another origin, clears readiness', () => {
		const success = { type: 'tokenVerification', status: 'success', shopifyId: 'gid-7' }
		expect(verificationOf('https://evil.example', success, rules)).toEqual({ ready: false })
		expect(verificationOf('https://shop.example.evil.example', success, rules)).toEqual({ ready: false })
		expect(verificationOf('https://shop.example', { ...success, status: 'failed' }, rules)).toEqual({ ready: false })
		expect(verificationOf('https://shop.example', { ...success, type: 'other' }, rules)).toEqual({ ready: false })
		expect(verificationOf('https://shop.example', { ...success, shopifyId: '<script>' }, rules)).toEqual({
			ready: false,
		})
		expect(verificationOf('https://shop.example', 'success', rules)).toEqual({ ready: false })
	})
})

describe('shopConnectSources', () => {
	it('names each shop with and without www, and the preview suffixes', () => {
		expect(shopConnectSources(rules)).toEqual([
			'https://shop.example',
			'https://www.shop.example',
			'https://drums.example',
			'https://www.drums.example',
			'https://shop-preview.vercel.app',
			'https://*.shop-preview.vercel.app',
		])
	})
})
