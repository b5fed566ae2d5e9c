/**
 * The pieces of the fault matrix (tests/e2e/fault-matrix.http.spec.ts, ADR 0052): a visitor with a
 * cookie jar over node:http (any Host, no redirect followed, a bound on the wait), the post forms a
 * screen's HTML holds, filled as a person would, and what counts as the designed answer.
 *
 * Kept free of the test runner's imports, so its rules are plain functions.
 */
import http from 'node:http'
import { HONEYPOT_FIELD } from '../../app/domain/honeypot.ts'

/** The emulator's fault modes the matrix injects (server/emulator/faults.ts). */
export const FAULT_MODES = ['delay', 'status', 'malformed', 'drop'] as const
export type FaultMode = (typeof FAULT_MODES)[number]

/** An upstream call as the emulator's request log names it: method and path under /_emulator. */
export interface UpstreamCall {
	method: string
	path: string
}

export const callKey = (call: UpstreamCall) => `${call.method} ${call.path}`

export interface Answer {
	status: number
	location: string | undefined
	contentType: string
	body: string
	ms: number
	/** No answer: the connection failed, or none came within the bound. */
	error?: string
}

/** A visitor of the portal: its cookies, whatever host it names, and its own address (the limits count per address). */
export class Visitor {
	readonly jar = new Map<string, string>()
	/** Set when the portal set or cleared the session cookie since `clean()`: a sign-out, a new session. */
	sessionChanged = false
	readonly baseURL: string
	readonly address: string
	constructor(baseURL: string, address: string) {
		this.baseURL = baseURL
		this.address = address
	}

	clean() {
		this.sessionChanged = false
	}

	request(
		method: string,
		path: string,
		options: { host?: string; body?: Buffer; contentType?: string; boundMs?: number } = {},
	): Promise<Answer> {
		const base = new URL(this.baseURL)
		const host = `${options.host ?? base.hostname}:${base.port}`
		const started = performance.now()
		const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ')
		const headers: Record<string, string> = {
			Host: host,
			'X-Forwarded-For': this.address,
			Accept: 'text/html',
			'Accept-Language': 'en-US',
			...(cookie ? { Cookie: cookie } : {}),
		}
		if (options.body) {
			headers['Content-Type'] = options.contentType ?? 'application/x-www-form-urlencoded'
			headers['Content-Length'] = String(options.body.byteLength)
			headers.Origin = `${base.protocol}//${host}`
		}
		return new Promise((resolve) => {
			const request = http.request(
				new URL(path, this.baseURL),
				{ method, headers, agent: false, timeout: options.boundMs ?? 30_000 },
				(response) => {
					const chunks: Buffer[] = []
					response.on('data', (chunk: Buffer) => chunks.push(chunk))
					response.on('error', (error) => done({ error: `answer cut off: ${error.message}` }))
					response.on('end', () => {
						this.keep(response.headers['set-cookie'] ?? [])
						done({
							status: response.statusCode ?? 0,
							location: response.headers.location,
							contentType: response.headers['content-type'] ?? '',
							body: Buffer.concat(chunks).toString('utf8'),
						})
					})
				},
			)
			let settled = false
			const done = (answer: Partial<Answer>) => {
				if (settled) return
				settled = true
				resolve({
					status: 0,
					location: undefined,
					contentType: '',
					body: '',
					...answer,
					ms: performance.now() - started,
				})
			}
			request.on('timeout', () => request.destroy(new Error(`no answer within ${options.boundMs ?? 30_000} ms`)))
			request.on('error', (error) => done({ error: error.message }))
			request.end(options.body)
		})
	}

	private keep(setCookies: string[]) {
		for (const line of setCookies) {
			const [pair = '', ...attributes] = line.split(';')
			const at = pair.indexOf('=')
			const name = pair.slice(0, at).trim()
			const value = pair.slice(at + 1).trim()
			const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a))
			if (name === '__session' && (gone || this.jar.get(name) !== value)) this.sessionChanged = true
			if (gone || !value) this.jar.delete(name)
			else this.jar.set(name, value)
		}
	}
}

const decode = (text: string) =>
	text
		.replaceAll('&quot;', '"')
		.replaceAll('&#x27;', "'")
		.replaceAll('&#39;', "'")
		.replaceAll('&lt;', '<')
		.replaceAll('&gt;', '>')
		.replaceAll('&amp;', '&')

function attributesOf(text: string): Record<string, string> {
	const attributes: Record<string, string> = {}
	for (const match of text.matchAll(/([\w:-]+)(?:="([^"]*)")?/g))
		attributes[match[1]!.toLowerCase()] = decode(match[2] ?? '')
	return attributes
}

export interface FormField {
	name: string
	/** input type, or `select`, `textarea`. */
	type: string
	value: string
	checked: boolean
	options: string[]
}

export interface PostForm {
	/** Where it posts: its action, else the page's own path and query. */
	action: string
	multipart: boolean
	fields: FormField[]
	/** The named submit buttons (`intent`…): each is a variant of the action. */
	buttons: Array<{ name: string; value: string }>
}

/** The post forms of a server-rendered page, read from its HTML (React's markup: quoted attributes). */
export function postFormsOf(html: string, pagePath: string): PostForm[] {
	const forms: PostForm[] = []
	let form: PostForm | undefined
	let select: FormField | undefined
	let textarea: { field: FormField; from: number } | undefined
	for (const match of html.matchAll(/<(\/?)(form|input|select|option|textarea|button)\b([^>]*)>/gi)) {
		const closing = match[1] === '/'
		const tag = match[2]!.toLowerCase()
		const attributes = attributesOf(match[3] ?? '')
		if (tag === 'form') {
			if (closing) {
				if (form) forms.push(form)
				form = undefined
			} else if ((attributes.method ?? '').toLowerCase() === 'post') {
				form = {
					action: attributes.action || pagePath,
					multipart: (attributes.enctype ?? '').includes('multipart'),
					fields: [],
					buttons: [],
				}
			}
			continue
		}
		if (!form) continue
		if (tag === 'textarea') {
			if (closing && textarea) {
				textarea.field.value = decode(html.slice(textarea.from, match.index))
				textarea = undefined
			} else if (!closing && attributes.name) {
				const field = { name: attributes.name, type: 'textarea', value: '', checked: false, options: [] }
				form.fields.push(field)
				textarea = { field, from: match.index! + match[0].length }
			}
		} else if (tag === 'select') {
			if (closing) select = undefined
			else if (attributes.name) {
				select = { name: attributes.name, type: 'select', value: '', checked: false, options: [] }
				form.fields.push(select)
			}
		} else if (tag === 'option' && select && !closing) {
			if (attributes.value) select.options.push(attributes.value)
			if ('selected' in attributes) select.value = attributes.value ?? ''
		} else if (tag === 'input' && attributes.name && !('disabled' in attributes)) {
			const type = (attributes.type ?? 'text').toLowerCase()
			if (type === 'submit') form.buttons.push({ name: attributes.name, value: attributes.value ?? '' })
			else
				form.fields.push({
					name: attributes.name,
					type,
					value: attributes.value ?? '',
					checked: 'checked' in attributes,
					options: [],
				})
		} else if (tag === 'button' && !closing && attributes.name && (attributes.type ?? 'submit') === 'submit') {
			const button = { name: attributes.name, value: attributes.value ?? '' }
			if (!form.buttons.some((b) => b.name === button.name && b.value === button.value)) form.buttons.push(button)
		}
	}
	return forms
}

/** What the matrix types into a field left empty: plausible for its name and type, easy to find again. */
export const TYPED_TEXT = 'Fault Matrix'

export function fillForm(
	form: PostForm,
	button: { name: string; value: string } | undefined,
	account: { email: string; password: string },
): { entries: Array<[string, string]>; typed: string[] } {
	const entries: Array<[string, string]> = []
	const typed: string[] = []
	const radios = new Set<string>()
	for (const field of form.fields) {
		const { name, type } = field
		if (name === HONEYPOT_FIELD || type === 'file') continue
		if (type === 'hidden') {
			entries.push([name, field.value])
			continue
		}
		if (type === 'checkbox') {
			entries.push([name, field.value || 'on'])
			continue
		}
		if (type === 'radio') {
			if (radios.has(name)) continue
			radios.add(name)
			entries.push([name, field.value])
			continue
		}
		if (type === 'select') {
			const preferred = SELECT_SAMPLES[name]
			entries.push([
				name,
				field.value || (preferred && field.options.includes(preferred) ? preferred : field.options[0] || ''),
			])
			continue
		}
		// A known good value over one the page offers: the matrix's own earlier posts change the demo
		// accounts (a profile saved with a guessed phone), and a support form offers what the account holds.
		const known = FIELD_SAMPLES[name]
		if (field.value && !known) {
			entries.push([name, field.value])
			continue
		}
		const value = sampleFor(name, type, account)
		if (value === TYPED_TEXT || type === 'textarea') typed.push(value)
		entries.push([name, value])
	}
	if (button) entries.push([button.name, button.value])
	return { entries, typed }
}

/**
 * Values that pass the forms' own rules where a guess by name would not, by field name: the support
 * forms' (spec 1 §5) phone, postal code and demo date are checked against the country, which is the
 * demo customer's, the US (server/emulator/demo.ts), or the form's country field, set to it. So each
 * support form's fault-free post reaches the help centre, and its outbox row is checked under a fault.
 */
const FIELD_SAMPLES: Readonly<Record<string, () => string>> = {
	phone: () => '2125550123',
	postalCode: () => '10001',
	zipCode: () => '10001',
	stateProvince: () => 'NY',
	// A demo may be asked for from today on; a week ahead is a day every run accepts.
	preferredDate: () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
}
/** A select's option chosen over its first, where the form's other values are checked against it. */
const SELECT_SAMPLES: Readonly<Record<string, string>> = { country: 'US' }

function sampleFor(name: string, type: string, account: { email: string; password: string }): string {
	const known = FIELD_SAMPLES[name]
	if (known) return known()
	const n = name.toLowerCase()
	if (type === 'password' || n.includes('password')) return account.password
	if (type === 'email' || n.includes('email')) return account.email
	if (type === 'date' || n.includes('date')) return '2025-01-15'
	if (type === 'number' || n.includes('quantity')) return '1'
	// A number the US plan (the demo accounts' country) accepts, as does Japan's.
	if (type === 'tel' || n.includes('phone')) return '2125550123'
	if (n.includes('serial')) return 'Z1A2345'
	if (n.includes('postal') || n.includes('zip')) return '10001'
	if (n === 'code' || n.endsWith('code')) return '123456'
	if (n.includes('key')) return 'ABCD-EFGH-IJKL-MNOP'
	if (type === 'url') return 'https://example.com/'
	if (type === 'textarea') return 'Fault matrix: this text is kept when the form comes back.'
	return TYPED_TEXT
}

/** The body of a filled form, as a browser sends it. */
export async function formBody(
	form: PostForm,
	entries: Array<[string, string]>,
): Promise<{ body: Buffer; contentType: string }> {
	if (!form.multipart) {
		return {
			body: Buffer.from(new URLSearchParams(entries).toString()),
			contentType: 'application/x-www-form-urlencoded',
		}
	}
	const data = new FormData()
	for (const [name, value] of entries) data.append(name, value)
	const request = new Request('http://localhost/', { method: 'POST', body: data })
	return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! }
}

/** The kinds of designed answer, and the failures. */
export type Outcome =
	| 'served' // 200 with the page: from the cache, or the failed call was not needed for it
	| 'unavailable' // 503 with the spec's message
	| 'refused' // a 4xx with a message (a form's errors, a thing not found)
	| 'redirected' // the same redirect the call made without the fault, or a form's post/redirect/get
	| 'received' // a support request answered as kept for delivery
	| 'failed'

export const TRY_AGAIN = 'Please try again in a moment.'
export const KEPT = 'We have your request (reference'

const inHtml = (text: string) =>
	text
		.replaceAll('&', '&amp;')
		.replaceAll('<', '&lt;')
		.replaceAll('>', '&gt;')
		.replaceAll('"', '&quot;')
		.replaceAll("'", '&#x27;')

/** A whole page: a document with a body and something in it, not an empty shell. */
function wholePage(answer: Answer): boolean {
	return /<html/i.test(answer.body) && /<\/html>/i.test(answer.body) && answer.body.length > 1000
}

/**
 * Judges one cell. `baseline` is the answer without the fault; `boundMs` the longest it may take
 * (the faulted calls one after another, each up to the time-out, and a margin).
 */
export function judge(
	answer: Answer,
	context: { baseline: Answer; boundMs: number; action: boolean; typed: string[] },
): { outcome: Outcome; why?: string } {
	const fail = (why: string) => ({ outcome: 'failed' as const, why })
	if (answer.error) return fail(answer.error)
	if (answer.ms > context.boundMs) return fail(`answered after ${Math.round(answer.ms)} ms (bound ${context.boundMs})`)
	const { status } = answer
	if (status >= 500 && status !== 503) return fail(`HTTP ${status}`)
	const body = answer.body.replaceAll('<!-- -->', '')
	if (status === 503) {
		if (!body.includes(TRY_AGAIN)) return fail(`503 without the message '${TRY_AGAIN}'`)
		if (context.action && context.typed.length && !context.typed.some((text) => body.includes(inHtml(text))))
			return fail('503 without what was typed')
		return { outcome: 'unavailable' }
	}
	if (status >= 300 && status < 400) {
		const to = answer.location ?? ''
		if (context.baseline.status >= 300 && context.baseline.status < 400 && context.baseline.location === to)
			return { outcome: 'redirected' }
		// Signed out or sent to sign in by an outage: the user loses their place for nothing.
		if (/^\/login\b|^\/oauth2\/redirect\b/.test(to)) return fail(`${status} to ${to}`)
		// A support request taken: its page names the reference (`?sent=`), kept in the outbox.
		if (context.action && /[?&]sent=/.test(to)) return { outcome: 'received' }
		if (context.action) return { outcome: 'redirected' }
		return fail(`${status} to ${to}, without the fault ${context.baseline.status} ${context.baseline.location ?? ''}`)
	}
	if (status >= 400) {
		if (!wholePage(answer) && !answer.contentType.includes('json')) return fail(`${status} with no page`)
		return { outcome: 'refused' }
	}
	if (status === 200 || status === 204) {
		if (body.includes(KEPT)) return { outcome: 'received' }
		if (answer.contentType.includes('html') && !wholePage(answer)) return fail(`${status} with a blank page`)
		return { outcome: 'served' }
	}
	return fail(`HTTP ${status}`)
}
