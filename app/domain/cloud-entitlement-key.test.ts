import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { KEY_REGISTRATION_DONE, KEY_REGISTRATION_FAILURES } from '../upstream/contract/cloud.ts'
import { EntitlementKeySchema, KEY_MAX, SerialNumberSchema } from './cloud-entitlement-key-form.ts'
import {
	entitlementKeyTab,
	keyRegistrationOutcome,
	RCM_REFUSAL_STATUS,
	RCM_STATUS_DONE,
} from './cloud-entitlement-key.ts'

function form(fields: Record<string, string>) {
	const data = new FormData()
	for (const [name, value] of Object.entries(fields)) data.set(name, value)
	return data
}

describe('entitlement key tabs', () => {
	it('defaults to Key and knows only Key and Serial Number', () => {
		expect(entitlementKeyTab(undefined)).toBe('key')
		expect(entitlementKeyTab('key')).toBe('key')
		expect(entitlementKeyTab('serial_number')).toBe('serial_number')
		expect(entitlementKeyTab('serial')).toBeNull()
	})
})

describe('keyRegistrationOutcome', () => {
	it('holds the same RCM statuses as the cloud contract', () => {
		expect(RCM_STATUS_DONE).toBe(KEY_REGISTRATION_DONE)
		expect(RCM_REFUSAL_STATUS).toEqual(KEY_REGISTRATION_FAILURES)
	})

	it('is a success only for RCM-STATUS-DONE on a 2xx', () => {
		expect(keyRegistrationOutcome({ status: 200, message: 'RCM-STATUS-DONE' })).toBe('success')
		expect(keyRegistrationOutcome({ status: 201, message: ' rcm-status-done ' })).toBe('success')
		expect(keyRegistrationOutcome({ status: 200, message: 'OK' })).toBe('unableToRegister')
		expect(keyRegistrationOutcome({ status: 200, message: undefined })).toBe('unableToRegister')
		expect(keyRegistrationOutcome({ status: 409, message: 'RCM-STATUS-DONE' })).toBe('unableToRegister')
	})

	it('names each refusal by its RCM status, whatever the HTTP status', () => {
		expect(keyRegistrationOutcome({ status: 404, message: 'RCM-STATUS-NOT-FOUND' })).toBe('notFound')
		expect(keyRegistrationOutcome({ status: 409, message: 'RCM-STATUS-ALREADY-REGISTERED' })).toBe('alreadyRegistered')
		expect(keyRegistrationOutcome({ status: 422, message: 'RCM-STATUS-UNABLE-TO-REGISTER' })).toBe('unableToRegister')
		expect(keyRegistrationOutcome({ status: 400, message: 'RCM-STATUS-INVALID-KEY' })).toBe('invalidKey')
		expect(keyRegistrationOutcome({ status: 400, message: 'RCM-STATUS-NOT-FOUND' })).toBe('notFound')
		expect(keyRegistrationOutcome({ status: 200, message: 'RCM-STATUS-ALREADY-REGISTERED' })).toBe('alreadyRegistered')
	})

	it('falls back on the HTTP status when the message names no status', () => {
		expect(keyRegistrationOutcome({ status: 400, message: 'Invalid parameters.' })).toBe('invalidKey')
		expect(keyRegistrationOutcome({ status: 404, message: undefined })).toBe('notFound')
		expect(keyRegistrationOutcome({ status: 409, message: 'Conflict' })).toBe('alreadyRegistered')
		expect(keyRegistrationOutcome({ status: 422, message: undefined })).toBe('unableToRegister')
		expect(keyRegistrationOutcome({ status: 418, message: undefined })).toBe('unableToRegister')
	})

	it('is unavailable when the hub could not be asked', () => {
		expect(keyRegistrationOutcome({ status: undefined, message: undefined })).toBe('unavailable')
		expect(keyRegistrationOutcome({ status: 500, message: 'RCM-STATUS-NOT-FOUND' })).toBe('unavailable')
		expect(keyRegistrationOutcome({ status: 503, message: undefined })).toBe('unavailable')
		expect(keyRegistrationOutcome({ status: 401, message: 'Token has expired' })).toBe('unavailable')
	})
})

describe('the entitlement key forms', () => {
	it('refuse an empty Key tab with every message at once, keeping what was typed', () => {
		const submission = parseWithZod(form({ key: '  ', productCode: '' }), { schema: EntitlementKeySchema })
		expect(submission.status).toBe('error')
		const reply = submission.reply()
		expect(reply.error).toEqual({
			key: ['cloudKey.errors.keyRequired'],
			productCode: ['cloudKey.errors.hardwareProductRequired'],
		})
	})

	it('refuse an empty Serial Number tab', () => {
		const submission = parseWithZod(form({}), { schema: SerialNumberSchema })
		expect(submission.reply().error).toEqual({
			serialNumber: ['cloudKey.errors.serialNumberRequired'],
			productCode: ['cloudKey.errors.hardwareProductRequired'],
		})
	})

	it('trim what is kept and refuse an over-long key', () => {
		const ok = parseWithZod(form({ key: ' RCLK-JUNO-1000-CARD ', productCode: 'JD-08' }), {
			schema: EntitlementKeySchema,
		})
		expect(ok.status === 'success' && ok.value).toEqual({ key: 'RCLK-JUNO-1000-CARD', productCode: 'JD-08' })
		const long = parseWithZod(form({ serialNumber: 'X'.repeat(KEY_MAX + 1), productCode: 'JD-08' }), {
			schema: SerialNumberSchema,
		})
		expect(long.reply().error).toEqual({ serialNumber: ['cloudKey.errors.serialNumberTooLong'] })
	})
})
