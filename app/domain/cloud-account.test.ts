import { describe, expect, test } from 'vitest'
import {
	billingPageHref,
	canCancel,
	canResubscribe,
	membershipGlance,
	pageOf,
	parsePage,
	sourceName,
	statusName,
	trialDaysLeft,
	typeName,
	type SubscriptionFacts,
} from './cloud-account.ts'

const NOW = Date.parse('2026-11-26T12:00:00Z')
const DAY = 24 * 3600 * 1000
const iso = (ms: number) => new Date(ms).toISOString()

function sub(overrides: Partial<SubscriptionFacts>): SubscriptionFacts {
	return {
		subscriptionId: 'sub_1',
		type: 1,
		status: 4,
		membershipName: 'Pro',
		nextChargeDate: iso(NOW + 5 * DAY),
		endDate: null,
		...overrides,
	}
}

describe('words for the spec 2 §3 numbers', () => {
	test('type, status and source by number', () => {
		expect([0, 1, 2, 3, 4].map(typeName)).toEqual(['None', 'Standard', 'Trial', 'Free', 'Partner'])
		expect([1, 2, 3, 4, 5, 6, 7, 8].map(statusName)).toEqual([
			'Trial',
			'TrialExpired',
			'SubscriptionPending',
			'Subscribed',
			'Cancelled',
			'TrialCancelled',
			'Expired',
			'NonRenew',
		])
		expect([1, 2, 3, 4, 5].map(sourceName)).toEqual(['RolandCloud', 'Xsolla', 'Xchange', 'Admin', 'FastSpring'])
	})
})

describe('what may be done with a subscription', () => {
	test('a renewing subscription may be cancelled, not resubscribed', () => {
		expect(canCancel(sub({}), NOW)).toBe(true)
		expect(canResubscribe(sub({}), NOW)).toBe(false)
	})

	test('a non-renewing one still running may be resubscribed, not cancelled', () => {
		const s = sub({ status: 8, nextChargeDate: null, endDate: iso(NOW + 5 * DAY) })
		expect(canCancel(s, NOW)).toBe(false)
		expect(canResubscribe(s, NOW)).toBe(true)
	})

	test('once its cycle has ended, neither', () => {
		const s = sub({ status: 8, nextChargeDate: null, endDate: iso(NOW - DAY) })
		expect(canCancel(s, NOW)).toBe(false)
		expect(canResubscribe(s, NOW)).toBe(false)
	})

	test('a running trial may be cancelled; a trial is never resubscribed', () => {
		const trial = sub({ type: 2, nextChargeDate: null, endDate: iso(NOW + 10 * DAY) })
		expect(canCancel(trial, NOW)).toBe(true)
		expect(canResubscribe({ ...trial, status: 8 }, NOW)).toBe(false)
	})

	test.each([5, 6, 7, 2])('status %i is neither cancelled nor resubscribed', (status) => {
		const s = sub({ status, endDate: iso(NOW - DAY) })
		expect(canCancel(s, NOW)).toBe(false)
		expect(canResubscribe(s, NOW)).toBe(false)
	})
})

describe('trial days left', () => {
	test('part days count as one', () => {
		expect(trialDaysLeft(sub({ type: 2, endDate: iso(NOW + 29 * DAY + 1000) }), NOW)).toBe(30)
		expect(trialDaysLeft(sub({ type: 2, endDate: iso(NOW + 3600_000) }), NOW)).toBe(1)
	})
	test('none for a paid subscription or an ended trial', () => {
		expect(trialDaysLeft(sub({}), NOW)).toBeNull()
		expect(trialDaysLeft(sub({ type: 2, endDate: iso(NOW - DAY) }), NOW)).toBeNull()
	})
})

describe('membership at a glance', () => {
	test('never a member: nothing', () => {
		expect(membershipGlance([], NOW)).toBeNull()
	})

	test('the running subscription over a newer one that ended', () => {
		const ended = sub({ subscriptionId: 'old', status: 6, type: 2, endDate: iso(NOW - DAY), nextChargeDate: null })
		const running = sub({ subscriptionId: 'run', membershipName: 'Ultimate' })
		const glance = membershipGlance([ended, running], NOW)!
		expect(glance).toMatchObject({
			subscriptionId: 'run',
			tier: 'Ultimate',
			status: 'Subscribed',
			canResubscribe: false,
		})
		expect(glance.nextChargeDate).toBe(running.nextChargeDate)
	})

	test('a cancelled membership shows its end and resubscribe', () => {
		const s = sub({ status: 8, nextChargeDate: null, endDate: iso(NOW + 5 * DAY) })
		expect(membershipGlance([s], NOW)).toMatchObject({ status: 'NonRenew', endDate: s.endDate, canResubscribe: true })
	})

	test('an expired one: no next charge', () => {
		const s = sub({ status: 7, endDate: iso(NOW - DAY) })
		expect(membershipGlance([s], NOW)).toMatchObject({ status: 'Expired', nextChargeDate: null })
	})

	test('a trial: days left', () => {
		const s = sub({ type: 2, nextChargeDate: null, endDate: iso(NOW + 12 * DAY) })
		expect(membershipGlance([s], NOW)).toMatchObject({ type: 'Trial', trialDaysLeft: 12 })
	})
})

describe('billing pages', () => {
	const items = Array.from({ length: 23 }, (_, i) => i)

	test.each([
		[null, 1],
		['', 1],
		['2', 2],
		['0', 1],
		['-1', 1],
		['x', 1],
		['1e3', 1],
		['99999999', 1],
	])('?page=%s is page %i', (value, page) => {
		expect(parsePage(value)).toBe(page)
	})

	test('ten a page, newest first as given; past the end is the last page', () => {
		expect(pageOf(items, 1)).toMatchObject({ items: items.slice(0, 10), page: 1, pageCount: 3, total: 23 })
		expect(pageOf(items, 3).items).toEqual([20, 21, 22])
		expect(pageOf(items, 9).page).toBe(3)
		expect(pageOf([], 4)).toMatchObject({ items: [], page: 1, pageCount: 1, total: 0 })
	})

	test('page 1 is the screen itself', () => {
		expect(billingPageHref('/cloud/account', 1)).toBe('/cloud/account#billing-history')
		expect(billingPageHref('/cloud/account', 2)).toBe('/cloud/account?page=2#billing-history')
	})
})
