import { describe, expect, test } from 'vitest'
import { isRunning, SUBSCRIPTION_STATUS } from './cloud-subscription-codes.ts'

const now = Date.parse('2026-11-28T12:00:00Z')

describe('isRunning: the one test of a subscription that still gives access', () => {
	test.each([
		['Trial', SUBSCRIPTION_STATUS.Trial, true],
		['SubscriptionPending', SUBSCRIPTION_STATUS.SubscriptionPending, true],
		['Subscribed', SUBSCRIPTION_STATUS.Subscribed, true],
		['NonRenew', SUBSCRIPTION_STATUS.NonRenew, true],
		['TrialExpired', SUBSCRIPTION_STATUS.TrialExpired, false],
		['Cancelled', SUBSCRIPTION_STATUS.Cancelled, false],
		['TrialCancelled', SUBSCRIPTION_STATUS.TrialCancelled, false],
		['Expired', SUBSCRIPTION_STATUS.Expired, false],
	])('%s without an end date: %s', (_name, status, running) => {
		expect(isRunning({ status, endDate: null }, now)).toBe(running)
	})

	test('a running status whose end has passed no longer runs; one whose end is ahead does', () => {
		const s = { status: SUBSCRIPTION_STATUS.NonRenew }
		expect(isRunning({ ...s, endDate: '2026-11-28T11:59:59Z' }, now)).toBe(false)
		expect(isRunning({ ...s, endDate: '2026-11-28T12:00:00Z' }, now)).toBe(false)
		expect(isRunning({ ...s, endDate: '2026-11-28T12:00:01Z' }, now)).toBe(true)
	})
})
