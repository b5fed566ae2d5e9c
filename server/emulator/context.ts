import type { DatabaseSync } from 'node:sqlite'
import type { RequestHandler, Router } from 'express'
import type { Clock } from './clock.ts'
import type { MailOutbox } from './mail.ts'
import type { TokenService } from './tokens.ts'

/** What every emulated service gets. */
export interface EmulatorContext {
	db: DatabaseSync
	clock: Clock
	mail: MailOutbox
	tokens: TokenService
	/** Where the portal is, for links in mail (activation, reset, email change). */
	portalUrl: string
	/** Where the emulator is, for URLs it hands out (cache downloads, images). */
	emulatorUrl: string
	/** The secret of the X-RCP-Security-Token header, shared with the portal. */
	securitySecret: string
	log(line: string): void
	/**
	 * Guards a service's own route that is not part of its upstream's API (a listing for tests): only
	 * loopback or the admin token may call it (admin.ts, ADR 0031).
	 */
	adminOnly: RequestHandler
}

/** One emulated upstream (or one part of one), mounted under /_emulator{mount}. */
export interface EmulatorService {
	name: string
	/** `/account`, `/sso`, `/cloud`, `/device`, `/public`, `/log`, `/video`. */
	mount: string
	/** Creates its tables (IF NOT EXISTS); runs at every start. */
	migrate?(ctx: EmulatorContext): void
	/** Fills its tables; runs on first start and after a reset, after every service has migrated. */
	seed?(ctx: EmulatorContext): void | Promise<void>
	router(ctx: EmulatorContext): Router
}
