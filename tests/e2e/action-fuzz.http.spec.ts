/**
 * Hostile input to every action (issue 23, ADR 0051): a property-based fuzz (fast-check) that posts
 * generated bodies to every route of `app/routes.ts` whose module has an action — the forms the pages
 * show, filled, then fields dropped, added, repeated, made huge or hostile, hidden fields forged with
 * the other demo account's ids, every intent the module knows, in every encoding a client could send.
 *
 * Oracles, for every case: no 5xx; a 4xx re-render keeps what was typed in text fields (passwords
 * excepted); no upstream call names another account's ids for the signed-in user (the emulator's
 * request log), and the other account's data is the same after the fuzz as before.
 *
 * Seeded and reproducible: the seed is printed at start (`FUZZ_SEED` sets it, `FUZZ_CASES` the number
 * of cases, 10,000 by default); a failure names the lane, the URL and fast-check's seed and path to
 * replay it (`FUZZ_ONLY`, `FUZZ_PATH`; `FUZZ_LANES=1` replays without concurrent lanes).
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { E2E_RUN_DIR } from '../e2e-env.ts'
import { actionModules, actionRoutes } from './action-fuzz-targets.ts'
import {
	accountData,
	accountIds,
	callsAfter,
	caseFor,
	closedConnections,
	crossUserCalls,
	FUZZ_ACCOUNTS,
	getPage,
	latestCall,
	openEmulatorData,
	post,
	postForms,
	rateLimitNames,
	shownValues,
	signIn,
	TEXT_TYPES,
	type FuzzAccount,
	type FuzzCase,
	type Lane,
	type OwnedId,
	type Target,
} from './action-fuzz.ts'
import { expect, test } from './fixtures.ts'
import { startWorkerPortal } from './worker-portal.ts'

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31
const CASES = Number(process.env.FUZZ_CASES ?? 10_000)
/** The run with the portal's real limits: fewer cases, one address per lane, so the limits answer. */
const LIMITED_CASES = Number(process.env.FUZZ_LIMITED_CASES ?? 600)
const CONCURRENT_LANES = process.env.FUZZ_LANES !== '1'
const ONLY = process.env.FUZZ_ONLY
const NOT_SHOWN_CASES = 5
const REPLAY_PATH = process.env.FUZZ_PATH

// In order, in one worker (two fuzzed portals at once would share two cores), and each run whatever the other found.
test.describe.configure({ mode: 'default' })

interface Figures {
	cases: number
	byClass: Record<string, number>
	fiveHundreds: string[]
	crossUser: string[]
	notKept: string[]
	/** Typed fields the re-render was checked for. */
	typedChecked: number
	/** Each failing target once, with what replays it. */
	failures: string[]
	/** Per route: cases posted, and how many the action itself answered (not a refusal of the body as such). */
	routes: Map<string, { cases: number; reached: number }>
}

function newFigures(): Figures {
	return {
		cases: 0,
		byClass: {},
		fiveHundreds: [],
		crossUser: [],
		notKept: [],
		typedChecked: 0,
		failures: [],
		routes: new Map(),
	}
}

/** A number per name, so each lane and URL has a seed of its own derived from the run's. */
function seedOf(...parts: string[]): number {
	let h = SEED >>> 0
	for (const ch of parts.join('|')) h = (Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0) % 2 ** 31
	return h
}

/** Refusals of a body as a whole (ADR 0012, 0035): the action never saw it. */
function refusedAsBody(status: number, html: string): boolean {
	return (
		status === 413 ||
		status === 415 ||
		(status === 400 &&
			/given more than once|in a shape none of our forms sends|arrived incomplete|could not be read as a form/.test(
				html,
			))
	)
}

/** A value a person could have typed, which the form must show back as it was. */
const TYPABLE = /^[\p{L}\p{N}][\p{L}\p{N} .,@+\-_']{0,58}[\p{L}\p{N}.]$|^[\p{L}\p{N}]$/u

/** The fields a post had typed (once each) that the re-rendered form shows otherwise. */
function lostFields(c: FuzzCase, target: Target, html: string, figures: Figures): string[] {
	if ((c.encoding !== 'urlencoded' && c.encoding !== 'multipart') || c.singleFetch) return []
	const action = new URL(target.url, 'http://portal').pathname
	const form = target.forms[c.form]
	if (!form) return []
	// A body a browser could send from this form: its own button's intent (or none when it has none).
	const own = form.fields.filter((f) => f.name === 'intent').map((f) => f.value)
	const sentIntents = c.fields.filter(([name]) => name === 'intent').map(([, value]) => value)
	if (own.length ? sentIntents.length !== 1 || !own.includes(sentIntents[0]!) : sentIntents.length) return []
	const lost: string[] = []
	for (const field of form.fields) {
		if (!TEXT_TYPES.has(field.type)) continue
		const sent = c.fields.filter(([name]) => name === field.name)
		if (sent.length !== 1 || !TYPABLE.test(sent[0]![1])) continue
		const shown = shownValues(html, action, field.name, sentIntents[0])
		if (shown.length) figures.typedChecked++
		if (shown.length && !shown.includes(sent[0]![1]))
			lost.push(`${field.name}: typed ${JSON.stringify(sent[0]![1])}, shown ${JSON.stringify(shown)}`)
	}
	return [...new Set(lost)]
}

interface Phase {
	baseURL: string
	dataDir: string
	fuzzer: FuzzAccount
	victim: FuzzAccount
	cases: number
	/** One address per lane (real limits), or a new one per case. */
	fixedAddresses: boolean
	figures: Figures
	/** The emulator's calls up to this one have been judged. */
	judged: number
}

/** The URLs of a route for an account: parameters filled with its own ids, the other account's, and junk. */
function fillUrls(
	url: string,
	own: { products: string[]; subscriptions: string[] },
	foreign: { products: string[]; subscriptions: string[] },
) {
	const fill = (placeholder: string, values: string[]) =>
		url.includes(placeholder) ? values.map((value) => url.replace(placeholder, encodeURIComponent(value))) : [url]
	return [
		...fill('{registeredProductId}', [...own.products.slice(0, 1), ...foreign.products, 'no-such-id']),
		...fill('{subscriptionId}', [...own.subscriptions.slice(0, 1), ...foreign.subscriptions, 'x'.repeat(300)]),
	].filter((u, i, all) => !u.includes('{') && all.indexOf(u) === i)
}

function idsOfKind(db: ReturnType<typeof openEmulatorData>, userId: string) {
	const ids = (sql: string) => (db.prepare(sql).all(userId) as { id: string }[]).map((r) => String(r.id))
	return {
		products: ids('SELECT id FROM registered_products WHERE user_id = ? ORDER BY rowid'),
		subscriptions: ids('SELECT id FROM cloud_subscriptions WHERE user_id = ? ORDER BY rowid'),
	}
}

/** The targets a lane posts to: every action route's URLs, with the forms its pages show this lane. */
async function targetsFor(
	baseURL: string,
	lane: Lane,
	own: ReturnType<typeof idsOfKind>,
	foreign: ReturnType<typeof idsOfKind>,
) {
	const targets: Target[] = []
	for (const route of actionRoutes()) {
		for (const url of route.urls.flatMap((u) => fillUrls(u, own, foreign))) {
			const page = await getPage(baseURL, lane, url)
			const pathname = new URL(url, 'http://portal').pathname
			const forms = page.status === 200 ? postForms(page.html, pathname).filter((f) => f.action === pathname) : []
			// The demo accounts must stay: their own deletion is not confirmed (a visitor's is fuzzed in full).
			if (lane.account && route.name === 'DeleteAccount')
				for (const form of forms) form.fields = form.fields.filter((f) => f.name !== 'confirm')
			targets.push({ route: route.name, url, forms, intents: route.intents, shown: page.status === 200 })
		}
	}
	return ONLY ? targets.filter((t) => `${lane.name}|${t.url}` === ONLY) : targets
}

async function runLane(
	phase: Phase,
	lane: Lane,
	laneIndex: number,
	foreign: OwnedId[],
	targets: Target[],
	budget: number,
) {
	const forged = foreign.map(({ id }) => id)
	const { baseURL, figures } = phase
	const victimId = FUZZ_ACCOUNTS[phase.victim].id
	const ownId = lane.account ? FUZZ_ACCOUNTS[lane.account].id : undefined
	const laneAddress = `10.252.${laneIndex}.${phase.fuzzer === 'customer' ? 1 : 2}`
	// A page not shown to this visitor (a redirect to sign in, or elsewhere) gets a few cases; the others share the rest.
	const shown = targets.filter((target) => target.shown).length
	const fewest = phase.fixedAddresses ? 1 : NOT_SHOWN_CASES
	const perShown = Math.max(fewest, Math.ceil((budget - fewest * (targets.length - shown)) / Math.max(1, shown)))
	for (const target of targets) {
		const perTarget = target.shown ? perShown : fewest
		const label = `${lane.name}|${target.url}`
		const seed = seedOf(phase.fuzzer, label)
		const route = figures.routes.get(target.route) ?? { cases: 0, reached: 0 }
		figures.routes.set(target.route, route)
		const property = fc.asyncProperty(
			caseFor(target, forged, phase.fixedAddresses ? laneAddress : undefined),
			async (c) => {
				figures.cases++
				route.cases++
				const answer = await post(baseURL, lane, c)
				const statusClass = `${Math.floor(answer.status / 100)}xx`
				figures.byClass[statusClass] = (figures.byClass[statusClass] ?? 0) + 1
				if (!refusedAsBody(answer.status, answer.html)) route.reached++
				const described = `POST ${c.url}${c.singleFetch ? ' (single fetch)' : ''} as ${lane.name} (${c.encoding}) ${JSON.stringify(c.fields).slice(0, 400)}`
				if (answer.status >= 500) {
					figures.fiveHundreds.push(`${answer.status} ${described}`)
					throw new Error(`answered ${answer.status}: ${described}`)
				}
				// Each call is judged once, by the lane that reads it first (with concurrent lanes,
				// maybe not the one that caused it).
				const calls = (await callsAfter(baseURL, phase.judged)).filter((call) => call.seq > phase.judged)
				if (calls.length) phase.judged = Math.max(phase.judged, calls.at(-1)!.seq)
				const crossing = [...crossUserCalls(calls, ownId, foreign), ...calls.filter((call) => call.userId === victimId)]
				if (crossing.length) {
					const what = crossing.map((call) => `${call.method} ${call.path} ${JSON.stringify(call.body).slice(0, 200)}`)
					figures.crossUser.push(...what.map((w) => `${w} after ${described}`))
					throw new Error(`an upstream call for ${phase.victim}'s data: ${what.join('; ')} (after ${described})`)
				}
				if (answer.status >= 400 && answer.status < 500 && answer.html) {
					const lost = lostFields(c, target, answer.html, figures)
					if (lost.length) {
						figures.notKept.push(`${lost.join(', ')} after ${described}`)
						throw new Error(`the re-rendered form lost what was typed: ${lost.join(', ')} (${described})`)
					}
				}
				if (
					lane.account &&
					(!lane.cookie || answer.location.includes('/login') || /^\/(logout|oauth2\/logout)/.test(c.url))
				)
					await signIn(baseURL, lane, laneAddress)
			},
		)
		try {
			await fc.assert(property, {
				seed,
				numRuns: perTarget,
				...(REPLAY_PATH ? { path: REPLAY_PATH } : {}),
				// Shrinking re-posts against a portal whose state has moved on: a few tries, then the first case is reported.
				interruptAfterTimeLimit: 30_000,
				markInterruptAsFailure: false,
			})
		} catch (error) {
			// Reported, and the fuzz goes on: one run lists every failing target.
			const failure = `FUZZ_SEED=${SEED} FUZZ_ONLY='${label}' (phase ${phase.fuzzer}; fast-check's path below as FUZZ_PATH; FUZZ_LANES=1 replays without the other lanes)\n${(error as Error).message}\n${String((error as Error).cause ?? '')}`
			figures.failures.push(failure)
			console.log(`action fuzz failure: ${failure}`)
		}
	}
}

async function runPhase(phase: Phase) {
	const db = openEmulatorData(phase.dataDir)
	const victimId = FUZZ_ACCOUNTS[phase.victim].id
	const before = accountData(db, victimId)
	const foreign = accountIds(db, victimId)
	const own = idsOfKind(db, FUZZ_ACCOUNTS[phase.fuzzer].id)
	const theirs = idsOfKind(db, victimId)
	expect(foreign.length, `${phase.victim} has ids to forge`).toBeGreaterThan(1)

	const lanes: Lane[] = [
		{ name: phase.fuzzer, account: phase.fuzzer, cookie: '' },
		{ name: `${phase.fuzzer}#2`, account: phase.fuzzer, cookie: '' },
		{ name: 'visitor', cookie: '' },
	]
	for (const [i, lane] of lanes.entries()) if (lane.account) await signIn(phase.baseURL, lane, `10.252.${i}.9`)
	const perLane = Math.ceil(phase.cases / lanes.length)
	const work = await Promise.all(lanes.map((lane) => targetsFor(phase.baseURL, lane, own, theirs)))
	const start = await latestCall(phase.baseURL)
	phase.judged = start
	const run = (lane: Lane, i: number) => runLane(phase, lane, i, foreign, work[i]!, perLane)
	if (CONCURRENT_LANES) await Promise.all(lanes.map(run))
	else for (const [i, lane] of lanes.entries()) await run(lane, i)

	// Calls made after an answer (the support outbox's deliveries) are judged too.
	const late = crossUserCalls(await callsAfter(phase.baseURL, start), FUZZ_ACCOUNTS[phase.fuzzer].id, foreign)
	expect(
		late.map((call) => `${call.method} ${call.path}`),
		'upstream calls for the other account',
	).toEqual([])
	expect(accountData(db, victimId), `${phase.victim}'s data after ${phase.fuzzer}'s fuzz`).toBe(before)
	db.close()
}

function report(title: string, figures: Figures, started: number) {
	const seconds = (Date.now() - started) / 1000
	const classes = Object.entries(figures.byClass)
		.sort()
		.map(([k, v]) => `${k} ${v}`)
		.join(', ')
	console.log(
		`${title}: ${figures.cases} cases in ${seconds.toFixed(0)} s (${(figures.cases / seconds).toFixed(0)}/s); responses ${classes}; ` +
			`5xx seen ${figures.fiveHundreds.length}; cross-user calls seen ${figures.crossUser.length}; typed fields checked on 4xx re-renders ${figures.typedChecked}, lost ${figures.notKept.length}; ` +
			`connections closed before an answer and tried again ${closedConnections.count}; seed ${SEED}`,
	)
}

async function fuzzPortal(title: string, cases: number, fixedAddresses: boolean, env: Record<string, string>) {
	const runDir = path.join(E2E_RUN_DIR, `action-fuzz-${fixedAddresses ? 'limited' : 'open'}`)
	rmSync(runDir, { recursive: true, force: true })
	mkdirSync(runDir, { recursive: true })
	const portal = await startWorkerPortal(0, runDir, env)
	const figures = newFigures()
	const started = Date.now()
	try {
		for (const [fuzzer, victim] of [
			['customer', 'cloudMember'],
			['cloudMember', 'customer'],
		] as const) {
			await runPhase({
				baseURL: portal.url,
				dataDir: portal.dataDir,
				fuzzer,
				victim,
				cases: Math.ceil(cases / 2),
				fixedAddresses,
				figures,
				judged: 0,
			})
		}
	} finally {
		report(title, figures, started)
		await portal.stop()
	}
	// Nothing the fuzz sent made the portal log an error (a stack trace answered as a 4xx is still a crash).
	const errors = readFileSync(path.join(portal.dataDir, 'portal.log'), 'utf8')
		.split('\n')
		.filter((line) => /"level":"(error|fatal)"/.test(line))
	console.log(`${title}: portal log lines at error or fatal: ${errors.length}`)
	figures.failures.push(...errors.slice(0, 5).map((line) => `the portal logged: ${line.slice(0, 500)}`))
	return figures
}

test.beforeAll(() => {
	console.log(
		`action fuzz: seed ${SEED} (FUZZ_SEED=${SEED} to replay), ${CASES} cases, ${LIMITED_CASES} with real limits`,
	)
})

test('every route module with an action is in the fuzz’s targets', () => {
	const fuzzed = new Set(actionRoutes().map((route) => route.file))
	expect(actionModules().filter((file) => !fuzzed.has(file))).toEqual([])
	expect(actionRoutes().length).toBeGreaterThan(25)
})

test('generated bodies to every action: no 5xx, typed input kept, nothing done to the other account', async () => {
	test.setTimeout(15 * 60_000)
	// Limits that do not stop the fuzz: every case is a visitor of its own, and each account may do as much as it likes.
	const raised = rateLimitNames()
		.map((name) => `${name}=1000000`)
		.join(',')
	const figures = await fuzzPortal('action fuzz', CASES, false, { RATE_LIMITS: raised })
	if (!ONLY) {
		expect(figures.cases).toBeGreaterThanOrEqual(CASES)
		// Every route with an action got cases, and some the action itself answered (not only refusals of the body).
		for (const route of actionRoutes()) {
			const seen = figures.routes.get(route.name)
			expect(seen?.cases ?? 0, `${route.name} fuzzed`).toBeGreaterThan(0)
			expect(seen?.reached ?? 0, `${route.name} reached by a body it read`).toBeGreaterThan(0)
		}
	}
	expect(figures.failures).toEqual([])
})

test('the same with the portal’s real limits: refusals are 4xx, never 5xx', async () => {
	test.skip(Boolean(ONLY) || LIMITED_CASES === 0, 'a replay runs the open fuzz only')
	test.setTimeout(5 * 60_000)
	const figures = await fuzzPortal('action fuzz, real limits', LIMITED_CASES, true, {})
	expect(figures.failures).toEqual([])
	// One address per lane: the limits answer some of the posts.
	expect(figures.byClass['4xx'] ?? 0).toBeGreaterThan(0)
})
