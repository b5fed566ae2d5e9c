import { describe, expect, it } from 'vitest'
import {
	annualSavingPercent,
	bestOffer,
	daysLeft,
	discounted,
	upToSavingPercent,
	visitorOffers,
	type PlanOffer,
} from './cloud-membership-plans.ts'

const usd = (amount: number) => ({ amount, currency: 'USD' })
const NOW = Date.parse('2026-06-15T12:00:00Z')

function offer(id: string, discountPercent: number, extra: Partial<PlanOffer> = {}): PlanOffer {
	return {
		id,
		name: id,
		description: '',
		planIds: ['pro-annual'],
		discountPercent,
		audience: 'all',
		validFrom: '2026-06-01T00:00:00Z',
		validUntil: '2026-07-01T00:00:00Z',
		...extra,
	}
}

describe('annual saving (spec 2 §9: save up to 17%)', () => {
	it('is computed from the monthly and annual prices', () => {
		expect(annualSavingPercent(usd(9.99), usd(99.99))).toBe(17)
		expect(annualSavingPercent(usd(2.99), usd(29.99))).toBe(16)
		expect(annualSavingPercent(usd(19.99), usd(199))).toBe(17)
		expect(annualSavingPercent(usd(10), usd(130))).toBe(0)
		expect(annualSavingPercent(usd(10), { amount: 50, currency: 'EUR' })).toBe(0)
	})

	it('"up to" is the best of the tiers', () => {
		expect(
			upToSavingPercent([
				{ monthly: usd(2.99), annual: usd(29.99) },
				{ monthly: usd(9.99), annual: usd(99.99) },
			]),
		).toBe(17)
		expect(upToSavingPercent([])).toBe(0)
	})
})

describe('offers', () => {
	it('a plan shows the largest discount running now that names it', () => {
		const offers = [
			offer('a', 10),
			offer('b', 20),
			offer('c', 50, { planIds: ['pro-monthly'] }),
			offer('d', 90, { validUntil: '2026-06-10T00:00:00Z' }),
		]
		expect(bestOffer('pro-annual', offers, NOW)?.id).toBe('b')
		expect(bestOffer('core-annual', offers, NOW)).toBeUndefined()
	})

	it('a visitor is shown only offers open to everyone', () => {
		const offers = [
			offer('all', 10),
			offer('new', 20, { audience: 'new' }),
			offer('members', 25, { audience: 'members' }),
		]
		expect(visitorOffers(offers, NOW).map((o) => o.id)).toEqual(['all'])
	})

	it('the discounted price is to the cent', () => {
		expect(discounted(usd(99.99), 20)).toEqual(usd(79.99))
		expect(discounted(usd(9.99), 50)).toEqual(usd(5))
	})
})

describe('formats', () => {
	it('trial days left round up', () => {
		expect(daysLeft('2026-07-15T12:00:00Z', NOW)).toBe(30)
		expect(daysLeft('2026-06-15T13:00:00Z', NOW)).toBe(1)
		expect(daysLeft('2026-06-01T00:00:00Z', NOW)).toBe(0)
	})
})
