/**
 * Starts the upstream emulator on a free loopback port for a test file and
 * points the portal's upstream settings at it, exactly as a deployment with
 * real upstreams would be configured. Import this before any app module:
 * settings are read once, on first use.
 *
 *   const emu = await startEmulator()
 *   const { signin } = await import('#app/upstream/account-identity.server.ts')
 *   afterAll(() => emu.stop())
 */
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { expect } from 'vitest'
import { UpstreamError } from '#app/upstream/errors.ts'
import { createEmulator, type Emulator } from '#server/emulator/index.ts'
import type { Fault } from '#server/emulator/faults.ts'
import type { Mail } from '#server/emulator/mail.ts'
import type { TokenSettings } from '#server/emulator/tokens.ts'

export const TEST_SECURITY_SECRET = 'contract-test-security-secret'

export interface RunningEmulator {
	url: string
	emulator: Emulator
	/** Messages sent to an address, newest first, read over HTTP like the e2e suite does. */
	mail(to: string): Promise<Mail[]>
	fault(fault: Fault): Promise<void>
	clearFaults(): Promise<void>
	/** Moves the emulator's clock forward. */
	advanceClock(ms: number): Promise<void>
	tokenSettings(settings: Partial<TokenSettings>): Promise<void>
	reset(): Promise<void>
	stop(): Promise<void>
}

async function call(url: string, method: string, body?: unknown) {
	const response = await fetch(url, {
		method,
		headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	})
	if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${await response.text()}`)
	return response.json()
}

export async function startEmulator(): Promise<RunningEmulator> {
	const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-contract-'))
	const app = express()
	const server = http.createServer(app)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	const url = `http://127.0.0.1:${port}/_emulator`
	const emulator = await createEmulator({
		dataDir,
		portalUrl: 'http://portal.test',
		emulatorUrl: url,
		securitySecret: TEST_SECURITY_SECRET,
		log: () => {},
	})
	app.use('/_emulator', emulator.router)

	const upstreamEnv = {
		ACCOUNT_API_URL: `${url}/account/`,
		SSO_URL: `${url}/sso/`,
		CLOUD_API_URL: `${url}/cloud/`,
		DEVICE_API_URL: `${url}/device/`,
		PUBLIC_API_URL: `${url}/public/`,
		LOG_API_URL: `${url}/log/`,
		VIDEO_API_URL: `${url}/video/`,
		RCP_SECURITY_SECRET: TEST_SECURITY_SECRET,
		PUBLIC_URL: 'http://portal.test',
		DATA_DIR: dataDir,
		NODE_ENV: 'test',
	}
	Object.assign(process.env, upstreamEnv)

	return {
		url,
		emulator,
		mail: (to) => call(`${url}/mail.json?to=${encodeURIComponent(to)}`, 'GET') as Promise<Mail[]>,
		fault: async (fault) => void (await call(`${url}/faults`, 'POST', fault)),
		clearFaults: async () => void (await call(`${url}/faults`, 'DELETE')),
		advanceClock: async (ms) => void (await call(`${url}/clock`, 'POST', { advanceMs: ms })),
		tokenSettings: async (settings) => void (await call(`${url}/tokens/settings`, 'POST', settings)),
		reset: async () => void (await call(`${url}/reset`, 'POST')),
		async stop() {
			server.closeAllConnections()
			await new Promise((resolve) => server.close(resolve))
			emulator.close()
			rmSync(dataDir, { recursive: true, force: true })
		},
	}
}

/** The UpstreamError a call failed with (the test fails when it did not fail so). */
export async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(UpstreamError)
	return error as UpstreamError
}
