/**
 * The upstream emulator: every call of spec 2 §7, one service per upstream
 * under /_emulator/{account,sso,cloud,device,public,log,video}/, persistent in
 * node:sqlite, with a mail outbox, a movable clock and fault injection.
 */
import { rmSync } from 'node:fs'
import path from 'node:path'
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express'
import { z } from 'zod'
import { adminGuard, adminRule } from './admin.ts'
import { createClock } from './clock.ts'
import type { EmulatorContext, EmulatorService } from './context.ts'
import { getMeta, openEmulatorDb, setMeta } from './db.ts'
import { createFaultRegistry, FaultSchema } from './faults.ts'
import { findUserByEmail } from './account/users.ts'
import { listTickets, ticketsPage } from './account/help-centre/tickets.ts'
import { insertDevice, listDevices } from './device/devices-table.ts'
import { backdatedSubscription } from './cloud/history.ts'
import { CloudError } from './cloud/store.ts'
import { createMailOutbox, type Mail } from './mail.ts'
import { createRequestLog } from './request-log.ts'
import { SERVICES } from './services.ts'
import { createTokenService } from './tokens.ts'
import { escapeMarkup as escapeHtml } from './markup.ts'

export interface EmulatorOptions {
	dataDir: string
	portalUrl: string
	emulatorUrl: string
	securitySecret: string
	/** Lets addresses other than loopback use the admin calls when they send it (EMULATOR_ADMIN_TOKEN). */
	adminToken?: string
	log?: (line: string) => void
	services?: readonly EmulatorService[]
}

export interface Emulator {
	/** Mount at /_emulator. */
	router: Router
	/** The emulated upstreams' routes, each service's under its mount (the admin boundary's test walks them). */
	serviceRouter(): Router
	context(): EmulatorContext
	reset(): Promise<void>
	close(): void
}

const SEED_VERSION = '1'

async function build(options: EmulatorOptions, services: readonly EmulatorService[], adminOnly: RequestHandler) {
	const log = options.log ?? ((line: string) => console.log(`[emulator] ${line}`))
	const db = openEmulatorDb(path.join(options.dataDir, 'emulator.sqlite'))
	const clock = createClock(db)
	const ctx: EmulatorContext = {
		db,
		clock,
		mail: createMailOutbox(db, clock, log),
		tokens: await createTokenService(db, clock),
		portalUrl: options.portalUrl,
		emulatorUrl: options.emulatorUrl,
		securitySecret: options.securitySecret,
		log,
		adminOnly,
	}
	for (const service of services) service.migrate?.(ctx)
	if (getMeta(db, 'seeded') !== SEED_VERSION) {
		for (const service of services) await service.seed?.(ctx)
		setMeta(db, 'seeded', SEED_VERSION)
	}
	const router = express.Router()
	for (const service of services) router.use(service.mount, service.router(ctx))
	return { ctx, router }
}

export async function createEmulator(options: EmulatorOptions): Promise<Emulator> {
	const services = options.services ?? SERVICES
	const adminOnly = adminGuard(options.adminToken)
	let state = await build(options, services, adminOnly)
	const faults = createFaultRegistry()
	const requests = createRequestLog()
	const mounts = services.map((service) => service.mount)

	const router = express.Router()
	// Everything outside the emulated upstreams' mounts is an admin call, a new one too: deny by default.
	// Inside a mount, a service guards its own listings with ctx.adminOnly (routes.test.ts holds both).
	router.use((req, res, next) => (underMount(req.path, mounts) ? next() : adminOnly(req, res, next)))
	state.ctx.log(adminRule(options.adminToken))
	router.use(express.json({ limit: '1mb' }))
	router.use(express.urlencoded({ extended: false }))

	// Admin calls for tests, demos and benchmarks.
	router.get('/mail', (_req, res) => res.type('html').send(mailPage(state.ctx.mail.list())))
	router.get('/mail.json', (req, res) => {
		const to = typeof req.query.to === 'string' ? req.query.to : undefined
		res.json(state.ctx.mail.list(to))
	})
	// ?email=: the calls made with that user's tokens; ?after=N: every call after call N (a test notes
	// `latest` first), anonymous ones too; neither: just the latest call's number.
	router.get('/requests.json', (req, res) => {
		const email = typeof req.query.email === 'string' ? req.query.email : ''
		const after = typeof req.query.after === 'string' ? Number(req.query.after) : NaN
		if (email) {
			const user = findUserByEmail(state.ctx.db, email)
			return res.json(user ? requests.of(user.id) : [])
		}
		if (Number.isInteger(after) && after >= 0) return res.json(requests.after(after))
		res.json({ latest: requests.latest() })
	})
	// What the help centre received, newest first (?requester=EMAIL: that requester's only).
	router.get('/tickets.json', (req, res) => res.json(listTickets(state.ctx.db, queryText(req.query.requester))))
	router.get('/tickets', (req, res) => {
		const requester = queryText(req.query.requester)
		res.type('html').send(ticketsPage(listTickets(state.ctx.db, requester), requester))
	})
	router.post('/reset', async (_req, res) => {
		await emulator.reset()
		res.json({ status: 'reset' })
	})
	router.get('/faults', (_req, res) => res.json(faults.list()))
	router.post('/faults', (req, res) => {
		const fault = FaultSchema.safeParse(req.body)
		if (!fault.success) return res.status(400).json({ message: z.prettifyError(fault.error) })
		faults.add(fault.data)
		res.status(201).json(faults.list())
	})
	router.delete('/faults', (_req, res) => {
		faults.clear()
		res.json([])
	})
	router.get('/clock', (_req, res) =>
		res.json({ now: new Date(state.ctx.clock.now()).toISOString(), offsetMs: state.ctx.clock.offsetMs() }),
	)
	router.post('/clock', (req: Request, res: Response) => {
		const body = z
			.object({ offsetMs: z.number().int().optional(), advanceMs: z.number().int().optional() })
			.safeParse(req.body)
		if (!body.success) return res.status(400).json({ message: z.prettifyError(body.error) })
		const clock = state.ctx.clock
		clock.setOffsetMs(body.data.offsetMs ?? clock.offsetMs() + (body.data.advanceMs ?? 0))
		res.json({ now: new Date(clock.now()).toISOString(), offsetMs: clock.offsetMs() })
	})
	router.post('/tokens/settings', (req, res) => {
		const body = z
			.object({
				accessTokenSeconds: z.number().int().positive().optional(),
				idTokenSeconds: z.number().int().positive().optional(),
				refreshTokenSeconds: z.number().int().positive().optional(),
			})
			.safeParse(req.body)
		if (!body.success) return res.status(400).json({ message: z.prettifyError(body.error) })
		res.json(state.ctx.tokens.updateSettings(body.data))
	})

	// A device an account's apps have seen, as the device API would list it (spec 2 §3): the journeys
	// that offer connected devices for registration give a fresh account its own.
	router.post('/devices', (req, res) => {
		const body = z
			.object({
				email: z.string().min(1),
				pcode: z.string().min(1).max(64),
				productVer: z.array(z.string().max(64)).max(10).default([]),
			})
			.safeParse(req.body)
		if (!body.success) return res.status(400).json({ message: z.prettifyError(body.error) })
		const user = findUserByEmail(state.ctx.db, body.data.email)
		if (!user) return res.status(404).json({ message: `No account for ${body.data.email}` })
		const { pcode, productVer } = body.data
		insertDevice(state.ctx.db, user.id, { pcode, productVer }, new Date(state.ctx.clock.now()).toISOString())
		res.status(201).json(listDevices(state.ctx.db, user.id))
	})

	// A paid subscription that started months ago (the cloud API then bills each month since by its rules):
	// the journeys and the benchmark that need a member with a billing history give a fresh account one.
	router.post('/subscriptions', (req, res) => {
		const body = z
			.object({
				email: z.string().min(1),
				planId: z.string().min(1).max(64),
				monthsAgo: z.number().int().min(0).max(120),
			})
			.safeParse(req.body)
		if (!body.success) return res.status(400).json({ message: z.prettifyError(body.error) })
		const user = findUserByEmail(state.ctx.db, body.data.email)
		if (!user) return res.status(404).json({ message: `No account for ${body.data.email}` })
		try {
			const subscriptionId = backdatedSubscription(state.ctx, user.id, body.data)
			res.status(201).json({ subscriptionId })
		} catch (error) {
			if (!(error instanceof CloudError)) throw error
			res.status(error.status).json({ message: error.message, code: error.code })
		}
	})

	router.use(requests.record)
	router.use((req, res, next) => faults.middleware(req, res, next))
	router.use((req, res, next) => state.router(req, res, next))
	router.use((req, res) =>
		res.status(404).json({ message: `No such emulated call: ${req.method} ${req.baseUrl}${req.path}` }),
	)
	// A bug in an emulated service answers like an upstream's own failure, and says where in the log.
	router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
		state.ctx.log(`${req.method} ${req.baseUrl}${req.path}: ${(error as Error)?.stack ?? String(error)}`)
		if (!res.headersSent) res.status(500).json({ message: 'Internal error', code: 'InternalError' })
	})

	const emulator: Emulator = {
		router,
		serviceRouter: () => state.router,
		context: () => state.ctx,
		async reset() {
			faults.clear()
			requests.clear()
			state.ctx.db.close()
			for (const suffix of ['', '-wal', '-shm'])
				rmSync(path.join(options.dataDir, `emulator.sqlite${suffix}`), { force: true })
			state = await build(options, services, adminOnly)
			state.ctx.log('reset: data cleared and seeded again')
		},
		close() {
			faults.clear()
			if (state.ctx.db.isOpen) state.ctx.db.close()
		},
	}
	return emulator
}

const underMount = (path: string, mounts: readonly string[]) =>
	mounts.some((mount) => path === mount || path.startsWith(`${mount}/`))

const queryText = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

function mailPage(mails: Mail[]): string {
	const rows = mails
		.map(
			(
				m,
			) => `<article><h2>${escapeHtml(m.subject)}</h2><p>To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.sentAt)}</p>
${m.code ? `<p>Code: <code>${escapeHtml(m.code)}</code></p>` : ''}${m.link ? `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>` : ''}
<pre>${escapeHtml(m.text)}</pre></article>`,
		)
		.join('\n')
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Emulator mail outbox</title></head><body><main><h1>Mail outbox</h1>
<p>Every message the emulated account API has sent, newest first.</p>${rows || '<p>No mail yet.</p>'}</main></body></html>`
}
