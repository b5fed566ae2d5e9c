/**
 * `npm run emulator` on its own: its console is the portal's scrubbing logger, so the mail outbox's
 * lines (who was mailed) and the help centre's (who sent a ticket) hold no address.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
	EMULATOR_SECURITY_SECRET,
	SECURITY_TOKEN_AUDIENCE,
	SECURITY_TOKEN_HEADER,
} from '#app/upstream/contract/security-token.ts'
import { freePort } from '#tests/redis-server.ts'
import { DEMO_ACCOUNTS } from './demo.ts'

describe('the standalone emulator’s console', () => {
	let child: ChildProcess
	let dataDir: string
	let url: string
	let output = ''

	beforeAll(async () => {
		dataDir = mkdtempSync(path.join(os.tmpdir(), 'emulator-main-'))
		const port = await freePort()
		url = `http://localhost:${port}/_emulator`
		const env: Record<string, string | undefined> = { ...process.env, EMULATOR_PORT: String(port), DATA_DIR: dataDir }
		for (const key of ['RCP_SECURITY_SECRET', 'EMULATOR_ADMIN_TOKEN', 'LOG_LEVEL', 'PUBLIC_URL']) delete env[key]
		child = spawn(process.execPath, [path.resolve('server/emulator/main.ts')], {
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		})
		child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
		child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
		const giveUp = Date.now() + 60_000
		while (Date.now() < giveUp && !output.includes('emulator listening')) await new Promise((r) => setTimeout(r, 100))
		expect(output).toContain('emulator listening')
	}, 70_000)

	afterAll(async () => {
		if (child.exitCode === null) {
			const exited = new Promise((resolve) => child.once('exit', resolve))
			child.kill('SIGTERM')
			await exited
		}
		rmSync(dataDir, { recursive: true, force: true })
	})

	it('masks the recipient of the mail it sends', async () => {
		const now = Math.floor(Date.now() / 1000)
		const token = await new SignJWT({})
			.setProtectedHeader({ alg: 'HS256' })
			.setAudience(SECURITY_TOKEN_AUDIENCE)
			.setIssuedAt(now)
			.setExpirationTime(now + 60)
			.sign(new TextEncoder().encode(EMULATOR_SECURITY_SECRET))
		const response = await fetch(`${url}/account/users/password`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', [SECURITY_TOKEN_HEADER]: token },
			body: JSON.stringify({ email: DEMO_ACCOUNTS.customer.email, mailFormatType: 'text' }),
		})
		expect(response.ok, await response.text()).toBe(true)
		const giveUp = Date.now() + 10_000
		while (Date.now() < giveUp && !/mail to/.test(output)) await new Promise((r) => setTimeout(r, 50))
		const mailLine = output.split('\n').find((line) => line.includes('mail to'))
		expect(mailLine).toContain('mail to *****')
		expect(output).not.toContain(DEMO_ACCOUNTS.customer.email)
	})
})
