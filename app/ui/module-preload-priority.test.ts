import { describe, expect, test } from 'vitest'
import { scriptsAfterContent } from './module-preload-priority.ts'

describe('scriptsAfterContent', () => {
	test("the head's module preloads are fetched at low priority, the body is left as it was", () => {
		const page =
			'<!DOCTYPE html><html><head><title>Connexion · ログイン</title>' +
			'<link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="modulepreload" href="/assets/b.js"/>' +
			'</head><body><p>&lt;link rel="modulepreload"&gt;</p><link rel="modulepreload" href="/x.js"/></body></html>'
		const html = scriptsAfterContent(Buffer.from(page)).toString('utf8')
		expect(html).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/a.js" nonce="n"/>')
		expect(html).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>')
		expect(html).toContain('<title>Connexion · ログイン</title>')
		expect(html).toContain(
			'</head><body><p>&lt;link rel="modulepreload"&gt;</p><link rel="modulepreload" href="/x.js"/>',
		)
	})

	test('a page without preloads or without a head is the same buffer', () => {
		for (const page of ['<html><head><title>t</title></head><body></body></html>', 'no head at all']) {
			const html = Buffer.from(page)
			expect(scriptsAfterContent(html)).toBe(html)
		}
	})
})
