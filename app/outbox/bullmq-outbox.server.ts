/**
 * The shared outbox (REDIS_URL): a BullMQ queue on Redis, so every instance
 * can take and deliver any request. The job is the stored request (files
 * included, base64), added with the reference as its id: adding is the
 * durable write before any help-centre call, and BullMQ's own job locks keep
 * one worker on a job at a time. Retries are BullMQ's, with the outbox's
 * back-off; a permanent refusal is an UnrecoverableError, so the job stays
 * in the failed set, kept.
 */
import type * as Bullmq from 'bullmq'
import {
	createRedisConnection,
	loadOnUse,
	logWhileAway,
	onceWhileRepeated,
	openRedis,
	readyCheck,
	StoreUnavailable,
	withTimeout,
} from '#app/store/redis.ts'
import { backOffMs, deliver, logOutbox, type OutboxRequest } from './delivery.server.ts'
import type { OutboxBackend, OutboxEntry, OutboxSettings } from './outbox-backend.ts'
import { readRedisDurability, type RedisDurability } from './redis-durability.server.ts'

const QUEUE = 'support-outbox'
const PREFIX = 'portal:bull'
/** Transient failures are retried until delivered; BullMQ needs a number. */
const ATTEMPTS = 1_000_000
const CONCURRENCY = 4
/** Delivered requests stay listed for the customer this long (their files are dropped at once). */
const KEEP_DELIVERED_SECONDS = 90 * 24 * 60 * 60
/** How many of a user's references their list keeps. */
const USER_LIST_LENGTH = 50
const POLL_MS = 100
/** How many kept requests the metrics' age of the oldest looks at, at most. */
const OLDEST_SCAN = 1000
const LOCK_MS = 15_000
const STALLED_CHECK_MS = 5_000
/** At shutdown, how long jobs in flight may finish (and BullMQ close) before the process goes anyway. */
const STOP_GRACE_MS = 5000
/**
 * An add carries the customer's files (base64): it may take longer than a session's read, so its
 * connection waits this many times the command time-out before calling Redis away.
 */
const ADD_TIMEOUT_FACTOR = 4

interface JobFile {
	filename: string
	contentType: string
	/** Base64; emptied once delivered. */
	data: string
}

interface JobData extends Omit<OutboxRequest, 'files'> {
	files: JobFile[]
}

type OutboxJob = Bullmq.Job<JobData, { ticketId: string }>

const userKey = (userId: string) => `portal:support-outbox:user:${userId}`

function requestOf(data: JobData): OutboxRequest {
	return {
		...data,
		files: data.files.map((f) => ({
			filename: f.filename,
			contentType: f.contentType,
			bytes: new Uint8Array(Buffer.from(f.data, 'base64')),
		})),
	}
}

type Connection = ReturnType<typeof Bullmq.createNodeRedisClient>

/**
 * A BullMQ connection whose errors, and those of its duplicates (the worker's blocking connection),
 * are logged. BullMQ lets go of its own listener when it closes a connection; an 'error' with no
 * listener, such as the socket closing as Redis goes away, would otherwise end the process.
 */
function logged(connection: Connection): Connection {
	logWhileAway(connection, (line) => logOutbox(line, 'warn'))
	const duplicate = connection.duplicate.bind(connection)
	connection.duplicate = (...args: unknown[]) => logged(duplicate(...args))
	return connection
}

export interface BullmqOutboxSettings extends OutboxSettings {
	/** REDIS_COMMAND_TIMEOUT_MS. */
	commandTimeoutMs: number
	/** REDIS_ALLOW_VOLATILE: run on a Redis that may forget, loudly. */
	allowVolatile: boolean
	/** Where the verdict on Redis's settings is told (console.error by default). */
	logError?: (line: string) => void
}

export function createBullmqOutbox(url: string, settings: BullmqOutboxSettings): OutboxBackend {
	// Loaded when an outbox in Redis is made, not with the portal (ADR 0063).
	const { Queue, UnrecoverableError, Worker, createNodeRedisClient } = loadOnUse('bullmq') as typeof Bullmq
	const logError = settings.logError ?? ((line: string) => console.error(line))
	// Adds are refused at once while Redis is away (no offline queue) and time out when it hangs:
	// the form then answers 503 and nothing is accepted that Redis does not have (ADR 0049).
	const queueClient = createRedisConnection(url, {
		commandTimeoutMs: settings.commandTimeoutMs * ADD_TIMEOUT_FACTOR,
	})
	const queue = new Queue<JobData, { ticketId: string }>(QUEUE, {
		connection: logged(createNodeRedisClient(queueClient)),
		prefix: PREFIX,
	})
	const warnOnce = onceWhileRepeated((line) => logOutbox(line, 'warn'))
	queue.on('error', (error) => warnOnce(`queue: ${error.message}`))
	const queueReady = readyCheck(queueClient)
	const lists = openRedis(url, { commandTimeoutMs: settings.commandTimeoutMs }, (line) => logOutbox(line, 'warn'))
	let worker: Bullmq.Worker<JobData, { ticketId: string }> | undefined
	let wanted = false
	let closed = false

	/**
	 * The verdict on the Redis the outbox is connected to, read again at each (re)connection: a Redis
	 * restarted with other settings is judged again.
	 */
	let durability: Promise<RedisDurability> | undefined
	function judge(): Promise<RedisDurability> {
		const reading = withTimeout(readRedisDurability(lists.client), settings.commandTimeoutMs).then((verdict) => {
			tell(verdict)
			if (usable(verdict)) startWorker()
			return verdict
		})
		// Redis away again before it answered: judged at the next connection.
		reading.catch(() => durability === reading && (durability = undefined))
		durability = reading
		return reading
	}
	const usable = (verdict: RedisDurability) => verdict.keepsData || settings.allowVolatile
	let told = ''
	function tell(verdict: RedisDurability) {
		const said = `${verdict.keepsData}:${verdict.problems.join(';')}`
		if (said === told) return
		told = said
		if (verdict.keepsData) return logOutbox(`Redis keeps its data (appendonly, noeviction; read by ${verdict.source})`)
		const problems = verdict.problems.join('; ')
		if (settings.allowVolatile)
			logError(
				`support outbox: RUNNING ON A REDIS THAT MAY FORGET, as REDIS_ALLOW_VOLATILE=true asks: ${problems}. Accepted support requests may be lost.`,
			)
		else
			logError(
				`support outbox: REFUSING support requests: this Redis may forget them: ${problems}. Set appendonly yes and maxmemory-policy noeviction (README, Redis), or REDIS_ALLOW_VOLATILE=true to run anyway.`,
			)
	}
	lists.client.on('ready', () => void judge().catch(() => undefined))

	async function process(job: OutboxJob, _token?: string, signal?: AbortSignal) {
		const outcome = await deliver(requestOf(job.data), {
			timeoutMs: settings.attemptTimeoutMs,
			signal,
			saveUploads: (uploads) => job.updateData({ ...job.data, uploads }),
		})
		const failures = job.attemptsMade + 1
		if (outcome.kind === 'delivered') {
			// The customer's files are the help centre's now; Redis need not hold them.
			await job.updateData({ ...job.data, files: job.data.files.map((f) => ({ ...f, data: '' })) })
			if (failures > 1) logOutbox(`${job.data.reference} delivered after ${failures} attempts`)
			return { ticketId: outcome.ticketId }
		}
		if (outcome.kind === 'failed') {
			logOutbox(`${job.data.reference} (${job.data.form}) failed for good (${outcome.reason}): kept as failed`, 'warn')
			throw new UnrecoverableError(outcome.reason)
		}
		logOutbox(`${job.data.reference} (${job.data.form}) attempt ${failures} failed (${outcome.reason})`)
		throw new Error(outcome.reason)
	}

	function startWorker() {
		if (!wanted || worker || closed) return
		worker = new Worker<JobData, { ticketId: string }>(QUEUE, process, {
			// Blocking (BZPOPMIN): no command time-out; reconnects for ever, so delivery resumes when Redis is back.
			connection: logged(createNodeRedisClient(createRedisConnection(url, { commandTimeoutMs: 0, blocking: true }))),
			prefix: PREFIX,
			concurrency: CONCURRENCY,
			// A job whose process died (kill -9, a lost instance) is taken again once its lock lapses: in 15 s
			// plus at most 5 s to notice, not BullMQ's 30 + 30. The lock is renewed every 7.5 s while it runs.
			lockDuration: LOCK_MS,
			stalledInterval: STALLED_CHECK_MS,
			// Stalled is not failed: a request whose process died again and again is still delivered, once.
			maxStalledCount: ATTEMPTS,
			settings: {
				backoffStrategy: (attemptsMade: number) => backOffMs(attemptsMade, settings.retryBaseMs, settings.retryMaxMs),
			},
		})
		worker.on('error', (error) => warnOnce(`worker: ${error.message}`))
	}

	return {
		kind: 'bullmq',
		async accept(request) {
			// Redis away: refused at once, before anything is written, so nothing is half accepted.
			const [queueUp, listsUp] = await Promise.all([queueReady(), lists.ready()])
			if (!queueUp || !listsUp) throw new StoreUnavailable(new Error('not connected'))
			let verdict: RedisDurability
			try {
				verdict = await (durability ?? judge())
			} catch (error) {
				throw new StoreUnavailable(error)
			}
			if (!usable(verdict)) throw new StoreUnavailable(new Error(`Redis may forget: ${verdict.problems.join('; ')}`))
			const data: JobData = {
				...request,
				files: request.files.map((f) => ({
					filename: f.filename,
					contentType: f.contentType,
					data: Buffer.from(f.bytes).toString('base64'),
				})),
			}
			if (request.userId) {
				const key = userKey(request.userId)
				await lists.run(async (client) => {
					await client.zAdd(key, { score: Date.parse(request.createdAt), value: request.reference })
					await client.zRemRangeByRank(key, 0, -USER_LIST_LENGTH - 1)
				})
			}
			try {
				await withTimeout(
					queue.add('deliver', data, {
						jobId: request.reference,
						attempts: ATTEMPTS,
						backoff: { type: 'outbox' },
						removeOnComplete: { age: KEEP_DELIVERED_SECONDS },
						removeOnFail: false,
					}),
					settings.commandTimeoutMs * ADD_TIMEOUT_FACTOR,
				)
			} catch (error) {
				// Timed out or cut off: told as not kept. Were the add done by Redis after all, the request is
				// delivered once though the customer was asked to send it again (ADR 0049).
				throw new StoreUnavailable(error)
			}
		},
		async waitForDelivery(reference, ms) {
			if (!queueClient.isReady) return false
			const deadline = Date.now() + ms
			for (;;) {
				const state = await withTimeout(queue.getJobState(reference), settings.commandTimeoutMs)
				if (state === 'completed') return true
				// 'delayed': an attempt failed and waits for its retry; the customer hears at once that it is kept.
				if (state === 'failed' || state === 'delayed' || Date.now() >= deadline) return false
				await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(deadline - Date.now(), 1))))
			}
		},
		async recent(userId, limit) {
			const references = await lists.run((client) => client.zRange(userKey(userId), 0, limit - 1, { REV: true }))
			if (!(await queueReady())) throw new StoreUnavailable(new Error('not connected'))
			const entries = await withTimeout(
				Promise.all(
					references.map(async (reference): Promise<OutboxEntry | null> => {
						const job = (await queue.getJob(reference)) as OutboxJob | undefined
						if (!job) return null
						const state = await job.getState()
						return {
							reference,
							form: job.data.form,
							createdAt: job.data.createdAt,
							status: state === 'completed' ? 'delivered' : state === 'failed' ? 'failed' : 'waiting',
						}
					}),
				),
				settings.commandTimeoutMs,
			).catch((error: unknown) => {
				throw new StoreUnavailable(error)
			})
			return entries.filter((entry) => entry !== null)
		},
		async depth() {
			const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed')
			const waiting = counts.waiting! + counts.active! + counts.delayed! + counts.prioritized!
			// The oldest by when each was added: ids first, then one field of each (not the jobs, whose data holds
			// the files). Past OLDEST_SCAN kept requests the age is that of the oldest among the first ones scanned.
			const ids = await queue.getRanges(['waiting', 'active', 'delayed', 'prioritized'], 0, OLDEST_SCAN - 1)
			let oldest = Number.POSITIVE_INFINITY
			if (ids.length > 0) {
				const stamps = await lists.run((client) =>
					Promise.all(ids.map((id) => client.hGet(queue.toKey(id), 'timestamp'))),
				)
				for (const stamp of stamps) if (stamp) oldest = Math.min(oldest, Number(stamp))
			}
			return {
				waiting,
				failed: counts.failed!,
				oldestWaitingSince: Number.isFinite(oldest) ? new Date(oldest).toISOString() : null,
			}
		},
		async checkReady() {
			if (!queueClient.isReady) throw new StoreUnavailable(new Error('not connected'))
			await lists.run((client) => client.ping())
		},
		start() {
			if (wanted || closed) return
			// The worker starts once Redis is judged to keep its data (or REDIS_ALLOW_VOLATILE says run anyway).
			wanted = true
			if (durability) void durability.then((verdict) => usable(verdict) && startWorker()).catch(() => undefined)
			else if (lists.client.isReady) void judge().catch(() => undefined)
		},
		async stop() {
			if (closed) return
			closed = true
			// Lets jobs in flight finish; one cut short is found again by its lock's expiry. With Redis away
			// BullMQ's close waits for a connection that does not come: the shutdown does not wait for it.
			const closing = (async () => {
				await worker?.close()
				await queue.close()
			})()
			await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())])
			await lists.close()
		},
	}
}
