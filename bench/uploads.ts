/**
 * `npm run bench` (its last part; alone: `npm run bench:uploads`): hostile bodies must not slow everyone
 * else (issue 20, ADR 0035). A portal on the emulator, signed in as the demo customer:
 *
 * 1. Quiet: `GET /login` by 2 clients one after another for the measured time; its p99.
 * 2. Six clients (processes of their own) each posting the largest upload a support form takes (3 files of
 *    10 MB and the form, multipart, one after another, each at 10 MB/s: BENCH_UPLOAD_MB_PER_SECOND, 0 for as
 *    fast as loopback takes), while `/login` is measured again: its p99 must stay within 3× the quiet one,
 *    and `/healthz` (polled meanwhile) within 100 ms at its slowest.
 * 3. Twelve chunked 40 MB posts to `/login` (past its 64 KB limit): each is answered 413 before its body
 *    is sent whole, and the portal's resident memory afterwards stays within 64 MB of where it started.
 *
 *   BENCH_SECONDS=3 npm run bench:uploads    # shorter measured runs (default 5 s)
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '../app/domain/support-fields.ts'
import { DEMO_ACCOUNTS } from '../server/emulator/demo.ts'
import { signIn, startPortalOnEmulator } from './portal.ts'
import { runQuietly, stopAllServers, type ServerProcess } from './processes.ts'
import { portalServerFile } from '../server/node-flags.ts'

const root = path.resolve(import.meta.dirname, '..')
const MEASURED_SECONDS = Number(process.env.BENCH_SECONDS || 5)
const UPLOADERS = 6
/**
 * Each upload is sent at most this fast: a fast customer's line (80 Mbit/s). Unpaced, over loopback, six
 * clients on this machine push 150 MB/s and more, and share its two cores with the portal they measure.
 */
const UPLOAD_MB_PER_SECOND = Number(process.env.BENCH_UPLOAD_MB_PER_SECOND ?? 10)
const P99_FACTOR_BUDGET = 3
const HEALTH_BUDGET_MS = 100
const CHUNKED_POSTS = 12
const CHUNKED_BYTES = 40 * 1024 * 1024
const MEMORY_GROWTH_BUDGET_MB = 64
const UPLOAD_PATH = '/support/service_request'

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? NaN

/** The largest body an upload form takes: three files at the per-file limit, and a question. */
function largestUpload(): { body: Buffer; contentType: string } {
	const boundary = 'bench-upload-boundary'
	const parts: Buffer[] = [
		Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="question"\r\n\r\nMy drum is silent.\r\n`),
	]
	// Random bytes, as a photo's compressed data are (a file of one repeated letter of the boundary is slower to search).
	const file = randomBytes(MAX_ATTACHMENT_BYTES)
	for (let index = 0; index < MAX_ATTACHMENTS; index++) {
		parts.push(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="photo-${index}.txt"\r\n` +
					'Content-Type: text/plain\r\n\r\n',
			),
			file,
			Buffer.from('\r\n'),
		)
	}
	parts.push(Buffer.from(`--${boundary}--\r\n`))
	return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** `clients` clients each fetching `path` one after another until `until` resolves; the latencies. */
async function getLoop(origin: string, pathname: string, clients: number, until: Promise<unknown>) {
	const latencies: number[] = []
	let done = false
	void until.then(() => (done = true))
	await Promise.all(
		Array.from({ length: clients }, async () => {
			while (!done) {
				const sent = performance.now()
				const response = await fetch(origin + pathname, { headers: { 'Accept-Language': 'en' } })
				await response.arrayBuffer()
				if (response.status !== 200) throw new Error(`GET ${pathname} answered ${response.status}`)
				latencies.push(performance.now() - sent)
			}
		}),
	)
	return latencies
}

const seconds = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000))

function residentMb(portal: ServerProcess): number {
	const status = readFileSync(`/proc/${portal.child.pid}/status`, 'utf8')
	return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024
}

/** A chunked POST of `bytes` to /login; resolves with the status and how much had been written when it came. */
function chunkedPost(origin: string, bytes: number): Promise<{ status: number; sentBytes: number }> {
	return new Promise((resolve, reject) => {
		let sentBytes = 0
		let answered = false
		const request = http.request(
			`${origin}/login`,
			{ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin } },
			(response) => {
				answered = true
				resolve({ status: response.statusCode ?? 0, sentBytes })
				response.resume()
				request.destroy()
			},
		)
		request.on('error', (error) => {
			if (!answered) reject(error)
		})
		const chunk = Buffer.alloc(256 * 1024, 0x61)
		const more = () => {
			if (answered || request.destroyed) return
			if (sentBytes >= bytes) return void request.end()
			sentBytes += chunk.length
			request.write(chunk, () => setImmediate(more))
		}
		request.write('email=')
		more()
	})
}

/** Runs bench/upload-client.ts in a process of its own; its answers. */
function runClient(args: string[]): Promise<{ status: number; ms: number }[]> {
	return new Promise((resolve, reject) => {
		execFile(
			process.execPath,
			[path.join(import.meta.dirname, 'upload-client.ts'), ...args],
			{ maxBuffer: 16 * 1024 * 1024 },
			(error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as { status: number; ms: number }[])),
		)
	})
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-uploads-'))

async function main() {
	if (!existsSync(portalServerFile(path.join(root, process.env.PORTAL_BUILD_DIR ?? 'build')))) {
		console.log('building the portal (react-router build)…')
		runQuietly('npx', ['react-router', 'build'], root)
	}
	console.log('starting the emulator and the portal…')
	const { portal } = await startPortalOnEmulator(root, workDir, {
		TRUST_PROXY: 'loopback',
		// The load is one customer on one address: the limits would (rightly) stop it.
		RATE_LIMITS: 'post-client=1000000,support-account=1000000,support-client=1000000',
	})
	const cookie = await signIn(portal, DEMO_ACCOUNTS.customer, {
		path: UPLOAD_PATH,
		holds: (html) => html.includes('name="attachments"'),
		what: 'the service request form',
	})
	const residentAtStartMb = residentMb(portal)
	await getLoop(portal.origin, '/login', 2, seconds(1))
	const quiet = await getLoop(portal.origin, '/login', 2, seconds(MEASURED_SECONDS))

	const residentQuietMb = residentMb(portal)
	const upload = largestUpload()
	const bodyFile = path.join(workDir, 'upload.bin')
	writeFileSync(bodyFile, upload.body)
	const uploaders = Array.from({ length: UPLOADERS }, () =>
		runClient([
			portal.origin,
			UPLOAD_PATH,
			bodyFile,
			upload.contentType,
			cookie,
			String(MEASURED_SECONDS + 2),
			String(UPLOAD_MB_PER_SECOND),
		]),
	)
	await seconds(1)
	const measured = seconds(MEASURED_SECONDS)
	const [loaded, health] = await Promise.all([
		getLoop(portal.origin, '/login', 2, measured),
		getLoop(portal.origin, '/healthz', 1, measured),
	])
	const uploads = (await Promise.all(uploaders)).flat()

	const before = residentMb(portal)
	const chunked = await Promise.all(
		Array.from({ length: CHUNKED_POSTS }, () => chunkedPost(portal.origin, CHUNKED_BYTES)),
	)
	await seconds(2)
	const after = residentMb(portal)

	const figures = {
		quietLoginP99Ms: Math.round(p99(quiet) * 10) / 10,
		loadedLoginP99Ms: Math.round(p99(loaded) * 10) / 10,
		healthzSlowestMs: Math.round(Math.max(...health) * 10) / 10,
		uploadsAnswered: uploads.length,
		uploadStatuses: Object.fromEntries(
			[...new Set(uploads.map((u) => u.status))].map((s) => [s, uploads.filter((u) => u.status === s).length]),
		),
		uploadP99Ms: Math.round(p99(uploads.map((u) => u.ms))),
		chunkedStatuses: [...new Set(chunked.map((c) => c.status))],
		chunkedMostSentMb: Math.round(Math.max(...chunked.map((c) => c.sentBytes)) / 1024 / 1024),
		residentAtStartMb: Math.round(residentAtStartMb),
		residentAfterQuietMb: Math.round(residentQuietMb),
		residentAfterUploadsMb: Math.round(before),
		residentAfterChunkedPostsMb: Math.round(after),
	}
	console.log(JSON.stringify(figures, null, 2))

	const failures: string[] = []
	if (figures.loadedLoginP99Ms > P99_FACTOR_BUDGET * Math.max(figures.quietLoginP99Ms, 5))
		failures.push(`/login p99 under uploads ${figures.loadedLoginP99Ms} ms > ${P99_FACTOR_BUDGET}× quiet`)
	if (figures.healthzSlowestMs > HEALTH_BUDGET_MS) failures.push(`/healthz took ${figures.healthzSlowestMs} ms`)
	if (uploads.length === 0 || uploads.some((u) => u.status >= 500)) failures.push('an upload got no 4xx answer')
	if (figures.chunkedStatuses.join() !== '413') failures.push(`chunked posts answered ${figures.chunkedStatuses}`)
	if (figures.chunkedMostSentMb >= CHUNKED_BYTES / 1024 / 1024) failures.push('a chunked body was read whole')
	if (after - before > MEMORY_GROWTH_BUDGET_MB) failures.push(`memory grew ${Math.round(after - before)} MB`)
	if (failures.length > 0) throw new Error(failures.join('\n'))
	console.log('uploads bench: within budget')
}

main()
	.catch((error: unknown) => {
		console.error(error)
		process.exitCode = 1
	})
	.finally(async () => {
		await stopAllServers()
		rmSync(workDir, { recursive: true, force: true })
	})
