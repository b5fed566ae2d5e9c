/**
 * The machinery of the action fuzz (action-fuzz.http.spec.ts, ADR 0051): the forms a page shows, the
 * bodies generated from them, how one case is posted, and the oracles that judge its answer. Plain
 * Node (fetch with keep-alive, node:sqlite to read the emulator's data), no browser.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import fc from 'fast-check'
import { DEMO_ACCOUNTS } from '../../server/emulator/demo.ts'
import { E2E_EMULATOR_ADMIN_TOKEN } from './worker-portal.ts'
import type { ReceivedCall } from './emulator.ts'

/* ---- Forms read from a page ---- */

export interface FormField {
	name: string
	/** `text`, `email`, `password`, `hidden`, `checkbox`, `radio`, `select`, `textarea`, `submit`… */
	type: string
	/** The value the page gives (a hidden field's, a checkbox's, a button's). */
	value: string
	/** A select's option values. */
	options: string[]
}

export interface PageForm {
	/** The path the form posts to. */
	action: string
	enctype: string
	fields: FormField[]
}

/** Decodes what React escapes in attributes and text. */
export function decodeHtml(raw: string): string {
	return raw
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#x27;/g, "'")
		.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
		.replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
		.replace(/&amp;/g, '&')
}

function attributes(tag: string): Record<string, string> {
	const found: Record<string, string> = {}
	for (const [, name, value] of tag.matchAll(/\s([a-zA-Z-]+)(?:="([^"]*)")?/g))
		found[name!.toLowerCase()] = decodeHtml(value ?? '')
	return found
}

/** The post forms of a page, by what they post to (a form without `action` posts to the page). */
export function postForms(html: string, pagePath: string): PageForm[] {
	const forms: PageForm[] = []
	for (const [form] of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)) {
		const open = attributes(form.slice(0, form.indexOf('>')))
		if ((open.method ?? 'get').toLowerCase() !== 'post') continue
		const action = new URL(open.action || pagePath, 'http://portal').pathname
		const fields: FormField[] = []
		for (const [tag] of form.matchAll(/<(input|button)\b[^>]*>/gi)) {
			const a = attributes(tag)
			if (!a.name) continue
			const type = tag.toLowerCase().startsWith('<button') ? 'submit' : (a.type ?? 'text').toLowerCase()
			fields.push({ name: a.name, type, value: a.value ?? (type === 'checkbox' ? 'on' : ''), options: [] })
		}
		for (const [, open, body] of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/gi)) {
			const a = attributes(open!)
			if (a.name) fields.push({ name: a.name, type: 'textarea', value: decodeHtml(body!), options: [] })
		}
		for (const [, open, body] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
			const a = attributes(open!)
			const options = [...body!.matchAll(/<option\b[^>]*\svalue="([^"]*)"/g)].map(([, v]) => decodeHtml(v!))
			if (a.name) fields.push({ name: a.name, type: 'select', value: options[0] ?? '', options })
		}
		forms.push({ action, enctype: open.enctype ?? 'application/x-www-form-urlencoded', fields })
	}
	return forms
}

/**
 * The values a re-rendered page shows in a text field of the forms posting to `action` (those with a
 * button of `intent`, when one was sent): empty when no such form has the field.
 */
export function shownValues(html: string, action: string, name: string, intent: string | undefined): string[] {
	return postForms(html, action)
		.filter((form) => form.action === action)
		.filter((form) => intent === undefined || form.fields.some((f) => f.name === 'intent' && f.value === intent))
		.flatMap((form) => form.fields.filter((f) => f.name === name && TEXT_TYPES.has(f.type)).map((f) => f.value))
}

/** Fields a person types into (passwords are never sent back). */
export const TEXT_TYPES = new Set(['text', 'email', 'tel', 'search', 'url', 'textarea'])

/* ---- Whose data is whose ---- */

/** Rows that are an account's data (not its sign-in attempts, codes, tokens or mail). */
const DATA_TABLES: Record<string, string> = {
	users: 'id',
	user_phones: 'user_id',
	user_interests: 'user_id',
	external_user_ids: 'user_id',
	registered_products: 'user_id',
	answer_infos: 'user_id',
	help_centre_tickets: 'user_id',
	cloud_users: 'id',
	cloud_subscriptions: 'user_id',
	cloud_payments: 'user_id',
	cloud_user_products: 'user_id',
	cloud_user_rules: 'user_id',
	cloud_entitlement_keys: 'registered_by',
	cloud_serial_numbers: 'registered_by',
	devices: 'user_id',
}

/**
 * The kinds of an account's things an upstream call could name, each with the path segment that
 * names the kind in a call (`users/{id}`, `registeredProducts/{id}`…) and the body fields that carry it.
 */
const OWNED: Record<string, { table: string; column: string; segment: RegExp; field: RegExp }> = {
	user: { table: 'users', column: 'id', segment: /^users?$/i, field: /^user_?id$/i },
	registeredProduct: {
		table: 'registered_products',
		column: 'user_id',
		segment: /^registeredProducts$/i,
		field: /^registered_?product_?ids?$/i,
	},
	answerInfo: { table: 'answer_infos', column: 'user_id', segment: /^answerInfos?$/i, field: /^answer_?info_?ids?$/i },
	subscription: {
		table: 'cloud_subscriptions',
		column: 'user_id',
		segment: /^subscriptions?$/i,
		field: /^subscription_?ids?$/i,
	},
	rule: { table: 'cloud_user_rules', column: 'user_id', segment: /^(user)?rules?$/i, field: /^(user_?)?rule_?ids?$/i },
	userProduct: {
		table: 'cloud_user_products',
		column: 'user_id',
		segment: /^userProducts?$/i,
		field: /^user_?product_?ids?$/i,
	},
	phone: { table: 'user_phones', column: 'user_id', segment: /^phones?$/i, field: /^phone_?ids?$/i },
	ticket: {
		table: 'help_centre_tickets',
		column: 'user_id',
		segment: /^(tickets|requests)$/i,
		field: /^ticket_?ids?$/i,
	},
	device: { table: 'devices', column: 'user_id', segment: /^devices?$/i, field: /^device_?ids?$/i },
}

export function openEmulatorData(dataDir: string): DatabaseSync {
	return new DatabaseSync(path.join(dataDir, 'emulator.sqlite'), { readOnly: true })
}

/** Every row of an account's data, as text, to compare before and after the fuzz. */
export function accountData(db: DatabaseSync, userId: string): string {
	return Object.entries(DATA_TABLES)
		.map(([table, column]) => {
			const rows = db.prepare(`SELECT * FROM ${table} WHERE ${column} = ? ORDER BY rowid`).all(userId)
			return `${table}: ${JSON.stringify(rows)}`
		})
		.join('\n')
}

export interface OwnedId {
	id: string
	kind: string
}

/** The account's user id and the ids of its things. */
export function accountIds(db: DatabaseSync, userId: string): OwnedId[] {
	const ids: OwnedId[] = [{ id: userId, kind: 'user' }]
	for (const [kind, { table, column }] of Object.entries(OWNED)) {
		if (kind === 'user') continue
		for (const row of db.prepare(`SELECT id FROM ${table} WHERE ${column} = ?`).all(userId) as { id: unknown }[])
			ids.push({ id: String(row.id), kind })
	}
	return ids
}

export type FuzzAccount = 'customer' | 'cloudMember'
export const FUZZ_ACCOUNTS: Record<FuzzAccount, { id: string; email: string; password: string }> = {
	customer: DEMO_ACCOUNTS.customer,
	cloudMember: DEMO_ACCOUNTS.cloudMember,
}

/* ---- The limits of the portal ---- */

/** Every rate limit's name, read from app/limits, so a new limit is raised for the fuzz's portal too. */
export function rateLimitNames(): string[] {
	const dir = path.resolve('app/limits')
	const names = new Set<string>()
	for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')))
		for (const [, name] of readFileSync(path.join(dir, file), 'utf8').matchAll(/RateLimit = \{ name: '([^']+)'/g))
			names.add(name!)
	return [...names].sort()
}

/* ---- Generated bodies ---- */

export type Encoding =
	'urlencoded' | 'multipart' | 'json' | 'text/plain' | 'none' | 'invalid-utf8' | 'foreign-charset' | 'multipart-broken'

export interface FuzzCase {
	url: string
	/** The form of the target's page the body was made from (-1: none). */
	form: number
	encoding: Encoding
	fields: [string, string][]
	/** The charset a `foreign-charset` body claims. */
	charset: string
	/** The visitor's address (X-Forwarded-For). */
	address: string
	/** Posted as a browser with JavaScript does: to the route's `.data` URL (React Router's single fetch). */
	singleFetch: boolean
}

const CONTROL = fc
	.array(fc.integer({ min: 0, max: 0x1f }), { minLength: 1, maxLength: 6 })
	.map((codes) => codes.map((c) => String.fromCharCode(c)).join(''))

/** A value a field may get: plausible, unicode, binary, control characters, bidi and line separators. */
const plainText = fc.oneof(
	fc.constantFrom(
		'Robin',
		'Keys',
		'山田',
		'Zoë Ünal',
		'owner@example.com',
		'member@example.com',
		'2024-01-31',
		'12345',
		'+81 90 1234 5678',
		'RCLK-JUNO-0005-EEEE',
		'J08D1000',
		'FP30X0',
		'on',
		'true',
		'0',
		'-1',
		'1e308',
		'NaN',
	),
	fc.string({ maxLength: 40 }),
	fc.string({ unit: 'grapheme', maxLength: 30 }),
)
const hostileText = fc.oneof(
	fc.string({ unit: 'binary', maxLength: 40 }),
	fc.tuple(plainText, CONTROL, plainText).map(([a, c, b]) => `${a}${c}${b}`),
	fc.constantFrom(
		'\u202Eevil',
		'\u2028\u2029',
		'\uFEFF',
		'\uD800',
		'a\u0000b',
		'<script>alert(1)</script>',
		'../../etc',
	),
)
const hugeText = fc
	.tuple(fc.constantFrom(300, 4_000, 20_000, 66_000, 70_000), fc.constantFrom('x', 'é', '😀', '%', '\u0000'))
	.map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)))

const fieldName = fc.oneof(
	fc.constantFrom('__proto__', 'constructor', 'prototype', 'a[0]', 'a.b', 'x[]', '', 'intent', 'redirectTo', 'website'),
	fc.string({ unit: 'grapheme', maxLength: 12 }),
)

type Mutation =
	| { kind: 'drop'; at: number }
	| { kind: 'extra'; name: string; value: string }
	| { kind: 'repeat'; at: number }
	| { kind: 'huge'; at: number; value: string }
	| { kind: 'hostile'; at: number; value: string }
	| { kind: 'forge'; at: number; id: number }

function mutation(): fc.Arbitrary<Mutation> {
	const at = fc.nat({ max: 60 })
	return fc.oneof(
		{ weight: 3, arbitrary: fc.record({ kind: fc.constant('drop' as const), at }) },
		{ weight: 2, arbitrary: fc.record({ kind: fc.constant('extra' as const), name: fieldName, value: plainText }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('repeat' as const), at }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('huge' as const), at, value: hugeText }) },
		{ weight: 3, arbitrary: fc.record({ kind: fc.constant('hostile' as const), at, value: hostileText }) },
		{ weight: 3, arbitrary: fc.record({ kind: fc.constant('forge' as const), at, id: fc.nat() }) },
	)
}

export interface Target {
	/** The route's name (screen) and the URL posted to, with its parameters filled. */
	route: string
	url: string
	/** The forms the page shows that post here (none when the page shows none, or is not shown to this visitor). */
	forms: PageForm[]
	intents: string[]
	/** Whether the page is shown to this visitor (not a redirect elsewhere): most cases go to those. */
	shown: boolean
}

/** One field's value, chosen for its kind. */
function valueFor(field: FormField, forged: readonly string[]): fc.Arbitrary<string | undefined> {
	const forge = forged.length ? fc.constantFrom(...forged) : fc.constant('00000000-0000-4000-8000-000000000000')
	switch (field.type) {
		case 'hidden':
			return fc.oneof({ weight: 6, arbitrary: fc.constant(field.value) }, { weight: 2, arbitrary: forge }, plainText)
		case 'checkbox':
		case 'radio':
			return fc.oneof(fc.constant(field.value), fc.constant(undefined), plainText)
		case 'select':
			return field.options.length
				? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...field.options) }, forge, plainText)
				: plainText
		case 'submit':
			return fc.constant(undefined)
		default:
			return fc.oneof({ weight: 4, arbitrary: plainText }, forge, fc.constant(''))
	}
}

/** A case for a target: a form of the page (or none) filled, mutated, encoded. */
export function caseFor(
	target: Target,
	forged: readonly string[],
	fixedAddress: string | undefined,
): fc.Arbitrary<FuzzCase> {
	const forms: PageForm[] = target.forms.length ? target.forms : [{ action: target.url, enctype: '', fields: [] }]
	const intents = [
		...new Set([
			...target.intents,
			...forms.flatMap((f) => f.fields.filter((x) => x.name === 'intent').map((x) => x.value)),
		]),
	]
	return fc
		.nat({ max: forms.length - 1 })
		.chain((formIndex) => {
			const form = forms[formIndex]!
			const named = new Map<string, FormField>()
			// One entry per name; a checkbox group's options are one field with a value of its own each time.
			for (const field of form.fields)
				if (field.name !== 'intent' && !named.has(field.name)) named.set(field.name, field)
			const fields = [...named.values()]
			const ownIntents = form.fields.filter((f) => f.name === 'intent').map((f) => f.value)
			return fc.record({
				form: fc.constant(target.forms.length ? formIndex : -1),
				values: fc.tuple(...fields.map((f) => valueFor(f, forged))),
				names: fc.constant(fields.map((f) => f.name)),
				// Mostly the form's own buttons (what a browser sends), else any intent the module knows, junk or none.
				intent: intents.length
					? fc.oneof(
							...(ownIntents.length ? [{ weight: 6, arbitrary: fc.constantFrom(...ownIntents) }] : []),
							{ weight: 4, arbitrary: fc.constantFrom(...intents) },
							{ weight: 1, arbitrary: plainText },
							{ weight: 1, arbitrary: fc.constant(undefined) },
						)
					: fc.option(plainText, { freq: 5 }),
				mutations: fc.array(mutation(), { maxLength: 4 }),
				encoding: fc.oneof(
					{ weight: 12, arbitrary: fc.constant<Encoding>('urlencoded') },
					{ weight: 5, arbitrary: fc.constant<Encoding>('multipart') },
					{
						weight: 3,
						arbitrary: fc.constantFrom<Encoding>(
							'json',
							'text/plain',
							'none',
							'invalid-utf8',
							'foreign-charset',
							'multipart-broken',
						),
					},
				),
				charset: fc.constantFrom('shift_jis', 'utf-16', 'iso-8859-1', 'x-no-such-charset', 'utf-8'),
				japanese: fc.boolean(),
				singleFetch: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, fc.constant(true)),
				address: fixedAddress
					? fc.constant(fixedAddress)
					: fc
							.tuple(
								fc.integer({ min: 1, max: 254 }),
								fc.integer({ min: 1, max: 254 }),
								fc.integer({ min: 1, max: 254 }),
							)
							.map(([a, b, c]) => `10.${a}.${b}.${c}`),
			})
		})
		.map(({ form, values, names, intent, mutations, encoding, charset, japanese, address, singleFetch }) => {
			let body: [string, string][] = []
			names.forEach((name, i) => {
				const value = values[i]
				if (value !== undefined) body.push([name, value])
			})
			if (intent !== undefined && intent !== null) body.push(['intent', intent])
			for (const m of mutations) {
				const i = body.length ? (m.kind === 'extra' ? 0 : m.at % body.length) : -1
				if (m.kind === 'extra') body.push([m.name, m.value])
				else if (i < 0) continue
				else if (m.kind === 'drop') body = body.filter((_, j) => j !== i)
				else if (m.kind === 'repeat') body.push(body[i]!)
				else if (m.kind === 'forge') body[i] = [body[i]![0], forged.length ? forged[m.id % forged.length]! : 'x']
				else body[i] = [body[i]![0], m.value]
			}
			const url = japanese ? `${target.url}${target.url.includes('?') ? '&' : '?'}culture_code=ja-JP` : target.url
			return { url, form, encoding, fields: body, charset, address, singleFetch }
		})
}

/* ---- Posting a case ---- */

/** Connections the portal closed before answering, tried again once (a kept-alive socket it had just closed). */
export const closedConnections = { count: 0 }

/**
 * fetch, tried once more when the connection was closed before any answer: the server closes an idle
 * kept-alive socket after its keep-alive timeout, and a request may set off on it at that moment. A
 * second close is a failure (the portal gave no answer at all).
 */
async function send(url: URL, init: RequestInit): Promise<Response> {
	try {
		return await fetch(url, init)
	} catch (error) {
		const cause = (error as { cause?: { code?: string; message?: string } }).cause
		if (!(cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET')) throw error
		closedConnections.count++
		return fetch(url, init)
	}
}

export interface Lane {
	/** For the report and the replay: `customer`, `cloudMember`, `visitor`. */
	name: string
	account?: FuzzAccount
	/** The session cookie (`__session=…`), kept as the portal rotates it. */
	cookie: string
}

export interface Answer {
	status: number
	location: string
	html: string
}

function encode(c: FuzzCase): { contentType?: string; body?: Blob | string } {
	switch (c.encoding) {
		case 'urlencoded':
			return { contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(c.fields).toString() }
		case 'foreign-charset':
			return {
				contentType: `application/x-www-form-urlencoded; charset=${c.charset}`,
				body: new URLSearchParams(c.fields).toString(),
			}
		case 'invalid-utf8': {
			// Raw bytes that are no UTF-8 (a lone continuation byte, an overlong form, a cut sequence) in names and values.
			const parts = c.fields.map(([n, v]) =>
				Buffer.concat([
					Buffer.from(encodeURIComponent(n)),
					Buffer.from('=\xff\xc0\x80'),
					Buffer.from(v, 'latin1'),
					Buffer.from([0xe3, 0x81]),
				]),
			)
			return {
				contentType: 'application/x-www-form-urlencoded',
				body: new Blob([Buffer.concat(parts.flatMap((p, i) => (i ? [Buffer.from('&'), p] : [p])))]),
			}
		}
		case 'multipart': {
			const boundary = '----fuzz' + 'b'.repeat(12)
			const chunks = c.fields.map(
				([n, v]) =>
					`--${boundary}\r\nContent-Disposition: form-data; name="${n.replace(/["\r\n]/g, '_')}"\r\n\r\n${v}\r\n`,
			)
			return { contentType: `multipart/form-data; boundary=${boundary}`, body: `${chunks.join('')}--${boundary}--\r\n` }
		}
		case 'multipart-broken':
			return {
				contentType: 'multipart/form-data; boundary=zzz',
				body: `--zzz\r\nContent-Disposition: form-data; name="${c.fields[0]?.[0] ?? 'a'}"\r\n\r\n${c.fields[0]?.[1] ?? ''}`,
			}
		case 'json':
			return { contentType: 'application/json', body: JSON.stringify(Object.fromEntries(c.fields)) }
		case 'text/plain':
			return { contentType: 'text/plain', body: c.fields.map(([n, v]) => `${n}=${v}`).join('\r\n') }
		case 'none':
			return {}
	}
}

export async function post(baseURL: string, lane: Lane, c: FuzzCase): Promise<Answer> {
	const { contentType, body } = encode(c)
	const headers: Record<string, string> = {
		Origin: new URL(baseURL).origin,
		'X-Forwarded-For': c.address,
		Accept: 'text/html',
	}
	if (contentType) headers['Content-Type'] = contentType
	if (lane.cookie) headers.Cookie = lane.cookie
	const response = await send(c.singleFetch ? singleFetchUrl(c.url, baseURL) : new URL(c.url, baseURL), {
		method: 'POST',
		headers,
		body,
		redirect: 'manual',
	})
	keepSession(lane, response)
	const html = (response.headers.get('content-type') ?? '').includes('text/html') ? await response.text() : ''
	if (!html) await response.arrayBuffer()
	return { status: response.status, location: response.headers.get('location') ?? '', html }
}

/** A route's single-fetch URL: `/login` → `/login.data`, the index `/` → `/_root.data`, the query kept. */
export function singleFetchUrl(url: string, baseURL: string): URL {
	const target = new URL(url, baseURL)
	target.pathname = target.pathname === '/' ? '/_root.data' : `${target.pathname.replace(/\/$/, '')}.data`
	return target
}

function keepSession(lane: Lane, response: Response) {
	for (const line of response.headers.getSetCookie()) {
		const [pair] = line.split(';')
		if (pair!.startsWith('__session=')) lane.cookie = pair!.endsWith('=') ? '' : pair!
	}
}

/** Signs a lane in as its account, through the login form, from an address of the lane's. */
export async function signIn(baseURL: string, lane: Lane, address: string): Promise<void> {
	const account = FUZZ_ACCOUNTS[lane.account!]
	lane.cookie = ''
	const response = await send(new URL('/login', baseURL), {
		method: 'POST',
		headers: {
			Origin: new URL(baseURL).origin,
			'X-Forwarded-For': address,
			'Content-Type': 'application/x-www-form-urlencoded',
		},
		body: new URLSearchParams({ email: account.email, password: account.password }).toString(),
		redirect: 'manual',
	})
	await response.arrayBuffer()
	keepSession(lane, response)
	if (response.status !== 302 || !lane.cookie) throw new Error(`${lane.name} could not sign in (${response.status})`)
}

export async function getPage(baseURL: string, lane: Lane, url: string): Promise<{ status: number; html: string }> {
	const response = await send(new URL(url, baseURL), {
		headers: { ...(lane.cookie ? { Cookie: lane.cookie } : {}), 'X-Forwarded-For': '10.253.0.1' },
		redirect: 'manual',
	})
	return { status: response.status, html: await response.text() }
}

/* ---- The emulator's request log ---- */

/** A call the emulated upstreams answered, as its request log gives it. */
export type Call = ReceivedCall

const ADMIN = { 'X-Emulator-Admin-Token': E2E_EMULATOR_ADMIN_TOKEN }

export async function callsAfter(baseURL: string, after: number): Promise<Call[]> {
	const response = await send(new URL(`/_emulator/requests.json?after=${after}`, baseURL), { headers: ADMIN })
	return (await response.json()) as Call[]
}

export async function latestCall(baseURL: string): Promise<number> {
	const response = await send(new URL('/_emulator/requests.json', baseURL), { headers: ADMIN })
	return ((await response.json()) as { latest: number }).latest
}

/**
 * The calls that act on one of `foreign` (another account's things) while made for `userId`, or for
 * no user: the id in the call's path after the segment naming its kind (`users/{id}`,
 * `registeredProducts/{id}`), or in a body field naming its kind (`registeredProductId`). The same text
 * elsewhere (a name, a comment, a typed key or email) acts on nobody's data.
 */
export function crossUserCalls(
	calls: readonly Call[],
	userId: string | undefined,
	foreign: readonly OwnedId[],
): Call[] {
	return calls.filter((call) => {
		if (call.userId !== null && call.userId !== userId) return false
		const segments = call.path.split('/').map((segment) => safeDecode(segment))
		return foreign.some(({ id, kind }) => {
			const { segment, field } = OWNED[kind]!
			const inPath = segments.some((s, i) => s === id && i > 0 && segment.test(segments[i - 1]!))
			return inPath || fieldValues(call.body, field).includes(id)
		})
	})
}

function safeDecode(segment: string): string {
	try {
		return decodeURIComponent(segment)
	} catch {
		return segment
	}
}

/** The values of a body's fields whose names match, at any depth. */
function fieldValues(body: unknown, field: RegExp, key = ''): string[] {
	if (typeof body === 'string' || typeof body === 'number') return field.test(key) ? [String(body)] : []
	if (Array.isArray(body)) return body.flatMap((item) => fieldValues(item, field, key))
	if (body && typeof body === 'object') return Object.entries(body).flatMap(([k, v]) => fieldValues(v, field, k))
	return []
}
