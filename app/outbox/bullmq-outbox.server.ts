/**
 * The shared outbox (REDIS_URL): a BullMQ queue on Redis, so every instance
 * can take and deliver any request. The job is the stored request (files
 * included, base64), added with the reference as its id: adding is the
 * durable write before any help-centre call, and BullMQ's own job locks keep
 * one worker on a job at a time. Retries are BullMQ's, with the outbox's
 * back-off; a permanent refusal is an UnrecoverableError, so the job stays
 * in the failed set, kept.
 */
import { Queue, UnrecoverableError, Worker, createNodeRedisClient, type Job } from 'bullmq'
import { createClient } from 'redis'
import { backOffMs, deliver, logOutbox, type OutboxRequest } from './delivery.server.ts'
import type { OutboxBackend, OutboxEntry, OutboxSettings } from './outbox-backend.ts'

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

interface JobFile {
	filename: string
	contentType: string
	/** Base64; emptied once delivered. */
	data: string
}

interface JobData extends Omit<OutboxRequest, 'files'> {
	files: JobFile[]
}

type OutboxJob = Job<JobData, { ticketId: string }>

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

type Connection = ReturnType<typeof createNodeRedisClient>

/**
 * A BullMQ connection whose errors, and those of its duplicates (the worker's blocking connection),
 * are logged. BullMQ lets go of its own listener when it closes a connection; an 'error' with no
 * listener, such as the socket closing as Redis goes away, would otherwise end the process.
 */
function logged(connection: Connection): Connection {
	connection.on('error', (error: Error) => logOutbox(`redis: ${error.message}`, 'warn'))
	const duplicate = connection.duplicate.bind(connection)
	connection.duplicate = (...args: unknown[]) => logged(duplicate(...args))
	return connection
}

export function createBullmqOutbox(url: string, settings: OutboxSettings): OutboxBackend {
	const connect = () => logged(createNodeRedisClient(createClient({ url })))
	const queue = new Queue<JobData, { ticketId: string }>(QUEUE, { connection: connect(), prefix: PREFIX })
	queue.on('error', (error) => logOutbox(`queue: ${error.message}`, 'warn'))
	const lists = createClient({ url })
	lists.on('error', (error: Error) => logOutbox(`redis: ${error.message}`, 'warn'))
	let listsReady: Promise<unknown> | undefined
	const redis = async () => {
		listsReady ??= lists.connect()
		await listsReady
		return lists
	}
	let worker: Worker<JobData, { ticketId: string }> | undefined
	let closed = false

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

	return {
		kind: 'bullmq',
		async accept(request) {
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
				const client = await redis()
				await client.zAdd(key, { score: Date.parse(request.createdAt), value: request.reference })
				await client.zRemRangeByRank(key, 0, -USER_LIST_LENGTH - 1)
			}
			await queue.add('deliver', data, {
				jobId: request.reference,
				attempts: ATTEMPTS,
				backoff: { type: 'outbox' },
				removeOnComplete: { age: KEEP_DELIVERED_SECONDS },
				removeOnFail: false,
			})
		},
		async waitForDelivery(reference, ms) {
			const deadline = Date.now() + ms
			for (;;) {
				const state = await queue.getJobState(reference)
				if (state === 'completed') return true
				// 'delayed': an attempt failed and waits for its retry; the customer hears at once that it is kept.
				if (state === 'failed' || state === 'delayed' || Date.now() >= deadline) return false
				await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(deadline - Date.now(), 1))))
			}
		},
		async recent(userId, limit) {
			const references = await (await redis()).zRange(userKey(userId), 0, limit - 1, { REV: true })
			const entries = await Promise.all(
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
			)
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
				const client = await redis()
				const stamps = await Promise.all(ids.map((id) => client.hGet(queue.toKey(id), 'timestamp')))
				for (const stamp of stamps) if (stamp) oldest = Math.min(oldest, Number(stamp))
			}
			return {
				waiting,
				failed: counts.failed!,
				oldestWaitingSince: Number.isFinite(oldest) ? new Date(oldest).toISOString() : null,
			}
		},
		start() {
			if (worker || closed) return
			worker = new Worker<JobData, { ticketId: string }>(QUEUE, process, {
				connection: connect(),
				prefix: PREFIX,
				concurrency: CONCURRENCY,
				settings: {
					backoffStrategy: (attemptsMade: number) => backOffMs(attemptsMade, settings.retryBaseMs, settings.retryMaxMs),
				},
			})
			worker.on('error', (error) => logOutbox(`worker: ${error.message}`, 'warn'))
		},
		async stop() {
			if (closed) return
			closed = true
			// Lets jobs in flight finish; one cut short is found again by its lock's expiry.
			await worker?.close()
			await queue.close()
			if (listsReady) await lists.close()
		},
	}
}
