/**
 * Lite mode (issue 24, ADR 0058) over HTTP: every screen of the route table, signed in where it needs,
 * asked with `Save-Data: on` and with the lite cookie the footer's form sets, carries no `<script` and
 * no `modulepreload`, keeps its CSP, and weighs under 30 KB compressed together with its stylesheets
 * (as the portal serves them to a browser that accepts brotli). The same screens without either carry
 * their scripts, so this fails when lite mode is gone. The largest figures are printed.
 *
 * The pages are asked with node:http, not Playwright's request: its client inflates bodies, and the
 * bytes on the wire are what is measured.
 */
import { request as httpRequest } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { APIRequestContext } from '@playwright/test'
import type { DemoSignIn } from './demo-accounts.ts'
import { expect, htmlOf, test } from './fixtures.ts'
import { REGISTERED_PRODUCT, SCREENS, themeHost, type ScreenVisit } from './screen-list.ts'

const BUDGET_BYTES = 30 * 1024
type Who = DemoSignIn | 'visitor'
const GROUPS: readonly Who[] = ['visitor', 'customer', 'cloudMember', 'staff']
type Mode = 'save-data' | 'cookie' | 'full'

interface Answer {
	status: number
	headers: Record<string, string | string[] | undefined>
	/** Bytes as sent. */
	wire: number
	body: string
}

/** One GET as a browser that accepts brotli and gzip sends it, the body measured before it is inflated. */
function fetchRaw(port: number, path: string, headers: Record<string, string>): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			{ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': 'br, gzip', ...headers } },
			(res) => {
				const chunks: Buffer[] = []
				res.on('data', (chunk: Buffer) => chunks.push(chunk))
				res.on('end', () => {
					const raw = Buffer.concat(chunks)
					const encoding = res.headers['content-encoding']
					const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
					resolve({ status: res.statusCode ?? 0, headers: res.headers, wire: raw.length, body: body.toString() })
				})
				res.on('error', reject)
			},
		)
		req.on('error', reject)
		req.end()
	})
}

/** The page, following the portal's own redirects (a screen opened directly may send the visitor on). */
async function fetchPage(port: number, path: string, headers: Record<string, string>) {
	let at = path
	for (let hop = 0; hop < 5; hop++) {
		const answer = await fetchRaw(port, at, headers)
		const location = answer.headers.location
		if (answer.status < 300 || answer.status >= 400 || typeof location !== 'string') return { ...answer, path: at }
		const next = new URL(location, `http://portal.invalid${at}`)
		// Another origin (the single sign-on's emulator stands in for one) is no page of ours.
		if (next.origin !== 'http://portal.invalid' || next.pathname.startsWith('/_emulator')) return null
		at = next.pathname + next.search
	}
	throw new Error(`${path}: more than five redirects`)
}

/** The name=value of a cookie a response sets. */
function setCookie(response: { headersArray(): { name: string; value: string }[] }, name: string): string {
	const found = response
		.headersArray()
		.find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith(`${name}=`))
	if (!found) throw new Error(`no ${name} cookie set`)
	return found.value.split(';', 1)[0]!
}

/** A sane CSP for a page: scripts only with this response's nonce, no inline handlers, no plugins. */
function expectSaneCsp(csp: unknown, where: string) {
	expect(typeof csp, `${where}: a CSP`).toBe('string')
	const directives = new Map(
		String(csp)
			.split(';')
			.map((d) => d.trim().split(/\s+/))
			.map(([name, ...values]) => [name!, values]),
	)
	const scriptSrc = directives.get('script-src') ?? []
	expect(
		scriptSrc.some((v) => /^'nonce-[A-Za-z0-9+/=]{20,}'$/.test(v)),
		`${where}: script-src has a nonce`,
	).toBe(true)
	expect(scriptSrc, `${where}: no inline scripts`).not.toContain("'unsafe-inline'")
	expect(directives.get('script-src-attr'), where).toEqual(["'none'"])
	expect(directives.get('object-src'), where).toEqual(["'none'"])
	expect(directives.get('base-uri'), where).toEqual(["'self'"])
}

async function registeredProductId(request: APIRequestContext): Promise<string> {
	const html = await htmlOf(await request.get('/gear/my_gear'))
	const id = /href="\/gear\/my_gear\/([^/?#"]+)"/.exec(html)?.[1]
	if (!id) throw new Error('no registered product linked from /gear/my_gear')
	return id
}

test('every screen in lite mode: no script, no module preload, a sane CSP, under 30 KB with its CSS', async ({
	playwright,
	portal,
	demoSessions,
}) => {
	test.setTimeout(120_000)
	// The lite cookie as the footer's form sets it, with analytics allowed: even that visitor gets no script.
	const chooser = await playwright.request.newContext({ baseURL: portal.url })
	const origin = { Origin: portal.url }
	const liteAnswer = await chooser.post('/preferences', {
		form: { intent: 'lite', lite: 'on', redirectTo: '/login' },
		headers: origin,
		maxRedirects: 0,
	})
	expect(liteAnswer.status()).toBe(302)
	expect(liteAnswer.headers().location).toBe('/login')
	const analyticsAnswer = await chooser.post('/preferences', {
		form: { intent: 'analytics', analytics: 'granted' },
		headers: origin,
		maxRedirects: 0,
	})
	const liteCookie = [setCookie(liteAnswer, 'lite'), setCookie(analyticsAnswer, 'analytics')].join('; ')
	await chooser.dispose()

	const cssBytes = new Map<string, number>()
	const cssOf = async (href: string) => {
		if (!cssBytes.has(href)) {
			const answer = await fetchRaw(portal.port, href, {})
			expect(answer.status, href).toBe(200)
			cssBytes.set(href, answer.wire)
		}
		return cssBytes.get(href)!
	}

	const failures: string[] = []
	const weights: { name: string; mode: Mode; page: number; css: number }[] = []
	let pages = 0
	for (const who of GROUPS) {
		const state = who === 'visitor' ? undefined : await demoSessions(who)
		const sessionCookie = (state?.cookies ?? []).map((c) => `${c.name}=${c.value}`).join('; ')
		let productId = 'no-product-of-this-account'
		if (who === 'customer') {
			const request = await playwright.request.newContext({ baseURL: portal.url, storageState: state })
			productId = await registeredProductId(request)
			await request.dispose()
		}
		const visits = SCREENS.filter((visit: ScreenVisit) => (visit.account ?? 'visitor') === who)
		for (const visit of visits) {
			const path = visit.path.replace(REGISTERED_PRODUCT, productId)
			for (const mode of ['save-data', 'cookie', 'full'] as const) {
				const cookie = [sessionCookie, mode === 'cookie' ? liteCookie : ''].filter(Boolean).join('; ')
				const headers: Record<string, string> = { Host: `${themeHost(visit.theme)}:${portal.port}` }
				if (cookie) headers.Cookie = cookie
				if (mode === 'save-data') headers['Save-Data'] = 'on'
				const answer = await fetchPage(portal.port, path, headers)
				if (!answer) continue
				const where = `${visit.name} ${mode} (${answer.path}, ${answer.status})`
				pages++
				expect(String(answer.headers['content-type']), where).toMatch(/^text\/html/)
				expect(String(answer.headers.vary), `${where}: Vary`).toMatch(/Save-Data.*Cookie|Cookie.*Save-Data/)
				expectSaneCsp(answer.headers['content-security-policy'], where)
				if (mode === 'full') {
					// Its client entry is started after the first paint (ADR 0062): named in the page's starter.
					if (!answer.body.includes('<script') || !/"\/assets\/entry\.client-[^"]+\.js"/.test(answer.body))
						failures.push(`${where}: the full page lost its scripts`)
					continue
				}
				if (/<script/i.test(answer.body)) failures.push(`${where}: a <script`)
				if (/modulepreload/i.test(answer.body)) failures.push(`${where}: a modulepreload`)
				const stylesheets = [...answer.body.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
					(m) => m[1]!,
				)
				const css = (await Promise.all(stylesheets.map(cssOf))).reduce((a, b) => a + b, 0)
				weights.push({ name: visit.name, mode, page: answer.wire, css })
				if (answer.wire + css >= BUDGET_BYTES) failures.push(`${where}: ${answer.wire + css} bytes with its CSS`)
			}
		}
	}
	weights.sort((a, b) => b.page + b.css - (a.page + a.css))
	console.log(
		`lite mode: ${pages} pages asked; the largest lite pages compressed (page + CSS, bytes):\n` +
			weights
				.slice(0, 8)
				.map((w) => `  ${w.name} [${w.mode}]: ${w.page} + ${w.css} = ${w.page + w.css}`)
				.join('\n'),
	)
	expect(failures).toEqual([])
	expect(weights.length).toBeGreaterThan(SCREENS.length)
})

test('the rendered-HTML cache never gives a lite page to a full visitor, nor a full page to a lite one', async ({
	portal,
}) => {
	const path = `/login?redirectTo=${encodeURIComponent(`/gear?n=${crypto.randomUUID()}`)}`
	const host = { Host: `localhost:${portal.port}` }
	const order: { headers: Record<string, string>; cache: string; lite: boolean }[] = [
		{ headers: host, cache: 'MISS', lite: false },
		{ headers: { ...host, 'Save-Data': 'on' }, cache: 'MISS', lite: true },
		{ headers: { ...host, 'Save-Data': 'on' }, cache: 'HIT', lite: true },
		{ headers: host, cache: 'HIT', lite: false },
	]
	for (const { headers, cache, lite } of order) {
		const answer = await fetchRaw(portal.port, path, headers)
		expect(answer.status).toBe(200)
		expect(answer.headers['x-cache']).toBe(cache)
		expect(answer.body.includes('<script'), JSON.stringify(headers)).toBe(!lite)
		expect(String(answer.headers.vary)).toContain('Save-Data')
	}
})

test('the choice is a form post: on, off (wins over Save-Data), auto (Save-Data decides again); a bad one is a 400', async ({
	playwright,
	portal,
}) => {
	const request = await playwright.request.newContext({ baseURL: portal.url })
	const choose = (lite: string, redirectTo = '/reset-password?x=1') =>
		request.post('/preferences', {
			form: { intent: 'lite', lite, redirectTo },
			headers: { Origin: portal.url },
			maxRedirects: 0,
		})
	const scripts = async (saveData: boolean) =>
		(await htmlOf(await request.get('/login', { headers: saveData ? { 'Save-Data': 'on' } : {} }))).includes('<script')

	const on = await choose('on')
	expect(on.status()).toBe(302)
	expect(on.headers().location).toBe('/reset-password?x=1')
	expect(await scripts(false)).toBe(false)
	expect((await choose('off')).status()).toBe(302)
	expect(await scripts(true)).toBe(true)
	expect((await choose('auto')).status()).toBe(302)
	expect(await scripts(true)).toBe(false)
	expect(await scripts(false)).toBe(true)

	// Another site's target is not followed; another site's post is refused before the action.
	expect((await choose('on', '//evil.example/x')).headers().location).toBe('/')
	expect((await choose('maybe')).status()).toBe(400)
	const crossSite = await request.post('/preferences', {
		form: { intent: 'lite', lite: 'off' },
		headers: { Origin: 'https://evil.example' },
		maxRedirects: 0,
	})
	expect(crossSite.status()).toBe(403)
	await request.dispose()
})
