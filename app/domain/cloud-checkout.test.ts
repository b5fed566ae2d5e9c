import { describe, expect, test } from 'vitest'
import { checkoutTarget } from './cloud-checkout.ts'

describe('checkoutTarget', () => {
	const base = {
		checkoutUrl: 'https://pay.example.com/checkout?session=abc',
		portalUrl: 'https://portal.example.com',
		thankYouPath: '/cloud/checkout',
	}
	test('keeps the checkout page and its query, and says where to come back with the plan', () => {
		const target = new URL(checkoutTarget({ ...base, planId: 'pro-monthly' }))
		expect(target.origin + target.pathname).toBe('https://pay.example.com/checkout')
		expect(target.searchParams.get('session')).toBe('abc')
		expect(target.searchParams.get('return')).toBe('https://portal.example.com/cloud/checkout?plan=pro-monthly')
	})
	test('the offer bought comes back too, encoded', () => {
		const target = new URL(checkoutTarget({ ...base, planId: 'pro-annual', offerId: 'spring&sale' }))
		const back = new URL(target.searchParams.get('return')!)
		expect(back.searchParams.get('plan')).toBe('pro-annual')
		expect(back.searchParams.get('offer')).toBe('spring&sale')
	})
})
