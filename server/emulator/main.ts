/**
 * `npm run emulator`: the upstream emulator alone, on its own port (3001 by
 * default), for benchmarks and for pointing a portal at it with the *_URL
 * settings (`ACCOUNT_API_URL=http://localhost:3001/_emulator/account` …).
 */
import http from 'node:http'
import path from 'node:path'
import express from 'express'
import { EMULATOR_SECURITY_SECRET } from '#app/upstream/contract/security-token.ts'
import { createLogger, routeConsoleThrough } from '../logger.ts'
import { closeGracefully } from '../shutdown.ts'
import { createEmulator } from './index.ts'

// Before anything logs: the emulator prints who it mailed, who sent a ticket, stack traces that hold
// request data; like the portal's, every line goes through the scrubbing logger (server/logger.ts).
routeConsoleThrough(createLogger({ level: process.env.LOG_LEVEL }))

/**
 * The admin calls' token for callers other than loopback. The emulator reads its own few settings: it
 * stands for the upstreams, so it takes nothing of the portal's but the contract (issue 22).
 */
function adminToken(): string | undefined {
	const token = process.env.EMULATOR_ADMIN_TOKEN?.trim()
	if (!token) return undefined
	if (token.length < 16) {
		console.error('Invalid environment:\n  EMULATOR_ADMIN_TOKEN: at least 16 characters')
		process.exit(1)
	}
	return token
}

const port = Number(process.env.EMULATOR_PORT ?? 3001)
const emulatorUrl = `http://localhost:${port}/_emulator`
const emulator = await createEmulator({
	dataDir: path.resolve(process.env.DATA_DIR ?? './data'),
	portalUrl: process.env.PUBLIC_URL ?? 'http://localhost:3000',
	emulatorUrl,
	securitySecret: process.env.RCP_SECURITY_SECRET ?? EMULATOR_SECURITY_SECRET,
	adminToken: adminToken(),
})
const app = express()
app.disable('x-powered-by')
app.use('/_emulator', emulator.router)
const server = http.createServer(app).listen(port, () => {
	console.log(
		`emulator listening on ${emulatorUrl}/{account,sso,cloud,device,public,log,video}/ (mail outbox: ${emulatorUrl}/mail)`,
	)
})
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
	process.on(signal, async () => {
		await closeGracefully(server, 5_000)
		emulator.close()
		process.exit(0)
	})
}
