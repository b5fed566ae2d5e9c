import { describe, expect, it } from 'vitest'
import { isShopOrigin } from './shop-origins.ts'

const rules = {
	shops: ['https://shop.example', 'https://www.drums.example', 'https://fx.example', 'https://pro.example'],
	previewHosts: ['shop-preview.vercel.app'],
}

describe('the shops’ origins (spec 2 §5)', () => {
	it.each([
		'https://shop.example',
		'https://www.shop.example',
		'https://drums.example',
		'https://www.drums.example',
		'https://shop-preview.vercel.app',
		'https://pr-42.shop-preview.vercel.app',
	])('admits %s', (origin) => expect(isShopOrigin(origin, rules)).toBe(true))

	it.each([
		['a shop over http', 'http://shop.example'],
		['another port', 'https://shop.example:8443'],
		['a look-alike ending', 'https://shop.example.evil.example'],
		['a look-alike beginning', 'https://evilshop.example'],
		['a sub-domain of a shop that is not www', 'https://admin.shop.example'],
		['"vercel.app" anywhere in the host', 'https://vercel.app.evil.example'],
		['anyone’s vercel deployment', 'https://attacker.vercel.app'],
		['a suffix without its label boundary', 'https://evilshop-preview.vercel.app'],
		['a path', 'https://shop.example/path'],
		['credentials', 'https://user@shop.example'],
		['an origin not as browsers send it (upper case)', 'https://SHOP.example'],
		['the null origin', 'null'],
		['nothing', ''],
		['not a URL', 'shop.example'],
		['a javascript: URL', 'javascript:alert(1)'],
	])('refuses %s', (_, origin) => expect(isShopOrigin(origin, rules)).toBe(false))

	it('admits no preview host unless one is configured', () => {
		expect(isShopOrigin('https://shop-preview.vercel.app', { ...rules, previewHosts: [] })).toBe(false)
	})
})
