import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmulator, type Emulator } from './index.ts'

const TOKEN = 'emulator-admin-token-for-tests'
const ADMIN_CALLS: Array<[method: string, path: string]> = [
	['GET', '/mail'],
	['GET', '/mail.json?to=owner@example.com'],
	['GET', '/requests.json?email=owner@example.com'],
	['POST', '/reset'],
	['GET', '/faults'],
	['POST', '/faults'],
	['DELETE', '/faults'],
	['GET', '/clock'],
	['POST', '/clock'],
	['POST', '/tokens/settings'],
	['POST', '/devices'],
	['POST', '/subscriptions'],
	['GET', '/tickets'],
	['GET', '/tickets.json?requester=owner@example.com'],
	['GET', '/account/zendesk/_tickets'],
	['GET', '/account/zendesk/_tickets?email=owner@example.com'],
	['GET', '/log/log/_events'],
	['GET', '/log/log/_events?userId=anonymous'],
	['GET', '/no-such-admin-call'],
]

/** The emulator behind a server that either reports each peer as it is, or as a remote address. */
async function serve(emulator: Emulator, peer?: string) {
	const app = express()
	// As under `TRUST_PROXY`: a forwarded address must not count as the peer.
	app.set('trust proxy', true)
	app.use('/_emulator', emulator.router)
	const server = http.createServer(app)
	if (peer) server.on('connection', (socket) => Object.defineProperty(socket, 'remoteAddress', { value: peer }))
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/_emulator` }
}

function call(url: string, method: string, headers: Record<string, string> = {}) {
	const body = method === 'POST' || method === 'PUT' ? '{}' : undefined
	return fetch(url, { method, headers: { 'Content-Type': 'application/json', ...headers }, body })
}

describe('the emulator admin calls', () => {
	const dirs: string[] = []
	const servers: http.Server[] = []
	const emulators: Emulator[] = []
	const lines: string[] = []

	async function start(adminToken: string | undefined, peer?: string) {
		const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emulator-admin-'))
		dirs.push(dataDir)
		const emulator = await createEmulator({
			dataDir,
			portalUrl: 'http://portal.test',
			emulatorUrl: 'http://emulator.test/_emulator',
			securitySecret: 'emulator-admin-test-secret',
			adminToken,
			log: (line) => lines.push(line),
		})
		emulators.push(emulator)
		const running = await serve(emulator, peer)
		servers.push(running.server)
		return running.url
	}

	let remoteWithToken: string
	let remoteWithout: string
	let loopback: string
	let loopbackWithout: string
	beforeAll(async () => {
		remoteWithToken = await start(TOKEN, '203.0.113.9')
		remoteWithout = await start(undefined, '::ffff:203.0.113.9')
		loopback = await start(TOKEN)
		loopbackWithout = await start(undefined)
	})
	afterAll(async () => {
		for (const server of servers) {
			server.closeAllConnections()
			await new Promise((resolve) => server.close(resolve))
		}
		for (const emulator of emulators) emulator.close()
		for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
	})

	it.each(ADMIN_CALLS)('answers %s %s from loopback without a token', async (method, call_) => {
		expect((await call(`${loopback}${call_}`, method)).status).not.toBe(403)
	})

	it.each(ADMIN_CALLS)('refuses %s %s from another address without the token', async (method, call_) => {
		const response = await call(`${remoteWithToken}${call_}`, method)
		expect(response.status).toBe(403)
		expect(await call(`${remoteWithToken}${call_}`, method, { 'X-Emulator-Admin-Token': 'wrong' })).toHaveProperty(
			'status',
			403,
		)
	})

	it('answers another address that sends the token', async () => {
		const response = await call(`${remoteWithToken}/mail.json`, 'GET', { 'X-Emulator-Admin-Token': TOKEN })
		expect(response.status).toBe(200)
		expect(Array.isArray(await response.json())).toBe(true)
	})

	it('refuses every other address when no token is configured', async () => {
		expect((await call(`${remoteWithout}/mail.json`, 'GET', { 'X-Emulator-Admin-Token': '' })).status).toBe(403)
		expect((await call(`${remoteWithout}/reset`, 'POST')).status).toBe(403)
	})

	it('does not take a forwarded address for loopback', async () => {
		const response = await call(`${remoteWithToken}/faults`, 'GET', { 'X-Forwarded-For': '127.0.0.1' })
		expect(response.status).toBe(403)
	})

	// A proxy on this host (the portal behind one, TRUST_PROXY) connects from loopback for every visitor.
	it.each<Record<string, string>>([
		{ 'X-Forwarded-For': '203.0.113.9' },
		{ 'X-Forwarded-For': '127.0.0.1, 203.0.113.9' },
		{ 'X-Forwarded-For': '127.0.0.1' },
		{ Forwarded: 'for=203.0.113.9' },
		{ 'X-Real-IP': '203.0.113.9' },
	])('refuses a loopback connection that forwards for a client (%o) unless it sends the token', async (headers) => {
		expect((await call(`${loopbackWithout}/mail.json`, 'GET', headers)).status).toBe(403)
		expect((await call(`${loopbackWithout}/account/zendesk/_tickets`, 'GET', headers)).status).toBe(403)
		expect((await call(`${loopback}/mail.json`, 'GET', headers)).status).toBe(403)
		expect((await call(`${loopback}/mail.json`, 'GET', { ...headers, 'X-Emulator-Admin-Token': TOKEN })).status).toBe(
			200,
		)
	})

	it('leaves the emulated upstreams open to every address', async () => {
		const response = await call(`${remoteWithout}/account/master/genders`, 'GET')
		expect(response.status).not.toBe(403)
	})

	it('says at start which rule applies', () => {
		const what =
			'admin calls (every path that is not an emulated API: mail, calls received, reset, clock, faults, token settings, devices, subscriptions, help-centre tickets, log events)'
		expect(lines).toContain(`${what}: loopback without forwarding headers, or the X-Emulator-Admin-Token header`)
		expect(lines).toContain(
			`${what}: loopback without forwarding headers only; set EMULATOR_ADMIN_TOKEN to allow others`,
		)
	})
})
