/**
 * `npm run bench` (a part of its own; alone: `npm run bench:journeys`): mixed journeys under load (issue 23). 64
 * connections for 60 s against the production build, the emulator in its own process, each connection going
 * through a customer's visit again and again:
 *
 *   - one connection in four, a visitor who does not sign in: /login, then the memberships for visitors;
 *   - the others, a customer: sign-in (the login form posted), then five times the gear list (13 registered
 *     products), a service request posted and the cloud account, then sign-out.
 *
 * Each step's answer is checked (the page's status and what it must show, a post's redirect), and the
 * figures are printed per step: requests per second, p50 and p99. Budget: 0 errors (a wrong status, a
 * missing page, no answer at all).
 *
 * Each connection stands for its own visitor: its own cookies, and its own client address (X-Forwarded-For,
 * with TRUST_PROXY=loopback), as the portal's per-address limits would otherwise count the whole load as one
 * visitor. All sign in as the emulator's cloud member, whose per-account limits (sign-in, support requests)
 * are lifted for the run (RATE_LIMITS): what is measured is the portal under load, not its limits.
 *
 *   BENCH_JOURNEY_SECONDS=20 npm run bench:journeys    # a shorter run (default 60 s)
 *   BENCH_JOURNEY_CONNECTIONS=32 npm run bench:journeys
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fieldsOf, SUPPORT_FORMS } from '../app/domain/support-fields.ts'
import { DEMO_ACCOUNTS } from '../server/emulator/demo.ts'
import { VALID } from '../tests/fixtures/support-forms.ts'
import { GEAR_LIST_SLUGS, registerGearList } from './gear.ts'
import { BENCH_SECURITY_SECRET, startPortalOnEmulator } from './portal.ts'
import { runQuietly, stopAllServers, type ServerProcess } from './processes.ts'
import { portalServerFile } from '../server/node-flags.ts'
import { formatMs, percentile } from './latency.ts'

const root = path.resolve(import.meta.dirname, '..')
const CONNECTIONS = Number(process.env.BENCH_JOURNEY_CONNECTIONS || 64)
const SECONDS = Number(process.env.BENCH_JOURNEY_SECONDS || 60)
const HEADERS = { 'Accept-Encoding': 'gzip, br', 'Accept-Language': 'en' }
const MEMBER = DEMO_ACCOUNTS.cloudMember
const SUPPORT_FORM = SUPPORT_FORMS.service_request
const SUPPORT_PATH = `/support/${SUPPORT_FORM.tab}`

interface Step {
	name: string
	latencies: number[]
	errors: number
	/** The first few things that went wrong, to say why. */
	failures: string[]
}

const steps = new Map<string, Step>()
function step(name: string): Step {
	let found = steps.get(name)
	if (!found) steps.set(name, (found = { name, latencies: [], errors: 0, failures: [] }))
	return found
}

/** The service request, filled in as a US customer would. */
function serviceRequestBody(): string {
	const body = new URLSearchParams({ intent: 'send' })
	for (const field of fieldsOf(SUPPORT_FORM, false)) body.set(field.name, VALID[field.name] ?? '')
	body.set('email', 'bench-journeys@example.com')
	return body.toString()
}

let nextAddress = 0
/** A client address per visitor: 10.1.0.1, 10.1.0.2… */
function clientAddress(): string {
	nextAddress += 1
	return `10.1.${(nextAddress >> 8) & 255}.${nextAddress & 255}`
}

/** One visitor's cookies, kept as a browser does (a deleted cookie is dropped). */
class Visitor {
	readonly address = clientAddress()
	private jar = new Map<string, string>()
	private portal: ServerProcess
	constructor(portal: ServerProcess) {
		this.portal = portal
	}

	cookie(): string {
		return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ')
	}

	private keep(response: Response): void {
		for (const header of response.headers.getSetCookie()) {
			const [pair, ...attributes] = header.split(';')
			const equals = pair!.indexOf('=')
			if (equals <= 0) continue
			const name = pair!.slice(0, equals).trim()
			const value = pair!.slice(equals + 1).trim()
			const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a))
			if (expired || value === '') this.jar.delete(name)
			else this.jar.set(name, value)
		}
	}

	/**
	 * A request timed as a step; `check` says what is wrong with the answer, or null. A step that fails ends the
	 * visit (what follows would not mean anything), so the caller starts a new one.
	 */
	async request(
		name: string,
		urlPath: string,
		check: (response: Response, body: string) => string | null,
		post?: string,
	): Promise<boolean> {
		const record = step(name)
		const started = performance.now()
		let problem: string | null
		try {
			const response = await fetch(this.portal.origin + urlPath, {
				method: post === undefined ? 'GET' : 'POST',
				redirect: 'manual',
				headers: {
					...HEADERS,
					'X-Forwarded-For': this.address,
					...(this.jar.size > 0 ? { Cookie: this.cookie() } : {}),
					...(post === undefined
						? {}
						: { Origin: this.portal.origin, 'Content-Type': 'application/x-www-form-urlencoded' }),
				},
				body: post,
			})
			const body = await response.text()
			this.keep(response)
			problem = check(response, body)
		} catch (error) {
			problem = `no answer: ${(error as Error).message}`
		}
		if (problem === null) {
			record.latencies.push(performance.now() - started)
			return true
		}
		record.errors += 1
		if (record.failures.length < 5) record.failures.push(problem)
		return false
	}
}

const page =
	(holds: (html: string) => boolean, what: string) =>
	(response: Response, body: string): string | null =>
		response.status !== 200
			? `${response.status}, not 200 (${headingOf(body)})`
			: holds(body)
				? null
				: `200 without ${what}`

/** What an error page says, to tell one failure from another: its first heading, else its title. */
function headingOf(html: string): string {
	const text = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? ''
	return text
		.replace(/<[^>]+>/g, '')
		.trim()
		.slice(0, 200)
}

const redirect =
	(to: (location: string) => boolean, what: string) =>
	(response: Response): string | null => {
		const location = response.headers.get('Location') ?? ''
		return response.status >= 300 && response.status < 400 && to(location)
			? null
			: `${response.status} ${location ? `to ${location}` : ''}, not a redirect ${what}`
	}

/** When the measured run ends: a customer's visit goes no further round after it, and signs out. */
let deadline = Infinity

/** How many rounds of the signed-in pages a customer goes through between signing in and out. */
const ROUNDS_PER_SIGN_IN = 5
/** One connection in this many browses as a visitor who is not signed in; the others as customers. */
const ANONYMOUS_EVERY = 4

/** A visitor who does not sign in: the sign-in page, then the memberships; false when a step failed. */
async function anonymousVisit(portal: ServerProcess): Promise<boolean> {
	const visitor = new Visitor(portal)
	return (
		(await visitor.request(
			'anonymous /login',
			'/login',
			page((h) => h.includes('name="password"'), 'the form'),
		)) &&
		(await visitor.request(
			'anonymous /cloud/memberships',
			'/cloud/memberships',
			page((h) => h.includes('<main'), 'the page'),
		))
	)
}

/**
 * A customer's visit: signs in, goes through the gear list, a service request and the cloud account
 * ROUNDS_PER_SIGN_IN times, signs out; false when a step failed. A sign-in is one of many requests of a visit,
 * as for customers (and the emulator checks each password with scrypt, which would otherwise set the pace).
 */
async function customerVisit(portal: ServerProcess, supportBody: string): Promise<boolean> {
	const visitor = new Visitor(portal)
	const signedIn = await visitor.request(
		'sign-in (POST /login)',
		'/login',
		redirect((to) => !to.includes('/login'), 'away from /login'),
		new URLSearchParams({ email: MEMBER.email, password: MEMBER.password, redirectTo: '' }).toString(),
	)
	if (!signedIn) return false
	for (let round = 0; round < ROUNDS_PER_SIGN_IN && performance.now() < deadline; round++) {
		const ok =
			(await visitor.request(
				'gear list /gear/my_gear',
				'/gear/my_gear',
				page((h) => (h.match(/class="gear-card"/g) ?? []).length === 12, '12 products'),
			)) &&
			(await visitor.request(
				`support post ${SUPPORT_PATH}`,
				SUPPORT_PATH,
				redirect((to) => to.startsWith(`${SUPPORT_PATH}?sent=`), 'to the sent page'),
				supportBody,
			)) &&
			(await visitor.request(
				'cloud account /cloud/account',
				'/cloud/account',
				page((h) => h.includes('id="billing-history"'), 'the billing history'),
			))
		if (!ok) return false
	}
	return visitor.request(
		'sign-out (POST /logout)',
		'/logout',
		redirect(() => true, ''),
		'',
	)
}

/** Connection `index`'s next visit. */
const visit = (portal: ServerProcess, supportBody: string, index: number) =>
	index % ANONYMOUS_EVERY === 0 ? anonymousVisit(portal) : customerVisit(portal, supportBody)

const workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-journeys-'))

async function main(): Promise<boolean> {
	if (!existsSync(portalServerFile(path.join(root, process.env.PORTAL_BUILD_DIR ?? 'build')))) {
		console.log('building the portal (react-router build)…')
		runQuietly('npx', ['react-router', 'build'], root)
	}
	console.log('starting the emulator and the portal…')
	const lifted = 1_000_000
	const { portal, emulator } = await startPortalOnEmulator(root, workDir, {
		TRUST_PROXY: 'loopback',
		RATE_LIMITS: ['signin-account', 'signin-client', 'support-account', 'support-client', 'post-client']
			.map((name) => `${name}=${lifted}`)
			.join(','),
	})
	const registered = await registerGearList(emulator.origin, BENCH_SECURITY_SECRET, MEMBER)
	if (registered !== GEAR_LIST_SLUGS.length)
		throw new Error(`${MEMBER.email} holds ${registered} registered products, not ${GEAR_LIST_SLUGS.length}`)
	const supportBody = serviceRequestBody()

	// A first visit, alone: a broken journey is an error, not a figure.
	if (!(await visit(portal, supportBody, 0)) || !(await visit(portal, supportBody, 1))) {
		const broken = [...steps.values()].find((s) => s.errors > 0)!
		throw new Error(`the journey fails at "${broken.name}": ${broken.failures[0]}\n${portal.output()}`)
	}
	// Warm-up: JIT, caches, connection pools.
	deadline = performance.now() + 5_000
	await Promise.all(
		Array.from({ length: CONNECTIONS }, async (_, index) => {
			while (performance.now() < deadline) await visit(portal, supportBody, index)
		}),
	)
	steps.clear()

	console.log(`mixed journeys: ${CONNECTIONS} connections, ${SECONDS} s…`)
	let visits = 0
	let completed = 0
	const started = performance.now()
	deadline = started + SECONDS * 1000
	await Promise.all(
		Array.from({ length: CONNECTIONS }, async (_, index) => {
			while (performance.now() < deadline) {
				visits += 1
				if (await visit(portal, supportBody, index)) completed += 1
			}
		}),
	)
	const seconds = (performance.now() - started) / 1000
	const portalOutput = portal.output()
	await stopAllServers()

	const rows = [...steps.values()].map((s) => {
		const sorted = [...s.latencies].sort((a, b) => a - b)
		return {
			step: s.name,
			requests: sorted.length + s.errors,
			requestsPerSecond: (sorted.length + s.errors) / seconds,
			p50LatencyMs: percentile(sorted, 0.5),
			p99LatencyMs: percentile(sorted, 0.99),
			errors: s.errors,
			failures: s.failures,
		}
	})
	const errors = rows.reduce((sum, row) => sum + row.errors, 0)
	const requests = rows.reduce((sum, row) => sum + row.requests, 0)

	console.log(
		`\nMixed journeys: ${CONNECTIONS} connections for ${seconds.toFixed(0)} s, production build, ` +
			`emulator in its own process; ${visits} visits, ${completed} complete\n`,
	)
	const header = ['step', 'requests', 'requests/s', 'p50 ms', 'p99 ms', 'errors']
	const cells = rows.map((r) => [
		r.step,
		String(r.requests),
		r.requestsPerSecond.toFixed(1),
		formatMs(r.p50LatencyMs),
		formatMs(r.p99LatencyMs),
		String(r.errors),
	])
	const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
	for (const line of [header, widths.map((w) => '-'.repeat(w)), ...cells])
		console.log(line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
	console.log(`all steps: ${requests} requests, ${(requests / seconds).toFixed(1)}/s`)
	for (const row of rows) for (const failure of row.failures) console.log(`  ${row.step}: ${failure}`)
	if (errors > 0) console.log(`the portal's last lines:\n${portalOutput.slice(-4_000)}`)
	console.log(`Budget: 0 errors over the mixed journeys: ${errors === 0 ? 'PASS' : 'FAIL'} (${errors})`)

	const resultsDir = path.join(import.meta.dirname, 'results')
	mkdirSync(resultsDir, { recursive: true })
	writeFileSync(
		path.join(resultsDir, 'journeys.json'),
		`${JSON.stringify(
			{
				date: new Date().toISOString(),
				node: process.version,
				cpus: os.cpus().length,
				connections: CONNECTIONS,
				seconds,
				visits,
				completed,
				steps: rows,
				budgets: { noErrors: { errors, pass: errors === 0 } },
			},
			null,
			'\t',
		)}\n`,
	)
	console.log(`\nfigures written to ${path.relative(root, path.join(resultsDir, 'journeys.json'))}`)
	return errors === 0
}

try {
	await main()
} catch (error) {
	console.error(`\n✗ journeys benchmark failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exitCode = 1
} finally {
	await stopAllServers()
	rmSync(workDir, { recursive: true, force: true })
}
