import { mkdtempSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger, routeConsoleThrough } from './logger.ts'

const original = { ...console }
afterEach(() => Object.assign(console, original))

function logFile() {
	return path.join(mkdtempSync(path.join(os.tmpdir(), 'portal-log-')), 'portal.log')
}
const lines = (file: string) =>
	readFileSync(file, 'utf8')
		.trim()
		.split('\n')
		.map((line) => JSON.parse(line) as Record<string, unknown>)

describe("the portal's own log", () => {
	it('masks addresses and UUIDs in every console line, at the console method’s level', () => {
		const file = logFile()
		routeConsoleThrough(createLogger({ file, level: 'debug' }))
		console.log('mail to %s: code 123456', 'owner@example.com')
		console.warn('user 123e4567-e89b-12d3-a456-426614174000 refused', new Error('for a%40b.example'))
		console.debug('[RCPLOG] Error: failed for /activation?email=someone@example.com')
		const logged = lines(file)
		expect(logged.map((l) => l.level)).toEqual(['info', 'warn', 'debug'])
		expect(logged[0]!.msg).toBe('mail to *****: code 123456')
		expect(logged[1]!.msg).toContain('user xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx refused')
		expect(JSON.stringify(logged)).not.toMatch(/owner@example|someone@example|a%40b|123e4567/)
	})

	it('scrubs the objects given to it and keeps below its level out', () => {
		const file = logFile()
		const logger = createLogger({ file })
		logger.info(
			{ user: { email: 'x@y.example', tags: ['id 123e4567-e89b-12d3-a456-426614174000'] } },
			'saved %s',
			'x@y.example',
		)
		logger.debug('not at info')
		const [line] = lines(file)
		expect(line).toMatchObject({
			level: 'info',
			msg: 'saved *****',
			user: { email: '*****', tags: ['id xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'] },
		})
		expect(lines(file)).toHaveLength(1)
	})
})
