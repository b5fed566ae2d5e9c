import { describe, expect, it } from 'vitest'
import { previewHostProblem } from './preview-hosts.server.ts'

describe('the preview host suffixes that may be configured (ADR 0032)', () => {
	it.each([
		'shop-preview.vercel.app',
		'myshop.netlify.app',
		'previews.shop.example',
		'shop.example.co.uk',
		'.myshop.vercel.app',
	])('admits %s, a host of its own', (suffix) => expect(previewHostProblem(suffix)).toBeNull())

	it.each([
		['a hosting platform’s public suffix', 'vercel.app'],
		['another one, in any case', 'Netlify.App'],
		['one with a leading dot', '.vercel.app'],
		['a country’s second level', 'co.uk'],
		['a top-level domain', 'app'],
		['an address', '192.0.2.1'],
	])('refuses %s (%s)', (_, suffix) => expect(previewHostProblem(suffix)).not.toBeNull())

	it('says why', () => {
		expect(previewHostProblem('vercel.app')).toBe(
			'"vercel.app" is a public suffix: anyone can have a host under it; name the shop\'s own preview host (such as myshop.vercel.app)',
		)
	})
})
