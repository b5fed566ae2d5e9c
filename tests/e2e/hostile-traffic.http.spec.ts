/**
 * Requests a hostile visitor sends, checked at the portal as deployed in the suite (its built-in
 * emulator, TRUST_PROXY=loopback, every test's request from loopback; ADR 0031): the emulator's
 * listings refuse a visitor the proxy forwards for, help-centre sign-on returns only to the help
 * centre, a forged unregister is not found, and a POST to a screen without an action is one warn line.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { callsAfter, EMULATOR_ADMIN_HEADERS, latestCall, visitorAddress } from './emulator.ts'
import { expect, htmlOf, test as base } from './fixtures.ts'

const test = base.extend<{ customer: APIRequestContext }>({
	customer: async ({ playwright, baseURL, demoSessions }, use) => {
		const customer = await playwright.request.newContext({ baseURL, storageState: await demoSessions('customer') })
		await use(customer)
		await customer.dispose()
	},
})

const ADMIN_LISTINGS = [
	'/_emulator/account/zendesk/_tickets',
	'/_emulator/log/log/_events',
	'/_emulator/tickets.json',
	'/_emulator/mail.json',
	'/_emulator/requests.json',
	'/_emulator/faults',
	'/_emulator/clock',
]

test('the emulator’s listings refuse a visitor the proxy forwards for, and answer the admin token', async ({
	playwright,
	baseURL,
}) => {
	const visitor = await playwright.request.newContext({
		baseURL,
		extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() },
	})
	for (const listing of ADMIN_LISTINGS) {
		expect((await visitor.get(listing)).status(), listing).toBe(403)
		// Claiming to be this machine changes nothing: the header itself says a proxy forwarded the request.
		expect((await visitor.get(listing, { headers: { 'X-Forwarded-For': '127.0.0.1' } })).status(), listing).toBe(403)
		expect((await visitor.get(listing, { headers: EMULATOR_ADMIN_HEADERS })).status(), listing).toBe(200)
	}
	expect((await visitor.post('/_emulator/reset')).status()).toBe(403)
	// The emulated upstreams themselves stay open, as the real ones are.
	expect((await visitor.get('/_emulator/account/serverTime')).status()).toBe(200)
	await visitor.dispose()
})

test('help-centre sign-on passes on only a return_to on the help centre, else its home', async ({
	customer,
	baseURL,
}) => {
	const home = `${baseURL}/_emulator/account/zendesk/hc`
	const returnToOf = async (query: string) => {
		const response = await customer.get(`/hc/login${query}`, { maxRedirects: 0 })
		expect(response.status(), query).toBe(302)
		const location = new URL(response.headers()['location']!)
		expect(location.pathname).toBe('/_emulator/account/zendesk/hc/access/jwt')
		return location.searchParams.get('return_to')
	}
	expect(await returnToOf('?return_to=https://evil.example')).toBe(home)
	expect(
		await returnToOf(`?return_to=${encodeURIComponent('https://evil.example/_emulator/account/zendesk/hc')}`),
	).toBe(home)
	expect(await returnToOf(`?returnTo=${encodeURIComponent('//evil.example/')}`)).toBe(home)
	expect(await returnToOf('')).toBe(home)
	const article = `${baseURL}/_emulator/account/zendesk/hc/articles/1`
	expect(await returnToOf(`?return_to=${encodeURIComponent(article)}`)).toBe(article)
})

test('unregistering an id that is not the user’s is not found, in Japanese too, and deletes nothing', async ({
	customer,
	baseURL,
}) => {
	const before = await latestCall(customer)
	const forged = '6f1c2a7e-0000-4000-8000-0000000000ff'
	const headers = { Origin: new URL(baseURL!).origin }
	const english = await customer.post(`/gear/my_gear/${forged}/unregister`, { form: {}, headers, maxRedirects: 0 })
	expect(english.status()).toBe(404)
	expect(await htmlOf(english)).toContain('This product is not among your registered products.')
	await customer.get('/gear/my_gear?culture_code=ja-JP')
	const japanese = await customer.post(`/gear/my_gear/${forged}/unregister`, { form: {}, headers, maxRedirects: 0 })
	expect(japanese.status()).toBe(404)
	expect(await htmlOf(japanese)).toContain('この製品はお客様の登録製品にありません。')
	await customer.get('/gear/my_gear?culture_code=en-US')
	const deletes = (await callsAfter(customer, before)).filter((call) => call.method === 'DELETE')
	expect(deletes).toEqual([])
})

test('a POST to a screen that takes none is a 405 and one line at warn, without a stack', async ({
	playwright,
	baseURL,
	portal,
}) => {
	const visitor = await playwright.request.newContext({ baseURL })
	const marker = '/privacy'
	const log = path.join(portal.dataDir, 'portal.log')
	const linesBefore = readFileSync(log, 'utf8').split('\n').length
	for (let attempt = 0; attempt < 3; attempt++) {
		const response = await visitor.post(marker, { form: { a: '1' }, headers: { Origin: new URL(baseURL!).origin } })
		expect(response.status()).toBe(405)
	}
	await visitor.dispose()
	const lines = readFileSync(log, 'utf8')
		.split('\n')
		.slice(linesBefore - 1)
		.filter(Boolean)
	const about = lines.filter((line) => line.includes(`POST ${marker}`))
	expect(about).toHaveLength(3)
	for (const line of about)
		expect(JSON.parse(line)).toMatchObject({ level: 'warn', msg: `405 Method Not Allowed: POST ${marker}` })
	expect(lines.filter((line) => line.includes('did not provide an `action`'))).toEqual([])
})
