/**
 * Hostile and broken request bodies, posted to every action in the route table: each gets a 4xx
 * page in the user's language, never a 5xx. A route added later with an action is covered without
 * touching this file. The requests need no browser: the suite runs once, in the `http` project.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import fc from 'fast-check'
import { isMisshapenField } from '../../app/domain/form-fields.ts'
import routes from '../../app/routes.ts'
import { uniqueEmail, visitorAddress } from './account.ts'
import { EMULATOR_ADMIN_HEADERS } from './emulator.ts'
import { expect, test } from './fixtures.ts'

interface RouteEntry {
	path?: string
	file: string
	children?: RouteEntry[]
}

/** A concrete URL path for a route pattern: optional segments dropped, parameters given a sample value. */
function samplePath(pattern: string): string {
	const segments = pattern
		.split('/')
		.filter((segment) => !segment.endsWith('?'))
		.map((segment) => (segment === '*' ? 'no-such-page' : segment.startsWith(':') ? 'sample' : segment))
	return '/' + segments.join('/')
}

function routesWithActions(entries: readonly RouteEntry[], parent = ''): string[] {
	return entries.flatMap((entry) => {
		const pattern = [parent, entry.path ?? ''].filter(Boolean).join('/')
		const source = readFileSync(path.join('app', entry.file), 'utf8')
		const own = /export (async )?function action\b|export const action\b/.test(source) ? [samplePath(pattern)] : []
		return [...own, ...routesWithActions(entry.children ?? [], pattern)]
	})
}

const ACTION_PATHS = [...new Set(routesWithActions(routes as RouteEntry[]))]

const BAD_BODIES = [
	{ name: 'text/plain', contentType: 'text/plain', body: 'email=owner@example.com', status: 415 },
	{ name: 'JSON', contentType: 'application/json', body: '{"email":"owner@example.com"}', status: 415 },
	{ name: 'no body at all', contentType: undefined, body: undefined, status: 415 },
	{ name: 'broken multipart', contentType: 'multipart/form-data; boundary=abc', body: 'not multipart', status: 400 },
	{
		name: 'a form larger than any form',
		contentType: 'application/x-www-form-urlencoded',
		body: `email=${'a'.repeat(70 * 1024)}`,
		status: 413,
	},
] as const

const MESSAGES = {
	en: {
		415: 'This request could not be read as a form.',
		413: 'This form is too large to send.',
		400: 'This form arrived incomplete or damaged.',
	},
	ja: {
		415: 'このリクエストはフォームとして読み取れませんでした。',
		413: 'フォームの内容が大きすぎます。',
		400: 'フォームが不完全な状態で届きました。',
	},
} as const

test('the route table has actions to test', () => {
	expect(ACTION_PATHS).toEqual(expect.arrayContaining(['/login', '/signup', '/activation', '/preferences']))
})

/** Whether a path's screen needs a signed-in user: a signed-out post is sent to /login, its body unread. */
async function guarded(request: APIRequestContext, actionPath: string): Promise<boolean> {
	const response = await request.post(actionPath, {
		headers: { 'X-Forwarded-For': visitorAddress(), 'Content-Type': 'text/plain' },
		data: 'not a form',
		maxRedirects: 0,
	})
	return response.status() === 302 && (response.headers().location ?? '').startsWith('/login?')
}

test('a signed-out post to a screen that needs a user is sent to /login before its body is read', async ({
	request,
}) => {
	// A body that is not a form would be a 415 if it were read: the guard answers first.
	expect(await guarded(request, '/settings/profile')).toBe(true)
	expect(await guarded(request, '/support/service_request')).toBe(true)
	expect(await guarded(request, '/login')).toBe(false)
})

for (const actionPath of ACTION_PATHS) {
	test(`POST ${actionPath} with a body that is not a form gets a 4xx page in the user's language`, async ({
		request,
		playwright,
		baseURL,
		demoSessions,
	}) => {
		// A screen that needs a user reads (and refuses) bodies only for a signed-in one.
		const client = (await guarded(request, actionPath))
			? await playwright.request.newContext({ baseURL, storageState: await demoSessions('customer') })
			: request
		for (const bad of BAD_BODIES) {
			for (const lang of ['en', 'ja'] as const) {
				const url = `${actionPath}?culture_code=${lang === 'ja' ? 'ja-JP' : 'en-US'}`
				const headers: Record<string, string> = { 'X-Forwarded-For': visitorAddress() }
				if (bad.contentType) headers['Content-Type'] = bad.contentType
				const response = await client.post(url, { headers, data: bad.body, maxRedirects: 0 })
				expect(response.status(), `${bad.name} in ${lang}`).toBe(bad.status)
				expect(response.headers()['content-type']).toContain('text/html')
				expect(await response.text()).toContain(MESSAGES[lang][bad.status])
			}
		}
		if (client !== request) await client.dispose()
	})
}

test('a client-side (single fetch) post with a body that is not a form gets a 4xx', async ({ request }) => {
	const response = await request.post('/login.data', {
		headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': visitorAddress() },
		data: 'hello',
		maxRedirects: 0,
	})
	expect(response.status()).toBeGreaterThanOrEqual(400)
	expect(response.status()).toBeLessThan(500)
})

/* ---- A fuzz of every action: random fields, sizes and encodings, signed out and signed in ---- */

const FIELD_NAMES = [
	'email',
	'password',
	'passwordConfirm',
	'firstName',
	'middleName',
	'lastName',
	'phoneticFirstName',
	'phoneticLastName',
	'cultureCode',
	'country',
	'allowEmail',
	'agreeToTerms',
	'signupSource',
	'code',
	'intent',
	'redirectTo',
	'currentPassword',
	'newPassword',
	'newPasswordConfirm',
	'newEmail',
	'newEmailConfirm',
	'confirm',
	'sidebar',
	'analytics',
]
const FIELD_VALUES = ['on', 'create', 'verify', 'previous', 'resend', 'request', 'sidebar', 'analytics', 'ja-JP', 'JP']

const fieldName = fc.oneof(
	fc.constantFrom(...FIELD_NAMES),
	fc.constantFrom('__proto__', 'constructor', 'a[0]', 'a.b', 'email[]', 'x[1][y]', '', '.', '[]'),
	fc.string({ unit: 'grapheme', maxLength: 12 }),
)
const fieldValue = fc.oneof(
	fc.constantFrom(...FIELD_VALUES),
	fc.emailAddress(),
	fc.string({ unit: 'binary', maxLength: 200 }),
	fc.string({ unit: 'grapheme-composite', minLength: 1000, maxLength: 3000 }),
)
const fields = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 12 })
const encoding = fc.constantFrom('urlencoded', 'urlencoded-charset', 'multipart', 'raw-bytes')

async function postFuzzed(
	request: APIRequestContext,
	url: string,
	form: [string, string][],
	how: 'urlencoded' | 'urlencoded-charset' | 'multipart' | 'raw-bytes',
	bytes: Uint8Array,
) {
	const headers: Record<string, string> = { 'X-Forwarded-For': visitorAddress() }
	if (how === 'multipart') {
		const multipart = new FormData()
		for (const [name, value] of form) multipart.append(name, value)
		return request.post(url, { headers, multipart, maxRedirects: 0 })
	}
	headers['Content-Type'] =
		how === 'urlencoded-charset'
			? 'application/x-www-form-urlencoded; charset=shift_jis'
			: 'application/x-www-form-urlencoded'
	const body = how === 'raw-bytes' ? Buffer.from(bytes) : new URLSearchParams(form).toString()
	return request.post(url, { headers, data: body, maxRedirects: 0 })
}

async function fuzzEveryAction(request: APIRequestContext) {
	for (const actionPath of ACTION_PATHS) {
		await fc.assert(
			fc.asyncProperty(fields, encoding, fc.uint8Array({ maxLength: 300 }), async (form, how, bytes) => {
				const response = await postFuzzed(request, actionPath, form, how, bytes)
				expect(response.status(), `POST ${actionPath} (${how}) ${JSON.stringify(form).slice(0, 300)}`).toBeLessThan(500)
			}),
			{ numRuns: 25 },
		)
	}
}

test('a fuzz of every action, signed out, gives no 5xx', async ({ request }) => {
	test.setTimeout(120_000)
	await fuzzEveryAction(request)
})

test('a fuzz of every action, signed in, gives no 5xx', async ({ playwright, baseURL }) => {
	test.setTimeout(180_000)
	const request = await playwright.request.newContext({
		baseURL,
		extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() },
	})
	const account = await createAccountByPosts(request)
	const signedIn = await request.post('/login', { form: account, maxRedirects: 0 })
	expect(signedIn.status()).toBe(302)
	await fuzzEveryAction(request)
	await request.dispose()
})

/* ---- Every field of every action, given twice and in array shapes ---- */

/** Decodes the few entities React writes into an attribute. */
const attribute = (raw: string) =>
	raw
		.replace(/&amp;/g, '&')
		.replace(/&quot;/g, '"')
		.replace(/&#x27;/g, "'")

/**
 * The fields of every post form the action paths' pages show, by the path each form posts to:
 * read from the pages themselves, so a field added to a form is fuzzed without anyone listing it.
 */
async function formFieldsByAction(request: APIRequestContext): Promise<Map<string, Set<string>>> {
	const byAction = new Map<string, Set<string>>()
	for (const page of ACTION_PATHS) {
		const response = await request.get(page, { headers: { 'X-Forwarded-For': visitorAddress() } })
		if (!response.ok()) continue
		const html = await response.text()
		for (const [form] of html.matchAll(/<form\b[^>]*\bmethod="post"[^>]*>[\s\S]*?<\/form>/gi)) {
			const action = /\baction="([^"]*)"/.exec(form.slice(0, form.indexOf('>')))?.[1]
			const target = new URL(action ? attribute(action) : page, 'http://portal').pathname
			const names = byAction.get(target) ?? new Set<string>()
			for (const [, name] of form.matchAll(/\sname="([^"]+)"/g)) names.add(attribute(name!))
			byAction.set(target, names)
		}
	}
	return byAction
}

/** Checkbox groups and the attachments: the only fields a browser sends more than once. */
const REPEATABLE = /^(interests|productIds|attachments|q-.*)$/

async function fuzzFieldShapes(request: APIRequestContext) {
	const byAction = await formFieldsByAction(request)
	expect(byAction.size, 'forms found on the pages').toBeGreaterThan(5)
	for (const [actionPath, names] of byAction) {
		for (const name of names) {
			const post = (form: [string, string][]) =>
				request.post(actionPath, {
					headers: {
						'X-Forwarded-For': visitorAddress(),
						'Content-Type': 'application/x-www-form-urlencoded',
					},
					data: new URLSearchParams(form).toString(),
					maxRedirects: 0,
				})
			if (!REPEATABLE.test(name)) {
				const twice = await post([
					[name, 'one'],
					[name, 'two'],
				])
				expect(twice.status(), `${name} twice to ${actionPath}`).toBe(400)
				expect(await twice.text(), `${name} twice to ${actionPath}`).toContain('given more than once')
			}
			// Every name a form shows is one the portal takes as it is…
			expect(isMisshapenField(name), `${name} on the form of ${actionPath}`).toBe(false)
			// …and in a list's or an object's shape it is refused, never handed to a rule.
			for (const shaped of [`${name}[0]`, `${name}[]`, `${name}.x`, `${name}[0].x`]) {
				const response = await post([[shaped, 'one']])
				expect(response.status(), `${shaped} to ${actionPath}`).toBe(400)
				expect(await response.text(), `${shaped} to ${actionPath}`).toContain('in a shape none of our forms sends')
			}
		}
	}
}

test('every field of every form, given twice or in an array shape, is bad input, never a 5xx (signed out)', async ({
	request,
}) => {
	test.setTimeout(180_000)
	await fuzzFieldShapes(request)
})

test('every field of every form, given twice or in an array shape, is bad input, never a 5xx (signed in)', async ({
	playwright,
	baseURL,
}) => {
	test.setTimeout(240_000)
	const request = await playwright.request.newContext({ baseURL })
	const account = await createAccountByPosts(request)
	const signedIn = await request.post('/login', {
		form: account,
		headers: { 'X-Forwarded-For': visitorAddress() },
		maxRedirects: 0,
	})
	expect(signedIn.status()).toBe(302)
	await fuzzFieldShapes(request)
	await request.dispose()
})

/** A new, activated account made through the forms' own posts (the fuzz may change or delete it). */
async function createAccountByPosts(request: APIRequestContext) {
	const email = uniqueEmail('fuzz')
	const password = 'Secret1234'
	await request.post('/signup', { form: { intent: 'verify', email }, maxRedirects: 0 })
	const created = await request.post('/signup', {
		form: {
			intent: 'create',
			email,
			firstName: 'Fuzz',
			lastName: 'Tester',
			password,
			passwordConfirm: password,
			cultureCode: 'en-US',
			country: 'US',
			agreeToTerms: 'on',
		},
		maxRedirects: 0,
	})
	expect(created.status()).toBe(302)
	const [mail] = (await (
		await request.get(`/_emulator/mail.json?to=${encodeURIComponent(email)}`, { headers: EMULATOR_ADMIN_HEADERS })
	).json()) as {
		code: string
	}[]
	const activated = await request.post('/activation', { form: { email, code: mail!.code }, maxRedirects: 0 })
	expect(activated.status()).toBe(302)
	return { email, password }
}
