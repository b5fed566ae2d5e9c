import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { CancelFormSchema, rewardChoiceSchema } from './cloud-account-forms.ts'
import { choiceFinality, choiceOpen, rewardChoiceChange, rewardMembership, type LoyaltyFacts } from './cloud-loyalty.ts'

const program: LoyaltyFacts = {
	UserRuleId: 'rule_1',
	rewardsStatus: 'Active',
	monthsRemaining: 16,
	maxRewardInstruments: 2,
	instrumentsAvailable: [{ productId: 'jd-800' }, { productId: 'jupiter-8' }, { productId: 'juno-106' }],
	currentRewardInstruments: [{ productId: 'jd-800' }],
}

function form(entries: [string, string][]) {
	const data = new FormData()
	for (const [k, v] of entries) data.append(k, v)
	return data
}

describe('Play2-4Life choice', () => {
	test('open only while the program runs', () => {
		expect(choiceOpen(program)).toBe(true)
		expect(choiceOpen({ ...program, rewardsStatus: 'Completed' })).toBe(false)
		expect(choiceOpen({ ...program, rewardsStatus: 'Ended' })).toBe(false)
		expect(choiceOpen({ ...program, rewardsStatus: 'NotEnrolled', UserRuleId: null })).toBe(false)
	})

	test('what to add and give back', () => {
		expect(rewardChoiceChange(program.currentRewardInstruments, ['jupiter-8', 'juno-106'])).toEqual({
			add: ['jupiter-8', 'juno-106'],
			remove: ['jd-800'],
		})
		expect(rewardChoiceChange(program.currentRewardInstruments, ['jd-800'])).toEqual({ add: [], remove: [] })
		expect(rewardChoiceChange(program.currentRewardInstruments, [])).toEqual({ add: [], remove: ['jd-800'] })
	})

	test('when the choice becomes final, said before it is confirmed', () => {
		expect(choiceFinality(program, { status: 4, endDate: null })).toEqual({ kind: 'afterMonths', months: 16 })
		expect(choiceFinality(program, { status: 8, endDate: '2026-12-01T00:00:00.000Z' })).toEqual({
			kind: 'membershipEnds',
			endDate: '2026-12-01T00:00:00.000Z',
		})
		expect(choiceFinality({ ...program, rewardsStatus: 'Ended' }, undefined)).toEqual({ kind: 'final' })
	})

	test('the form: one, several or none of the instruments available, at most the tier number', () => {
		const schema = rewardChoiceSchema(program)
		const one = parseWithZod(form([['productIds', 'jupiter-8']]), { schema })
		expect(one.status === 'success' && one.value.productIds).toEqual(['jupiter-8'])
		const none = parseWithZod(form([]), { schema })
		expect(none.status === 'success' && none.value.productIds).toEqual([])
		const three = parseWithZod(
			form([
				['productIds', 'jd-800'],
				['productIds', 'jupiter-8'],
				['productIds', 'juno-106'],
			]),
			{ schema },
		)
		expect(three.status).toBe('error')
		expect(three.reply().error?.productIds).toEqual(['cloudAccount.loyalty.errors.tooMany'])
		const stranger = parseWithZod(form([['productIds', 'tr-808']]), { schema })
		expect(stranger.reply().error?.productIds).toEqual(['cloudAccount.loyalty.errors.unknown'])
	})
})

describe('cancel form', () => {
	test('a reason is required; details optional; review first', () => {
		const empty = parseWithZod(form([]), { schema: CancelFormSchema })
		expect(empty.reply().error?.reason).toEqual(['cloudAccount.cancel.errors.reasonRequired'])
		const ok = parseWithZod(form([['reason', 'too_little_use']]), { schema: CancelFormSchema })
		expect(ok.status === 'success' && ok.value).toEqual({
			reason: 'too_little_use',
			details: undefined,
			step: 'review',
		})
		const long = parseWithZod(
			form([
				['reason', 'other'],
				['details', 'x'.repeat(1001)],
			]),
			{ schema: CancelFormSchema },
		)
		expect(long.reply().error?.details).toEqual(['cloudAccount.cancel.errors.detailsTooLong'])
	})
})

describe('the membership the program counts', () => {
	const now = Date.parse('2026-11-28T12:00:00Z')
	const base = { rewardEligible: true, type: 1, status: 4, endDate: null as string | null }
	test('the running reward-eligible Standard subscription', () => {
		const trial = { ...base, id: 'trial', type: 2, status: 1 }
		const partner = { ...base, id: 'partner', type: 4 }
		const notEligible = { ...base, id: 'not-eligible', rewardEligible: false }
		const ended = { ...base, id: 'ended', status: 8, endDate: '2026-11-01T00:00:00Z' }
		const paid = { ...base, id: 'paid', status: 8, endDate: '2027-01-01T00:00:00Z' }
		expect(rewardMembership([trial, partner, notEligible, ended, paid], now)?.id).toBe('paid')
		expect(rewardMembership([trial, partner, notEligible, ended], now)).toBeUndefined()
	})
})
