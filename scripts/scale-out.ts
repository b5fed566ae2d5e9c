/**
 * `npm test`'s scale-out step (issue 23, ADR 0053): two portal instances of the production build, sharing one
 * Redis, behind HAProxy with the repository's own configuration (`deploy/haproxy.cfg`), the upstream emulator
 * in a process of its own that both call. It shows, each against the real processes:
 *
 * 1. a session signed in through the proxy on instance A goes on on instance B (through the proxy and
 *    directly), the master data A fetched is B's too (B asks the emulator for none), and 'Log out
 *    everywhere' on B ends the account's session on A;
 * 2. an account's sign-in limit counts across both: refused attempts split over A and B meet the limit at
 *    the configured total;
 * 3. behind the proxy each client has its own limits (clients on 127.0.0.2 and 127.0.0.3, the proxy writing
 *    X-Forwarded-For), and a client cannot forge its way out of one;
 * 4. X-Forwarded-For from a peer TRUST_PROXY does not name is warned of once in that instance's log;
 * 5. A killed (`kill -9`) in the middle of a load of support requests: B serves on, and every request that
 *    was accepted reaches the emulator's help centre exactly once.
 *
 * It prints what it measured (submissions sent, accepted, delivered, lost, duplicated; requests each instance
 * served, from the proxy's own counts; limit refusals) and exits 1 when a check fails. Without haproxy or
 * redis-server it says so and skips (CI installs both: `.ci/run`).
 *
 *   node scripts/scale-out.ts           # builds first when there is no build
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createClient } from 'redis'
import { fieldsOf, SUPPORT_FORMS } from '../app/domain/support-fields.ts'
import { emulatorUpstreamSettings } from '../app/upstream/config.server.ts'
import { freePort, runQuietly, startServer, stopAllServers, type ServerProcess } from '../bench/processes.ts'
import { DEMO_ACCOUNTS } from '../server/emulator/demo.ts'
import { portalServerFile } from '../server/node-flags.ts'
import { VALID } from '../tests/fixtures/support-forms.ts'

const root = path.resolve(import.meta.dirname, '..')
const which = (command: string) =>
	spawnSync('sh', ['-c', `command -v ${command}`])
		.stdout?.toString()
		.trim() || undefined
// Debian puts haproxy in /usr/sbin, which is not on every user's PATH.
const haproxyPath = which('haproxy') ?? (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : undefined)
const redisServerPath = which('redis-server')

/**
 * Refused sign-ins an account may have in a window (ADR 0009: 10), set below the emulated account API's own
 * limit (5 per email), whose 429 would otherwise come first.
 */
const ACCOUNT_SIGN_INS = 4
/** Sign-in attempts a client address may make in a window (ADR 0009: 100). */
const CLIENT_SIGN_INS = 8
/** Concurrent clients posting support requests, how long, and when A is killed. */
const CONNECTIONS = 8
const LOAD_SECONDS = 10
const KILL_AFTER_SECONDS = 3
/**
 * How long the outbox may take to deliver what A held when it died: a job A was delivering is taken up again
 * by B once A's lock on it has expired and B's stalled-job check has run (BullMQ: 30 s each at most).
 */
const DRAIN_TIMEOUT_MS = 120_000
/** Where the emulator's help centre takes tickets, and how late it answers during the load. */
const TICKET_PATH = '/account/zendesk/request'
const TICKET_DELAY_MS = 1_000
const FORM = SUPPORT_FORMS.service_request
const FORM_PATH = `/support/${FORM.tab}`
const SESSION_SECRET = 'scale-out-session-secret-of-this-run-only'
const SECURITY_SECRET = 'scale-out-rcp-security-secret-of-this-run-only'
/** The address HAProxy connects to the instances from: TRUST_PROXY names it, and nothing else. */
const PROXY_ADDRESS = '127.0.0.1'
/** The proxy's origin: the instances' PUBLIC_URL, so the Origin a browser sends on their forms. */
let proxyOrigin = ''

// ---- HTTP from a chosen source address, with a cookie jar --------------------------------------------------

interface Answer {
	status: number
	headers: http.IncomingHttpHeaders
	body: string
}

interface RequestOptions {
	method?: string
	headers?: Record<string, string>
	body?: string
	/** The source address (any of 127.0.0.0/8 is this machine's): the client the proxy sees. */
	from?: string
}

/** node:http, not fetch: the test chooses each request's source address, and a new connection carries it. */
function request(origin: string, requestPath: string, options: RequestOptions = {}): Promise<Answer> {
	const url = new URL(requestPath, origin)
	return new Promise((resolve, reject) => {
		const outgoing = http.request(
			{
				host: url.hostname,
				port: url.port,
				path: url.pathname + url.search,
				method: options.method ?? 'GET',
				headers: { 'Accept-Language': 'en', ...options.headers },
				localAddress: options.from,
				agent: false,
				timeout: 30_000,
			},
			(response) => {
				const chunks: Buffer[] = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('end', () =>
					resolve({
						status: response.statusCode ?? 0,
						headers: response.headers,
						body: Buffer.concat(chunks).toString('utf8'),
					}),
				)
				response.on('error', reject)
			},
		)
		outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 30 s')))
		outgoing.on('error', reject)
		outgoing.end(options.body)
	})
}

class CookieJar {
	readonly cookies = new Map<string, string>()
	keep(answer: Answer) {
		for (const header of answer.headers['set-cookie'] ?? []) {
			const pair = header.split(';', 1)[0]!
			const equals = pair.indexOf('=')
			if (equals > 0) this.cookies.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim())
		}
	}
	header() {
		return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
	}
}

// ---- The processes -----------------------------------------------------------------------------------------

const workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-scale-out-'))
const others: ChildProcess[] = []
process.on('exit', () => {
	for (const child of others) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

function answers(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)))
		socket.on('error', () => resolve(false))
	})
}

/**
 * A Redis as the README asks for the outbox: appendonly, noeviction (BullMQ's jobs must never be evicted).
 * Its own directory under this run's.
 */
async function startRedis(): Promise<string> {
	const port = await freePort()
	const dir = path.join(workDir, 'redis')
	mkdirSync(dir)
	const child = spawn(
		redisServerPath!,
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--dir',
			dir,
			'--appendonly',
			'yes',
			'--save',
			'',
			'--maxmemory-policy',
			'noeviction',
		],
		{ stdio: 'ignore' },
	)
	others.push(child)
	for (let i = 0; i < 100; i++) {
		if (await answers(port)) return `redis://127.0.0.1:${port}`
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error('redis-server did not start')
}

interface Proxy {
	origin: string
	statsOrigin: string
	output: () => string
}

interface Ports {
	proxy: number
	stats: number
	a: number
	b: number
	emulator: number
}

/** HAProxy on the repository's configuration, the ports given by the environment, pinning on for the test. */
async function startProxy(ports: Ports): Promise<Proxy> {
	const child = spawn(haproxyPath!, ['-f', path.join(root, 'deploy/haproxy.cfg'), '-db'], {
		env: {
			...process.env,
			PORTAL_PROXY_PORT: String(ports.proxy),
			PORTAL_A_PORT: String(ports.a),
			PORTAL_B_PORT: String(ports.b),
			PORTAL_PROXY_STATS_PORT: String(ports.stats),
			PORTAL_PROXY_PINNING: '1',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	others.push(child)
	let tail = ''
	const keep = (chunk: Buffer) => {
		tail = (tail + chunk.toString('utf8')).slice(-10_000)
	}
	child.stdout.on('data', keep)
	child.stderr.on('data', keep)
	const proxy = {
		origin: `http://127.0.0.1:${ports.proxy}`,
		statsOrigin: `http://127.0.0.1:${ports.stats}`,
		output: () => tail,
	}
	// Ready when the proxy's own health checks have both instances up.
	for (let i = 0; i < 150; i++) {
		if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${tail}`)
		try {
			const rows = await proxyStats(proxy)
			if (['a', 'b'].every((name) => rows.some((row) => row.svname === name && row.status === 'UP'))) return proxy
		} catch {
			// Not listening yet.
		}
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	throw new Error(`haproxy did not see both instances up within 30 s:\n${tail}`)
}

/** The proxy's stats, one row per frontend, backend and server (HAProxy's CSV, columns by name). */
async function proxyStats(proxy: Proxy): Promise<Array<Record<string, string>>> {
	const csv = (await request(proxy.statsOrigin, '/stats;csv')).body
	const [header, ...lines] = csv.trim().split('\n')
	const columns = header!.replace(/^# /, '').split(',')
	return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i], value])))
}

interface InstanceCounts {
	requests: number
	'2xx': number
	'3xx': number
	'4xx': number
	'5xx': number
	/** Connections the proxy could not make to it, and requests it then sent to the other one. */
	connectionErrors: number
	redispatched: number
}

/** What the proxy counted per instance, summed over the backends the instance is in (pinned or not). */
async function countsPerInstance(proxy: Proxy): Promise<Record<'a' | 'b', InstanceCounts>> {
	const rows = await proxyStats(proxy)
	const of = (name: string): InstanceCounts => {
		const mine = rows.filter((row) => row.svname === name)
		const sum = (column: string) => mine.reduce((total, row) => total + Number(row[column] || 0), 0)
		return {
			requests: sum('stot'),
			'2xx': sum('hrsp_2xx'),
			'3xx': sum('hrsp_3xx'),
			'4xx': sum('hrsp_4xx'),
			'5xx': sum('hrsp_5xx'),
			connectionErrors: sum('econ'),
			redispatched: sum('wredis'),
		}
	}
	return { a: of('a'), b: of('b') }
}

function difference(after: InstanceCounts, before: InstanceCounts): InstanceCounts {
	return Object.fromEntries(
		Object.entries(after).map(([key, value]) => [key, value - before[key as keyof InstanceCounts]]),
	) as unknown as InstanceCounts
}

// ---- Checks ------------------------------------------------------------------------------------------------

const results: Array<{ check: string; pass: boolean; detail: string }> = []
function check(name: string, pass: boolean, detail: string) {
	results.push({ check: name, pass, detail })
	console.log(`${pass ? '✓' : '✗'} ${name}: ${detail}`)
}

interface Setup {
	proxy: Proxy
	a: ServerProcess
	b: ServerProcess
	emulator: ServerProcess
	redisUrl: string
	logOf: (instance: 'a' | 'b') => string
}

/** Posts the login form; `instance` pins the request to one through the proxy. */
function postLogin(
	origin: string,
	credentials: { email: string; password: string },
	options: { instance?: 'a' | 'b'; jar?: CookieJar; from?: string; headers?: Record<string, string> } = {},
) {
	return request(origin, '/login', {
		method: 'POST',
		from: options.from,
		headers: {
			Origin: proxyOrigin,
			'Content-Type': 'application/x-www-form-urlencoded',
			...(options.instance ? { 'X-Portal-Instance': options.instance } : {}),
			...(options.jar ? { Cookie: options.jar.header() } : {}),
			...options.headers,
		},
		body: new URLSearchParams({ ...credentials, redirectTo: '' }).toString(),
	})
}

async function latestCall(emulator: ServerProcess): Promise<number> {
	return (JSON.parse((await request(emulator.origin, '/_emulator/requests.json')).body) as { latest: number }).latest
}

async function callsAfter(emulator: ServerProcess, after: number): Promise<Array<{ path: string }>> {
	return JSON.parse((await request(emulator.origin, `/_emulator/requests.json?after=${after}`)).body) as Array<{
		path: string
	}>
}

/** 1: signed in on A, on through B; the master data A fetched is in Redis for B. */
async function sessionsAndCacheAreShared({ proxy, b, emulator, redisUrl }: Setup): Promise<CookieJar> {
	const jar = new CookieJar()
	jar.keep(await request(proxy.origin, '/login', { headers: { 'X-Portal-Instance': 'a' } }))
	const signedIn = await postLogin(proxy.origin, DEMO_ACCOUNTS.customer, { instance: 'a', jar })
	jar.keep(signedIn)
	const hasSession = signedIn.status >= 300 && signedIn.status < 400 && jar.cookies.has('__session')
	check('sign-in through the proxy on A', hasSession, `POST /login answered ${signedIn.status}`)
	if (!hasSession) throw new Error(`sign-in failed:\n${signedIn.body.slice(0, 2000)}`)

	const profile = '/settings/profile'
	const onA = await request(proxy.origin, profile, { headers: { Cookie: jar.header(), 'X-Portal-Instance': 'a' } })
	const mark = await latestCall(emulator)
	const onB = await request(proxy.origin, profile, { headers: { Cookie: jar.header(), 'X-Portal-Instance': 'b' } })
	const masterOnB = (await callsAfter(emulator, mark)).filter((call) => call.path.startsWith('/account/master'))
	const direct = await request(b.origin, profile, { headers: { Cookie: jar.header() } })
	const redis = createClient({ url: redisUrl })
	await redis.connect()
	const cached = (await redis.keys('portal:cache:*')).length
	await redis.close()
	const shows = (answer: Answer) => answer.status === 200 && answer.body.includes('name="firstName"')
	check(
		'the session goes on on B',
		shows(onA) && shows(onB) && shows(direct),
		`${profile} answered ${onA.status} on A, ${onB.status} on B through the proxy, ${direct.status} on B directly`,
	)
	check(
		'master data cached by A serves B',
		shows(onB) && masterOnB.length === 0 && cached > 0,
		`${cached} entries in Redis's cache after A's page; B asked the emulator for ${masterOnB.length} ` +
			`master-data lists (${masterOnB.map((c) => c.path).join(', ') || 'none'})`,
	)
	return jar
}

/** 1b: 'Log out everywhere' on B ends the account's session that A signed in: the index of sessions is shared. */
async function signOutEverywhereReachesEveryInstance({ proxy }: Setup) {
	const signIn = async (instance: 'a' | 'b') => {
		const jar = new CookieJar()
		jar.keep(await postLogin(proxy.origin, DEMO_ACCOUNTS.staff, { instance, jar }))
		return jar
	}
	const profile = (jar: CookieJar, instance: 'a' | 'b') =>
		request(proxy.origin, '/settings/profile', { headers: { Cookie: jar.header(), 'X-Portal-Instance': instance } })
	const onA = await signIn('a')
	const onB = await signIn('b')
	const before = (await profile(onA, 'a')).status
	const out = await request(proxy.origin, '/logout', {
		method: 'POST',
		headers: {
			Origin: proxyOrigin,
			'Content-Type': 'application/x-www-form-urlencoded',
			Cookie: onB.header(),
			'X-Portal-Instance': 'b',
		},
		body: 'intent=everywhere',
	})
	const after = await profile(onA, 'a')
	check(
		"'Log out everywhere' on B ends A's session of the account",
		before === 200 && out.status >= 300 && out.status < 400 && after.status === 302,
		`A's session: ${before} before, ${after.status} to ${String(after.headers.location ?? '')} after ` +
			`B's log-out everywhere (${out.status})`,
	)
}

const limitHits = { account: 0, client: 0 }

/** 2: an account's refused sign-ins, split over A and B, meet the limit at the configured total. */
async function accountLimitCountsAcrossInstances({ proxy }: Setup) {
	// An account the account API does not know: its own attempt limit on a real account (also a 429) stays out.
	const account = { email: 'scale-out-guessed@example.com', password: 'Wrong-password-1' }
	const statuses: string[] = []
	for (let i = 0; i < ACCOUNT_SIGN_INS + 2; i++) {
		const instance = i % 2 === 0 ? 'a' : 'b'
		// Each from its own address: only the account's count can refuse them.
		const answer = await postLogin(proxy.origin, account, { instance, from: `127.0.1.${i + 1}` })
		// Ours says how long to wait; the account API's own limit does not.
		statuses.push(
			`${instance}:${answer.status}${answer.headers['retry-after'] ? ` (Retry-After ${answer.headers['retry-after']})` : ''}`,
		)
	}
	const ours = (s: string) => s.includes(':429 (Retry-After')
	const refused = statuses.filter(ours).length
	limitHits.account = refused
	const before = statuses.slice(0, ACCOUNT_SIGN_INS)
	check(
		'the account limit counts across A and B',
		before.every((s) => /:4(?!29)\d\d$/.test(s)) && statuses.slice(ACCOUNT_SIGN_INS).every(ours),
		`${ACCOUNT_SIGN_INS} refused sign-ins allowed (signin-account=${ACCOUNT_SIGN_INS}), alternating; ` +
			`answers ${statuses.join(' ')}`,
	)
}

/** 3: two clients behind the proxy have limits of their own; a forged X-Forwarded-For changes nothing. */
async function eachClientHasItsOwnLimit({ proxy }: Setup) {
	const attempt = (from: string, i: number, headers: Record<string, string> = {}) =>
		postLogin(
			proxy.origin,
			{ email: `scale-out-${from}-${i}@example.com`, password: 'Wrong-password-1' },
			{ instance: i % 2 === 0 ? 'a' : 'b', from, headers },
		)
	const first: number[] = []
	for (let i = 0; i < CLIENT_SIGN_INS + 1; i++) first.push((await attempt('127.0.0.2', i)).status)
	const forged = (await attempt('127.0.0.2', 100, { 'X-Forwarded-For': '127.0.0.9' })).status
	const second = (await attempt('127.0.0.3', 0)).status
	const forgedAsFirst = (await attempt('127.0.0.3', 1, { 'X-Forwarded-For': '127.0.0.2' })).status
	limitHits.client = [...first, forged].filter((s) => s === 429).length
	check(
		'each client behind the proxy has its own limit',
		first.slice(0, CLIENT_SIGN_INS).every((s) => s !== 429 && s < 500) &&
			first[CLIENT_SIGN_INS] === 429 &&
			second !== 429 &&
			second < 500,
		`127.0.0.2: ${first.join(' ')} (signin-client=${CLIENT_SIGN_INS}); then 127.0.0.3: ${second}`,
	)
	check(
		'a forged X-Forwarded-For is not taken',
		forged === 429 && forgedAsFirst !== 429 && forgedAsFirst < 500,
		`127.0.0.2 claiming 127.0.0.9: ${forged}; 127.0.0.3 claiming 127.0.0.2: ${forgedAsFirst}`,
	)
}

/** 4: X-Forwarded-For sent straight to A from a peer TRUST_PROXY does not name: one warning in A's log. */
async function untrustedForwardingIsWarnedOnce({ a, logOf }: Setup) {
	for (let i = 0; i < 3; i++)
		await request(a.origin, '/login', { from: '127.0.0.5', headers: { 'X-Forwarded-For': '203.0.113.9' } })
	// The log file is written asynchronously.
	await new Promise((resolve) => setTimeout(resolve, 500))
	const warnings = (instance: 'a' | 'b') =>
		logOf(instance)
			.split('\n')
			.filter((line) => line.includes('does not trust') && line.includes('X-Forwarded-For'))
	const onA = warnings('a')
	check(
		'forwarding from an untrusted peer is warned of once',
		onA.length === 1 && onA[0]!.includes('127.0.0.5') && warnings('b').length === 0,
		`A's log: ${onA.length} warning(s) for 3 requests from 127.0.0.5; B's log (proxied requests only): ${warnings('b').length}`,
	)
}

/** The service request, filled in as a US customer would, its text naming this run's load. */
function serviceRequestBody(marker: string): string {
	const body = new URLSearchParams({ intent: 'send' })
	for (const field of fieldsOf(FORM, false)) body.set(field.name, VALID[field.name] ?? '')
	body.set('email', marker)
	return body.toString()
}

async function admin(emulator: ServerProcess, method: string, adminPath: string, body?: unknown) {
	const answer = await request(emulator.origin, adminPath, {
		method,
		headers: body ? { 'Content-Type': 'application/json' } : {},
		body: body ? JSON.stringify(body) : undefined,
	})
	if (answer.status >= 300) throw new Error(`${method} ${adminPath} answered ${answer.status}`)
}

interface Ticket {
	idempotencyKey?: string | null
	commentBody: string
}

async function ticketsOf(emulator: ServerProcess, marker: string): Promise<Ticket[]> {
	const answer = await request(
		emulator.origin,
		`/_emulator/tickets.json?requester=${encodeURIComponent(DEMO_ACCOUNTS.customer.email)}`,
	)
	return (JSON.parse(answer.body) as Ticket[]).filter((ticket) => ticket.commentBody.includes(`: ${marker}`))
}

/** 5: A killed with SIGKILL in the middle of a load of support requests through the proxy. */
async function killedMidLoad(setup: Setup, jar: CookieJar) {
	const { proxy, a, emulator } = setup
	const marker = 'scale-out-load@example.com'
	const body = serviceRequestBody(marker)
	const accepted = new Set<string>()
	const notAccepted: Record<string, number> = {}
	let sent = 0
	// The help centre answers a second late: when A dies it is in the middle of delivering requests (its worker's
	// and its customers'), which B must then take up without losing or repeating one.
	await admin(emulator, 'POST', '/_emulator/faults', { path: TICKET_PATH, mode: 'delay', delayMs: TICKET_DELAY_MS })
	const before = await countsPerInstance(proxy)
	const started = performance.now()
	const end = started + LOAD_SECONDS * 1000
	let killedAt = 0

	async function client() {
		while (performance.now() < end) {
			sent += 1
			try {
				const answer = await request(proxy.origin, FORM_PATH, {
					method: 'POST',
					headers: { Origin: proxyOrigin, 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header() },
					body,
				})
				const location = String(answer.headers.location ?? '')
				const reference = location.startsWith(`${FORM_PATH}?`)
					? new URLSearchParams(location.split('?')[1]).get('sent')
					: null
				if (answer.status === 303 && reference) accepted.add(reference)
				else notAccepted[answer.status] = (notAccepted[answer.status] ?? 0) + 1
			} catch (error) {
				const what = (error as NodeJS.ErrnoException).code ?? 'no answer'
				notAccepted[what] = (notAccepted[what] ?? 0) + 1
			}
		}
	}
	const kill = new Promise<void>((resolve) =>
		setTimeout(() => {
			a.child.kill('SIGKILL')
			killedAt = (performance.now() - started) / 1000
			resolve()
		}, KILL_AFTER_SECONDS * 1000),
	)
	await Promise.all([...Array.from({ length: CONNECTIONS }, client), kill])
	const during = await countsPerInstance(proxy)
	await admin(emulator, 'DELETE', '/_emulator/faults')
	const served = { a: difference(during.a, before.a), b: difference(during.b, before.b) }

	// B serves on: the customer's pages, through the proxy, with nobody pinning them.
	const after: number[] = []
	for (let i = 0; i < 4; i++)
		after.push((await request(proxy.origin, '/settings/profile', { headers: { Cookie: jar.header() } })).status)

	// The outbox is done when no job is left waiting, delayed or active: a job A was delivering when it died
	// stays active, under A's lock, until the lock expires and B's check for stalled jobs takes it up.
	const drainStarted = performance.now()
	const redis = createClient({ url: setup.redisUrl })
	await redis.connect()
	const queue = (state: string) => `portal:bull:support-outbox:${state}`
	const left = async () => ({
		active: await redis.lLen(queue('active')),
		waiting: (await redis.lLen(queue('wait'))) + (await redis.zCard(queue('prioritized'))),
		delayed: await redis.zCard(queue('delayed')),
	})
	const atTheEnd = await left()
	let tickets = await ticketsOf(emulator, marker)
	const delivered = () => new Set(tickets.map((t) => t.idempotencyKey ?? ''))
	for (;;) {
		const now = await left()
		const done = now.active + now.waiting + now.delayed === 0 && [...accepted].every((r) => delivered().has(r))
		if (done || performance.now() - drainStarted > DRAIN_TIMEOUT_MS) break
		await new Promise((resolve) => setTimeout(resolve, 500))
		tickets = await ticketsOf(emulator, marker)
	}
	const drainSeconds = (performance.now() - drainStarted) / 1000
	const stillInOutbox = await left()
	const failedJobs = await redis.zCard(queue('failed'))
	await redis.close()
	// A moment more: a repeat delivery arriving late would show as one ticket too many.
	await new Promise((resolve) => setTimeout(resolve, 2_000))
	tickets = await ticketsOf(emulator, marker)
	const references = delivered()
	const lost = [...accepted].filter((r) => !references.has(r))
	const duplicated = tickets.length - references.size
	const unanswered = [...references].filter((r) => !accepted.has(r)).length
	const refusedCount = Object.values(notAccepted).reduce((sum, n) => sum + n, 0)

	console.log(
		`\nsupport requests: ${sent} sent, ${accepted.size} accepted, ${refusedCount} not accepted ` +
			`${JSON.stringify(notAccepted)}; A killed ${killedAt.toFixed(1)} s into ${LOAD_SECONDS} s at ${CONNECTIONS} connections`,
	)
	console.log(
		`help centre: ${tickets.length} tickets, ${references.size} requests delivered, ${lost.length} lost, ` +
			`${duplicated} duplicated, ${unanswered} delivered whose answer the kill cut off`,
	)
	console.log(
		`outbox after the load: ${JSON.stringify(atTheEnd)}; ` +
			`empty ${drainSeconds.toFixed(1)} s later: ${JSON.stringify(stillInOutbox)}, failed ${failedJobs}`,
	)
	console.log(
		`served during the load (the proxy's counts): A ${JSON.stringify(served.a)}, B ${JSON.stringify(served.b)}`,
	)
	check(
		'0 lost, 0 duplicated after kill -9 of A',
		accepted.size > 0 &&
			lost.length === 0 &&
			duplicated === 0 &&
			failedJobs === 0 &&
			stillInOutbox.active + stillInOutbox.waiting + stillInOutbox.delayed === 0,
		`${accepted.size} accepted, ${lost.length} lost, ${duplicated} duplicated, ` +
			`${stillInOutbox.active + stillInOutbox.waiting + stillInOutbox.delayed} left in the outbox, ${failedJobs} failed`,
	)
	// Each connection can have had at most one request in flight on A when it died; nothing else may fail.
	check(
		'only requests in flight on A at the kill went unanswered',
		refusedCount <= CONNECTIONS,
		`${refusedCount} not accepted of ${sent}, at most ${CONNECTIONS} allowed`,
	)
	check(
		'B serves on after the kill',
		after.every((s) => s === 200) && served.b.requests > 0,
		`/settings/profile: ${after.join(' ')}`,
	)
	return {
		sent,
		accepted: accepted.size,
		notAccepted,
		delivered: references.size,
		lost: lost.length,
		duplicated,
		served,
	}
}

// ---- The run -----------------------------------------------------------------------------------------------

async function main() {
	if (!haproxyPath || !redisServerPath) {
		const missing = [!haproxyPath && 'haproxy', !redisServerPath && 'redis-server'].filter(Boolean).join(' and ')
		console.log(
			`scale-out skipped: ${missing} not installed (apt-get install ${missing}; .ci/run installs haproxy and redis-server)`,
		)
		return
	}
	const buildDir = path.join(root, process.env.PORTAL_BUILD_DIR ?? 'build')
	if (!existsSync(portalServerFile(buildDir))) {
		console.log('building the portal (react-router build)…')
		runQuietly('npx', ['react-router', 'build'], root)
	}
	const started = performance.now()
	const redisUrl = await startRedis()
	const [proxyPort, statsPort, portA, portB, emulatorPort] = await Promise.all(Array.from({ length: 5 }, freePort))
	const ports: Ports = { proxy: proxyPort!, stats: statsPort!, a: portA!, b: portB!, emulator: emulatorPort! }
	proxyOrigin = `http://127.0.0.1:${ports.proxy}`

	const emulatorDir = path.join(workDir, 'emulator')
	mkdirSync(emulatorDir)
	const emulator = await startServer('emulator', ['server/emulator/main.ts'], {
		cwd: root,
		port: ports.emulator,
		readyPath: '/_emulator/clock',
		env: {
			...process.env,
			NODE_ENV: 'production',
			EMULATOR_PORT: String(ports.emulator),
			DATA_DIR: emulatorDir,
			PUBLIC_URL: proxyOrigin,
			RCP_SECURITY_SECRET: SECURITY_SECRET,
		},
	})
	const logFile = (instance: 'a' | 'b') => path.join(workDir, `portal-${instance}.log`)
	const instance = (name: 'a' | 'b', port: number) => {
		const dataDir = path.join(workDir, `data-${name}`)
		mkdirSync(dataDir)
		return startServer(`portal ${name}`, [portalServerFile(buildDir)], {
			cwd: root,
			port,
			env: {
				...process.env,
				...emulatorUpstreamSettings(emulator.origin),
				NODE_ENV: 'production',
				PORT: String(port),
				HOST: '127.0.0.1',
				// What is per instance: its port, its data directory (nothing in it is shared), its log.
				DATA_DIR: dataDir,
				PORTAL_LOG_FILE: logFile(name),
				// What is shared: the public address, the secrets, Redis, the proxy trusted, the limits.
				PUBLIC_URL: proxyOrigin,
				SESSION_SECRET,
				RCP_SECURITY_SECRET: SECURITY_SECRET,
				REDIS_URL: redisUrl,
				TRUST_PROXY: PROXY_ADDRESS,
				RATE_LIMITS: [
					`signin-account=${ACCOUNT_SIGN_INS}`,
					`signin-client=${CLIENT_SIGN_INS}`,
					// One customer sends the whole load, from the proxy's test client.
					'support-account=1000000,support-client=1000000,post-client=1000000',
				].join(','),
				SUPPORT_RETRY_BASE_MS: '500',
				SUPPORT_RETRY_MAX_MS: '4000',
			},
		})
	}
	const [a, b] = await Promise.all([instance('a', ports.a), instance('b', ports.b)])
	const proxy = await startProxy(ports)
	console.log(
		`redis, the emulator, instances A and B and haproxy up in ${((performance.now() - started) / 1000).toFixed(1)} s`,
	)
	const setup: Setup = {
		proxy,
		a,
		b,
		emulator,
		redisUrl,
		logOf: (name) => (existsSync(logFile(name)) ? readFileSync(logFile(name), 'utf8') : ''),
	}

	const jar = await sessionsAndCacheAreShared(setup)
	await signOutEverywhereReachesEveryInstance(setup)
	await accountLimitCountsAcrossInstances(setup)
	await eachClientHasItsOwnLimit(setup)
	await untrustedForwardingIsWarnedOnce(setup)
	const load = await killedMidLoad(setup, jar)
	const total = await countsPerInstance(proxy)

	console.log('\n=== scale-out figures ===')
	console.log(
		`submissions: sent ${load.sent}, accepted ${load.accepted}, delivered ${load.delivered}, lost ${load.lost}, ` +
			`duplicated ${load.duplicated}`,
	)
	console.log(`requests served: A ${total.a.requests}, B ${total.b.requests} (whole run, through the proxy)`)
	console.log(`limit refusals (429): account ${limitHits.account}, client ${limitHits.client}`)
	console.log(`scale-out: ${((performance.now() - started) / 1000).toFixed(0)} s`)
	const failed = results.filter((r) => !r.pass)
	if (failed.length > 0) {
		console.log(`\nA's last output:\n${a.output().slice(-3000)}\nB's last output:\n${b.output().slice(-3000)}`)
		throw new Error(`${failed.length} of ${results.length} checks failed: ${failed.map((r) => r.check).join('; ')}`)
	}
	console.log(`\n✓ scale-out: ${results.length} checks passed`)
}

try {
	await main()
} catch (error) {
	console.error(`\n✗ scale-out failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exitCode = 1
} finally {
	await stopAllServers()
	for (const child of others) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
	rmSync(workDir, { recursive: true, force: true })
}
