/**
 * About and licences as a browser without JavaScript gets the page: the server's HTML, read with the
 * demo customer's session and no browser. The journey through it runs with JavaScript in
 * settings-about.spec.ts.
 */
import { listed, version } from './about.ts'
import { expect, htmlOf, inHtml, test } from './fixtures.ts'

test('About shows the version, the build and every licence the build lists, with its text', async ({
	playwright,
	baseURL,
	demoSessions,
}) => {
	const customer = await playwright.request.newContext({ baseURL, storageState: await demoSessions('customer') })
	const english = await customer.get('/settings/about', { maxRedirects: 0 })
	expect(english.status()).toBe(200)
	const html = await htmlOf(english)
	expect(html).toMatch(/<h1[^>]*>About and licences<\/h1>/)
	expect(html).toContain(`<dd>${inHtml(version)}</dd>`)
	expect(html).toMatch(/<dd>(\d+( \([0-9a-f]+\))?|dev)<\/dd>/)
	expect(listed.length).toBeGreaterThan(0)
	for (const entry of listed) {
		expect(html).toContain(
			`<strong>${inHtml(entry.name)}</strong> ${inHtml(entry.version)} · ${inHtml(entry.identifier)}`,
		)
	}
	expect(html).toContain('Licence text of react-router')
	expect(html).toContain('MIT License')

	const japanese = await htmlOf(await customer.get('/settings/about?culture_code=ja-JP'))
	expect(japanese).toMatch(/<h1[^>]*>このポータルについて・ライセンス<\/h1>/)
	expect(japanese).toContain('ビルド番号')
	await customer.dispose()
})
