/**
 * The support outbox against the real emulator (in this process) and, for
 * the crash, portal processes of its own: nothing accepted is lost, and each
 * request makes exactly one ticket. Run on node:sqlite, and on BullMQ when a
 * redis-server is installed.
 */
import { spawn } from 'node:child_process'
import { createHash, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { HelpCentreTicketListSchema, type HelpCentreTicketRequest } from '#app/upstream/contract/help-centre.ts'
import { startEmulator, type RunningEmulator } from '#tests/contract/emulator.ts'
import { redisServerPath, reportRedisSkipped, startRedisServer } from '#tests/redis-server.ts'

type Outbox = typeof import('./support-outbox.server.ts')

let emu: RunningEmulator
beforeAll(async () => {
	emu = await startEmulator()
})
afterAll(() => emu.stop())

/** Fast settings: the customer waits 1 s, retries start at 100 ms. */
const FAST = {
	SUPPORT_DELIVERY_WAIT_MS: '1000',
	SUPPORT_RETRY_BASE_MS: '100',
	SUPPORT_RETRY_MAX_MS: '400',
	SUPPORT_ATTEMPT_TIMEOUT_MS: '2000',
}

async function load(env: Record<string, string>): Promise<Outbox> {
	vi.resetModules()
	vi.unstubAllEnvs()
	for (const [name, value] of Object.entries({ ...FAST, ...env })) vi.stubEnv(name, value)
	return import('./support-outbox.server.ts')
}

const ticketFor = (email: string): HelpCentreTicketRequest => ({
	ticket: {
		subject: 'Roland Service Request',
		comment: { body: 'Product Information\nFP-30X\n\nQuestion:\nA key sticks.' },
		type: 'service_request',
		tags: ['main_service_request'],
	},
	request: { requester: { name: 'Robin Sender', email }, cultureCode: 'en-GB' },
	brand: 'main',
})

async function ticketsOf(email: string) {
	const response = await fetch(`${emu.url}/tickets.json?requester=${encodeURIComponent(email)}`)
	return HelpCentreTicketListSchema.parse(await response.json())
}

/** Calls to the ticket endpoint after call `after`. */
async function ticketCallsAfter(after: number) {
	const calls = (await (await fetch(`${emu.url}/requests.json?after=${after}`)).json()) as Array<{ path: string }>
	return calls.filter((call) => call.path === '/account/zendesk/request/' || call.path === '/account/zendesk/request')
}
const latestCall = async () => ((await (await fetch(`${emu.url}/requests.json`)).json()) as { latest: number }).latest

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
	const deadline = Date.now() + ms
	for (;;) {
		const value = await read()
		if (done(value) || Date.now() > deadline) return value
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

const newEmail = () => `outbox-${randomUUID()}@example.com`

/** What every outbox must do, whatever keeps it. */
function outboxContract(name: string, env: () => Promise<Record<string, string>>) {
	describe(`the support outbox on ${name}`, () => {
		let outbox: Outbox
		let dataDir: string
		let settings: Record<string, string>
		beforeAll(async () => {
			dataDir = mkdtempSync(path.join(os.tmpdir(), 'outbox-'))
			settings = { DATA_DIR: dataDir, ...(await env()) }
			outbox = await load(settings)
			outbox.startSupportOutbox()
		})
		afterAll(async () => {
			await outbox?.stopSupportOutbox()
			await emu.clearFaults()
			vi.unstubAllEnvs()
			rmSync(dataDir, { recursive: true, force: true })
		})

		it('delivers at once: one ticket under the reference, files whole, listed for the user as delivered', async () => {
			const email = newEmail()
			const userId = randomUUID()
			const photo = new Uint8Array(200_000).fill(9)
			const receipt = await outbox.sendSupportRequest({
				form: 'service_request',
				ticket: ticketFor(email),
				attachments: [{ filename: 'damage.png', contentType: 'image/png', bytes: photo }],
				userId,
			})
			expect(receipt).toEqual({
				reference: expect.stringMatching(/^SR-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
				delivered: true,
			})
			const [ticket, ...more] = await ticketsOf(email)
			expect(more).toEqual([])
			expect(ticket).toMatchObject({
				idempotencyKey: receipt.reference,
				subject: 'Roland Service Request',
				requester: { name: 'Robin Sender', email },
				attachments: [{ filename: 'damage.png', contentType: 'image/png', size: 200_000 }],
			})
			expect(await outbox.recentSupportRequests(userId)).toEqual([
				{
					reference: receipt.reference,
					form: 'service_request',
					createdAt: expect.any(String),
					delivered: true,
					status: 'delivered',
				},
			])
			// Another user's list does not show it.
			expect(await outbox.recentSupportRequests(randomUUID())).toEqual([])
		})

		it('keeps a request the help centre fails, retries it, and makes exactly one ticket when it recovers', async () => {
			const email = newEmail()
			const userId = randomUUID()
			const before = await latestCall()
			await emu.fault({ path: '/account/zendesk/request', mode: 'status', status: 503 })
			const started = Date.now()
			const receipt = await outbox.sendSupportRequest({
				form: 'product_support',
				ticket: ticketFor(email),
				attachments: [],
				userId,
			})
			expect(receipt.delivered).toBe(false)
			// Told as soon as the first attempt fails, not after the whole wait (SUPPORT_DELIVERY_WAIT_MS, 1000 here).
			expect(Date.now() - started).toBeLessThan(800)
			expect(await outbox.recentSupportRequests(userId)).toMatchObject([
				{ reference: receipt.reference, status: 'waiting' },
			])
			// Retried with back-off while it fails.
			expect(
				(
					await eventually(
						() => ticketCallsAfter(before),
						(calls) => calls.length >= 3,
					)
				).length,
			).toBeGreaterThanOrEqual(3)
			await emu.clearFaults()
			const listed = await eventually(
				() => outbox.recentSupportRequests(userId),
				(list) => list[0]?.status === 'delivered',
			)
			expect(listed).toMatchObject([{ reference: receipt.reference, delivered: true }])
			await new Promise((resolve) => setTimeout(resolve, 800))
			expect((await ticketsOf(email)).map((t) => t.idempotencyKey)).toEqual([receipt.reference])
		})

		it('answers a slow help centre after the wait, and the slow attempt still delivers once', async () => {
			const email = newEmail()
			const userId = randomUUID()
			await emu.fault({ path: '/account/zendesk/request', mode: 'delay', delayMs: 1500, times: 1 })
			const started = Date.now()
			const receipt = await outbox.sendSupportRequest({
				form: 'order_support',
				ticket: ticketFor(email),
				attachments: [],
				userId,
			})
			expect(receipt.delivered).toBe(false)
			expect(Date.now() - started).toBeLessThan(1500)
			await eventually(
				() => outbox.recentSupportRequests(userId),
				(list) => list[0]?.status === 'delivered',
			)
			await new Promise((resolve) => setTimeout(resolve, 800))
			expect(await ticketsOf(email)).toHaveLength(1)
		})

		it('keeps a request the help centre refuses (a 4xx) as failed, logged without personal data, never retried', async () => {
			const email = newEmail()
			const userId = randomUUID()
			const warn = vi.spyOn(console, 'warn')
			const before = await latestCall()
			await emu.fault({ path: '/account/zendesk/request', mode: 'status', status: 400, times: 1 })
			const receipt = await outbox.sendSupportRequest({
				form: 'email_support',
				ticket: ticketFor(email),
				attachments: [],
				userId,
			})
			expect(receipt.delivered).toBe(false)
			const listed = await eventually(
				() => outbox.recentSupportRequests(userId),
				(list) => list[0]?.status === 'failed',
			)
			expect(listed).toMatchObject([{ reference: receipt.reference, status: 'failed', delivered: false }])
			await new Promise((resolve) => setTimeout(resolve, 1000))
			expect(await ticketCallsAfter(before)).toHaveLength(1)
			expect(await ticketsOf(email)).toEqual([])
			const logged = warn.mock.calls.map((args) => args.join(' ')).filter((line) => line.includes(receipt.reference))
			expect(logged).toEqual([expect.stringContaining('failed for good (status 400)')])
			expect(logged.join()).not.toContain(email)
			expect(logged.join()).not.toContain('Robin')
			warn.mockRestore()
		})

		it('keeps a request across a crash (kill -9) between accepting and delivering: a new process delivers one ticket', async () => {
			// Only the two processes below deliver: this one's loop stops (this is the last test).
			await outbox.stopSupportOutbox()
			const email = newEmail()
			const userId = randomUUID()
			const receiptPdf = Buffer.from('%PDF-1.7 proof of purchase, kept across a crash')
			const receipt64 = receiptPdf.toString('base64')
			// On node:sqlite the first process's attempt is in flight, stalled at the help centre, when it is
			// killed; the help centre then stores that ticket anyway, so the new process's delivery must not
			// add one. On BullMQ the first process runs no worker: the job waits in Redis for the second.
			await emu.fault({ path: '/account/zendesk/request', mode: 'delay', delayMs: 2500, times: 1 })
			const child = { ...settings, SUPPORT_DELIVERY_WAIT_MS: '200', SUPPORT_ATTEMPT_TIMEOUT_MS: '1000' }
			const first = await runChild('accept', child, {
				OUTBOX_SUBMISSION: JSON.stringify({
					form: 'parts_order_request',
					ticket: ticketFor(email),
					userId,
					attachments: [{ filename: 'receipt.pdf', contentType: 'application/pdf', base64: receipt64 }],
				}),
			})
			const receipt = JSON.parse(await first.line) as { reference: string; delivered: boolean }
			expect(receipt.delivered).toBe(false)
			first.process.kill('SIGKILL')
			await first.exited
			const second = await runChild('deliver', child, { OUTBOX_REFERENCE: receipt.reference, OUTBOX_USER: userId })
			expect(await second.line).toBe('delivered')
			expect(await second.exited).toBe(0)
			await new Promise((resolve) => setTimeout(resolve, 3000))
			const tickets = await ticketsOf(email)
			expect(tickets.map((t) => t.idempotencyKey)).toEqual([receipt.reference])
			expect(tickets[0]!.attachments).toEqual([
				{
					filename: 'receipt.pdf',
					contentType: 'application/pdf',
					size: receiptPdf.length,
					sha256: createHash('sha256').update(receiptPdf).digest('hex'),
				},
			])
		}, 40_000)
	})
}

const ANSWER = 'outbox-child: '
const children = new Set<ReturnType<typeof spawn>>()
afterAll(() => {
	for (const child of children) child.kill('SIGKILL')
})

/** A portal process of the outbox's own (tests/outbox-child.ts): its answer line, and its exit. */
async function runChild(mode: 'accept' | 'deliver', settings: Record<string, string>, extra: Record<string, string>) {
	const child = spawn(process.execPath, [path.resolve('tests/outbox-child.ts'), mode], {
		env: { ...process.env, ...settings, ...extra },
		stdio: ['ignore', 'pipe', 'inherit'],
	})
	children.add(child)
	child.on('exit', () => children.delete(child))
	const line = new Promise<string>((resolve, reject) => {
		let text = ''
		child.stdout.on('data', (chunk: Buffer) => {
			text += chunk.toString()
			const answer = text.split('\n').find((l) => l.startsWith(ANSWER))
			if (answer !== undefined) resolve(answer.slice(ANSWER.length))
		})
		child.on('exit', (code) => reject(new Error(`outbox child (${mode}) exited (${code}) before answering`)))
	})
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
	return { process: child, line, exited }
}

outboxContract('node:sqlite', async () => ({}))

describe('two delivery loops on one node:sqlite outbox in one process', () => {
	it('never send a request twice at once: each retry is one call', async () => {
		const dataDir = mkdtempSync(path.join(os.tmpdir(), 'outbox-loops-'))
		await load({ DATA_DIR: dataDir })
		const { createSqliteOutbox } = await import('./sqlite-outbox.server.ts')
		const file = path.join(dataDir, 'support-outbox.sqlite')
		const settings = { attemptTimeoutMs: 2000, retryBaseMs: 100, retryMaxMs: 100 }
		const loops = [createSqliteOutbox(file, settings), createSqliteOutbox(file, settings)]
		try {
			const email = newEmail()
			const before = await latestCall()
			// Each first attempt fails; the retries are left to the two loops, which poll together.
			await emu.fault({ path: '/account/zendesk/request', mode: 'status', status: 503, times: 8 })
			const references: string[] = []
			for (let i = 0; i < 8; i++) {
				const reference = `SR-LOOP-${i}-${randomUUID().slice(0, 8)}`
				references.push(reference)
				await loops[i % 2]!.accept({
					reference,
					form: 'email_support',
					userId: 'loops',
					createdAt: new Date().toISOString(),
					ticket: ticketFor(email),
					files: [],
					uploads: null,
				})
			}
			await eventually(
				() => ticketCallsAfter(before),
				(calls) => calls.length >= 8,
			)
			for (const loop of loops) loop.start()
			await eventually(
				() => ticketsOf(email),
				(tickets) => tickets.length === 8,
			)
			await new Promise((resolve) => setTimeout(resolve, 1000))
			expect((await ticketsOf(email)).map((t) => t.idempotencyKey).sort()).toEqual([...references].sort())
			// Eight failed first attempts and eight deliveries: no request was sent by both loops.
			expect(await ticketCallsAfter(before)).toHaveLength(16)
		} finally {
			await Promise.all(loops.map((loop) => loop.stop()))
			await emu.clearFaults()
			rmSync(dataDir, { recursive: true, force: true })
		}
	})
})

reportRedisSkipped('the support outbox on BullMQ')
describe.runIf(redisServerPath)('with Redis', () => {
	let redis: { url: string; stop: () => void } | undefined
	afterAll(() => redis?.stop())
	outboxContract('BullMQ (Redis)', async () => {
		redis ??= await startRedisServer()
		return { REDIS_URL: redis.url }
	})
})
