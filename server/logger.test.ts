import { mkdtempSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runInRequestScope } from '../app/observability/request-scope.server.ts'
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

describe('every line of the log is scrubbed (issue 23)', () => {
	it('masks an address, a password and a token in any field, at any depth, and in the text', () => {
		const file = logFile()
		const logger = createLogger({ file })
		const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl'
		logger.warn(
			{
				email: 'owner@example.com',
				password: 'hunter2-secret',
				form: { newPassword: 'hunter3-secret', currentPasswd: 'hunter4-secret' },
				headers: { Authorization: `Bearer ${jwt}`, cookie: '__session=s%3Aabc.def' },
				tokens: [{ refreshToken: 'refresh-secret' }],
				note: `sent to owner@example.com with id token ${jwt}`,
				url: '/reset?email=owner%40example.com&password=hunter5-secret&token=tok-secret',
				list: ['Authorization: Bearer opaque-secret'],
			},
			'sign-in for %s with password=%s',
			'owner@example.com',
			'hunter6-secret',
		)
		const [line] = lines(file)
		const text = JSON.stringify(line)
		for (const secret of [
			'owner@example',
			'owner%40example',
			'hunter',
			jwt,
			'refresh-secret',
			'tok-secret',
			'opaque-secret',
			's%3Aabc',
		])
			expect(text, secret).not.toContain(secret)
		expect(line).toMatchObject({
			email: '*****',
			password: '[redacted]',
			form: { newPassword: '[redacted]', currentPasswd: '[redacted]' },
			headers: { Authorization: '[redacted]', cookie: '[redacted]' },
			tokens: '[redacted]',
			list: ['Authorization: [redacted]'],
		})
		expect(line!.msg).toBe('sign-in for ***** with password=[redacted]')
	})

	it('masks them in console lines too, and keeps what is no secret', () => {
		const file = logFile()
		routeConsoleThrough(createLogger({ file }))
		console.error('upstream refused: {"message":"Token has expired","token":"abc-secret"} (GET /me) code 123456')
		const [line] = lines(file)
		expect(line!.msg).toBe(
			'upstream refused: {"message":"Token has expired","token":"[redacted]"} (GET /me) code 123456',
		)
	})

	it('puts the id of the request being served on each of its lines', () => {
		const file = logFile()
		const logger = createLogger({ file })
		runInRequestScope({ id: '0f8fad5bd9cb469fa16570867728950e', route: null, start: 0 }, () => {
			logger.info({ form: 'support' }, 'kept')
		})
		logger.info('outside any request')
		const [inside, outside] = lines(file)
		expect(inside).toMatchObject({ requestId: '0f8fad5bd9cb469fa16570867728950e', form: 'support', msg: 'kept' })
		expect(outside).not.toHaveProperty('requestId')
	})
})
