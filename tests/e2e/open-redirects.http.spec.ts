/**
 * Open redirects (issue 23, ADR 0054): every parameter the portal reads that names where a browser
 * goes, with every payload of `tests/redirect-payloads.ts`, on every route that redirects by it, the
 * Location followed on our own origin (after sign-in, after single sign-on, after the help-centre
 * login), and the page it ends on scanned for links, forms and meta refreshes. The parameters are
 * found in the source: a new one that no surface below covers fails the first test.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, APIResponse } from '@playwright/test'
import { escapes, redirectPayloads } from '../redirect-payloads.ts'
import { DEMO } from './demo-accounts.ts'
import { visitorAddress } from './emulator.ts'
import { expect, test } from './fixtures.ts'

/** Names a parameter that says where to go has, in this code base and in others'. */
const REDIRECT_NAMES =
	/^(redirect|redirectTo|redirect_to|redirectUrl|redirect_uri|returnTo|return_to|returnUrl|next|nextUrl|backurl|backUrl|back|continue|target|goto|dest|destination|callback|url)$/

/** Each parameter read from a request, where the portal reads it, and the surfaces below that try it. */
const COVERED: Record<string, string> = {
	redirectTo: 'sign-in (GET and POST /login), single sign-on, sign-up, preferences, questionnaire, the guard',
	return_to: '/hc/login',
	returnTo: '/hc/login',
	redirect: '/delete-account, /contact-us, /cloud/entitlement-key',
	target: '/shop-handoff',
}

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return sourceFiles(full)
		return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
	})
}

/** The redirect-like parameters the app reads: `searchParams.get('x')`, `form.get('x')`, `name="x"`. */
function redirectParamsInSource(): Map<string, string[]> {
	const found = new Map<string, string[]>()
	const reads = /\.get\(\s*['"]([A-Za-z_]+)['"]\s*\)|name="([A-Za-z_]+)"|\bREDIRECT_PARAM\b/g
	for (const file of sourceFiles('app')) {
		if (file.includes(`${path.sep}upstream${path.sep}`) || file.includes(`${path.sep}i18n${path.sep}`)) continue
		for (const match of readFileSync(file, 'utf8').matchAll(reads)) {
			const name = match[1] ?? match[2] ?? 'redirectTo'
			if (!REDIRECT_NAMES.test(name)) continue
			found.set(name, [...(found.get(name) ?? []), file])
		}
	}
	return found
}

const origin = (baseURL: string | undefined) => new URL(baseURL!).origin

/** The places a page would send a browser: links, forms, frames, meta refreshes. */
function placesIn(html: string): string[] {
	const attributes = [...html.matchAll(/\s(?:href|action|formaction|src)="([^"]*)"/gi)].map((m) => m[1]!)
	const refreshes = [...html.matchAll(/<meta[^>]+http-equiv="refresh"[^>]*content="[^"]*url=([^"]*)"/gi)].map(
		(m) => m[1]!,
	)
	return [...attributes, ...refreshes].map((v) => v.replaceAll('&amp;', '&').replaceAll('&#x27;', "'"))
}

interface Tally {
	tried: number
	escapes: string[]
	/** The last place each label's chain ended on our origin (the controls check it). */
	endedOn: Map<string, string>
}

/**
 * Follows a response's redirects while they stay on our origin (and the emulated upstreams on it),
 * noting every Location that escapes and scanning the page it ends on.
 */
async function follow(request: APIRequestContext, first: APIResponse, page: string, tally: Tally, label: string) {
	let response = first
	let at = page
	for (let hop = 0; hop < 10; hop++) {
		const location = response.headers()['location']
		if (response.status() >= 500) tally.escapes.push(`${label} → ${at} answered ${response.status()}`)
		if (response.status() < 300 || response.status() >= 400 || location === undefined) break
		if (escapes(location, at)) {
			tally.escapes.push(`${label} → Location ${location}`)
			return
		}
		const next = new URL(location, at)
		if (next.origin !== new URL(page).origin) return tally.endedOn.set(label, next.href)
		at = next.href
		response = await request.get(at, { maxRedirects: 0 })
	}
	tally.endedOn.set(label, at)
	if ((response.headers()['content-type'] ?? '').includes('html')) {
		for (const place of placesIn(await response.text())) {
			if (escapes(place, at)) tally.escapes.push(`${label} → ${at} links ${place}`)
		}
	}
}

/** Runs `work` on every item, `width` at a time (the portal answers several clients at once). */
async function inTurns<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
	let next = 0
	const lane = async () => {
		while (next < items.length) await work(items[next++]!)
	}
	await Promise.all(Array.from({ length: width }, lane))
}

test.describe.configure({ mode: 'serial' })

test('every redirect parameter the portal reads is covered by a surface below', () => {
	const found = redirectParamsInSource()
	const uncovered = [...found.keys()].filter((name) => !(name in COVERED))
	console.log(`redirect parameters read by the app: ${[...found.keys()].join(', ')}`)
	expect(uncovered, `read in ${uncovered.map((n) => found.get(n)!.join(', ')).join('; ')}`).toEqual([])
})

test('no payload on any redirecting route sends a browser off the allowed origins', async ({ playwright, baseURL }) => {
	test.setTimeout(180_000)
	const own = origin(baseURL)
	const payloads = redirectPayloads(own)
	// A sign-in costs the account API a password check: those surfaces take the payloads as written.
	const fewer = redirectPayloads(own, { encoded: false })
	const tally: Tally = { tried: 0, escapes: [], endedOn: new Map() }
	const visitor = () =>
		playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() } })
	const post = (form: Record<string, string>) => ({
		form,
		headers: { Origin: own, 'X-Forwarded-For': visitorAddress() },
		maxRedirects: 0,
	})
	const { email, password } = DEMO.customer
	const signedIn = await visitor()
	expect((await signedIn.post('/login', post({ email, password }))).status()).toBe(302)
	const signedOut = await visitor()

	// Single sign-on: sign in on the emulated sign-on page once, so each round trip below comes back with a code.
	const sso = await visitor()
	{
		let response = await sso.get('/oauth2/redirect', { maxRedirects: 0 })
		for (let hop = 0; hop < 5 && response.status() === 302; hop++)
			response = await sso.get(new URL(response.headers()['location']!, response.url()).href, { maxRedirects: 0 })
		const html = await response.text()
		const hidden = Object.fromEntries(
			[...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
				m[1]!,
				m[2]!.replaceAll('&amp;', '&'),
			]),
		)
		const login = await sso.post(new URL('login', response.url()).href, {
			form: { ...hidden, username: email, password },
			maxRedirects: 0,
		})
		expect(login.status()).toBe(302)
	}

	const surfaces: { name: string; run: (payload: string) => Promise<void>; costly?: true; oneAtATime?: true }[] = [
		{
			name: 'GET /login?redirectTo (signed in: straight on)',
			run: async (p) => {
				const url = `${own}/login?redirectTo=${encodeURIComponent(p)}`
				await follow(signedIn, await signedIn.get(url, { maxRedirects: 0 }), url, tally, `GET /login ${p}`)
			},
		},
		{
			name: 'GET /login?redirectTo (signed out: the sign-in page)',
			run: async (p) => {
				const url = `${own}/login?redirectTo=${encodeURIComponent(p)}`
				await follow(signedOut, await signedOut.get(url, { maxRedirects: 0 }), url, tally, `sign-in page ${p}`)
			},
		},
		{
			name: 'POST /login redirectTo (after sign-in)',
			costly: true,
			run: async (p) => {
				const context = await visitor()
				const url = `${own}/login?redirectTo=${encodeURIComponent(p)}`
				const response = await context.post(url, post({ email, password, redirectTo: p }))
				expect(response.status()).toBe(302)
				await follow(context, response, url, tally, `after sign-in ${p}`)
				await context.dispose()
			},
		},
		{
			name: 'GET /oauth2/redirect?redirectTo (after single sign-on)',
			// One round trip at a time: each keeps its state in the same browser's cookie.
			oneAtATime: true,
			run: async (p) => {
				const url = `${own}/oauth2/redirect?redirectTo=${encodeURIComponent(p)}`
				await follow(sso, await sso.get(url, { maxRedirects: 0 }), url, tally, `after single sign-on ${p}`)
			},
		},
		{
			name: 'GET /hc/login?return_to, ?returnTo (signed in)',
			run: async (p) => {
				for (const name of ['return_to', 'returnTo']) {
					const response = await signedIn.get(`/hc/login?${name}=${encodeURIComponent(p)}`, { maxRedirects: 0 })
					const location = response.headers()['location'] ?? ''
					const helpCentre = new URL(location, own)
					const back = helpCentre.searchParams.get('return_to') ?? ''
					if (escapes(location, own) || escapes(back, helpCentre.href))
						tally.escapes.push(`/hc/login ${name}=${p} → ${location}`)
				}
			},
		},
		{
			name: 'POST /login redirectTo=/hc/login?return_to (after the help-centre login)',
			costly: true,
			run: async (p) => {
				const context = await visitor()
				const target = `/hc/login?return_to=${encodeURIComponent(p)}`
				const response = await context.post('/login', post({ email, password, redirectTo: target }))
				let location = new URL(response.headers()['location']!, own)
				if (location.origin === own)
					location = new URL((await context.get(location.href, { maxRedirects: 0 })).headers()['location']!, own)
				const back = location.searchParams.get('return_to') ?? ''
				if (escapes(location.href, own) || escapes(back, location.href))
					tally.escapes.push(`help-centre login return_to=${p} → ${location.href}`)
				await context.dispose()
			},
		},
		{
			name: 'POST /preferences redirectTo',
			run: async (p) => {
				const url = `${own}/preferences`
				const response = await signedIn.post(url, post({ intent: 'sidebar', sidebar: 'left', redirectTo: p }))
				await follow(signedIn, response, url, tally, `preferences ${p}`)
			},
		},
		{
			name: 'GET and POST /signup redirectTo',
			run: async (p) => {
				const url = `${own}/signup?redirectTo=${encodeURIComponent(p)}`
				await follow(signedOut, await signedOut.get(url, { maxRedirects: 0 }), url, tally, `sign-up page ${p}`)
				const back = await signedOut.post(url, post({ intent: 'previous', redirectTo: p }))
				await follow(signedOut, back, url, tally, `sign-up previous ${p}`)
			},
		},
		{
			name: 'GET /delete-account, /contact-us, /cloud/entitlement-key ?redirect',
			run: async (p) => {
				for (const page of ['/delete-account', '/contact-us', '/cloud/entitlement-key']) {
					const url = `${own}${page}?redirect=${encodeURIComponent(p)}`
					await follow(signedIn, await signedIn.get(url, { maxRedirects: 0 }), url, tally, `${page} ${p}`)
				}
			},
		},
		{
			name: 'GET /shop-handoff?target',
			run: async (p) => {
				const url = `${own}/shop-handoff?target=${encodeURIComponent(p)}`
				await follow(signedIn, await signedIn.get(url, { maxRedirects: 0 }), url, tally, `shop hand-off ${p}`)
			},
		},
	]

	// Controls: a target of our own is followed, so a surface that stopped redirecting cannot pass unseen.
	const control = '/settings/profile?x=1'
	for (const surface of surfaces) await surface.run(control)
	for (const label of ['GET /login', 'after sign-in', 'after single sign-on', 'preferences'])
		expect(tally.endedOn.get(`${label} ${control}`), label).toBe(`${own}${control}`)

	for (const surface of surfaces) {
		const started = Date.now()
		const list = surface.costly ? fewer : payloads
		tally.tried += list.length
		await inTurns(list, surface.oneAtATime ? 1 : 4, surface.run)
		console.log(`${surface.name}: ${list.length} payloads in ${Date.now() - started} ms`)
	}
	console.log(
		`open redirects: ${payloads.length} payloads (${fewer.length} on sign-ins) × ${surfaces.length} surfaces = ${tally.tried} tried, ${tally.escapes.length} escapes`,
	)
	expect(tally.escapes).toEqual([])
	for (const context of [signedIn, signedOut, sso]) await context.dispose()
})
