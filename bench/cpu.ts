/**
 * `npm run bench:cpu -- <path> [seconds]`: where a page's time goes, for chasing a throughput budget. Starts
 * the emulator and the portal as `npm run bench` does, signs in as the emulator's cloud member (with the 13
 * registered products of the gear-list benchmark when the path is under /gear), loads /login and then the
 * page at 10 connections, and prints for each its requests per second and the CPU time per request of every
 * thread of the portal (main thread, V8's garbage-collection helpers, libuv's pool, which compresses the
 * pages), of the emulator and of the load generator, read from /proc. The portal's main thread is what
 * limits a page's throughput on two cores; a profile shows what fills it:
 *
 *   npm run bench:cpu -- /cloud/account 15
 *   BENCH_CPU_PROFILE=/tmp/prof npm run bench:cpu -- /gear/my_gear   # also writes .cpuprofile files there
 *
 * Linux only (/proc). The figures are this machine's, under the same load as `npm run bench`; compare a
 * page with /login of the same run, never with another run's.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { DEMO_ACCOUNTS } from '../server/emulator/demo.ts'
import { registerGearList } from './gear.ts'
import { BENCH_SECURITY_SECRET, signIn, startPortalOnEmulator } from './portal.ts'
import { stopAllServers } from './processes.ts'

const root = path.resolve(import.meta.dirname, '..')
const page = process.argv[2] ?? '/cloud/account'
const seconds = Number(process.argv[3] ?? 10)
if (!page.startsWith('/') || !Number.isInteger(seconds) || seconds < 1)
	throw new Error('usage: npm run bench:cpu -- <path> [whole seconds]')
/** USER_HZ, the unit of /proc's CPU times: 100 on Linux whatever the kernel's own tick. */
const CLOCK_TICKS_PER_SECOND = 100
const HEADERS = { 'Accept-Encoding': 'gzip, br', 'Accept-Language': 'en' }

/** CPU milliseconds per thread name of a process (threads of one kind summed), from /proc. */
function threadCpu(pid: number): Map<string, number> {
	const byName = new Map<string, number>()
	for (const tid of readdirSync(`/proc/${pid}/task`)) {
		const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
		// "pid (name) state …": the name may hold spaces; utime and stime are the 14th and 15th fields.
		const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '')
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
		const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND
		byName.set(name, (byName.get(name) ?? 0) + ms)
	}
	return byName
}

const total = (cpu: Map<string, number>) => [...cpu.values()].reduce((sum, ms) => sum + ms, 0)

const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-cpu-'))
const profileDir = process.env.BENCH_CPU_PROFILE
try {
	const { portal, emulator } = await startPortalOnEmulator(
		root,
		workDir,
		profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(profileDir)}` } : {},
	)
	const account = DEMO_ACCOUNTS.cloudMember
	if (page.startsWith('/gear')) await registerGearList(emulator.origin, BENCH_SECURITY_SECRET, account)
	const cookie = await signIn(portal, account, {
		path: page === '/login' ? '/cloud/account' : page,
		holds: (html) => html.includes('<main'),
		what: 'the page',
	})
	for (const [target, headers] of [
		['/login', HEADERS],
		[page, { ...HEADERS, Cookie: cookie }],
	] as const) {
		await autocannon({ url: portal.origin + target, connections: 10, duration: 2, headers })
		const before = { portal: threadCpu(portal.child.pid!), emulator: total(threadCpu(emulator.child.pid!)) }
		const self = process.cpuUsage()
		const result = await autocannon({ url: portal.origin + target, connections: 10, duration: seconds, headers })
		const load = process.cpuUsage(self)
		const after = { portal: threadCpu(portal.child.pid!), emulator: total(threadCpu(emulator.child.pid!)) }
		const n = result.requests.total
		const perRequest = (ms: number) => `${Math.round((ms * 1000) / n)} µs`
		const threads = [...after.portal]
			.map(([name, ms]) => [name, ms - (before.portal.get(name) ?? 0)] as const)
			.filter(([, ms]) => ms > 0)
			.map(([name, ms]) => `${name} ${perRequest(ms)}`)
		console.log(
			`${target}: ${Math.round(result.requests.average)} requests/s, p99 ${result.latency.p99} ms, ` +
				`${result.non2xx} not 2xx; CPU per request: portal ${perRequest(total(after.portal) - total(before.portal))} ` +
				`(${threads.join(', ')}), emulator ${perRequest(after.emulator - before.emulator)}, ` +
				`load generator ${perRequest((load.user + load.system) / 1000)}`,
		)
	}
} finally {
	await stopAllServers()
	rmSync(workDir, { recursive: true, force: true })
}
