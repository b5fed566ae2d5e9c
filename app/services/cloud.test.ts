import { describe, expect, it } from 'vitest'
import { cloud, reply } from '#tests/mocks/handlers.ts'
import { failure } from '#tests/mocks/normalisation.ts'
import type { SessionCredentials } from '#app/session/session.server.ts'
import { LOYALTY_PROGRAM_NAME, type LoyaltyProgram } from '#app/upstream/contract/cloud.ts'
import { changeRewardInstruments } from './cloud.server.ts'

const credentials = { idToken: 'id-token', userId: 'u1', email: 'member@example.com' } as SessionCredentials
const instrument = (productId: string) => ({
	productId,
	productCode: productId.toUpperCase(),
	name: productId,
	image: `https://cdn.example.com/${productId}.png`,
})
const program: LoyaltyProgram = {
	name: LOYALTY_PROGRAM_NAME,
	ruleType: 'LoyaltyReward',
	UserRuleId: 'rule_1',
	rewardsStatus: 'Active',
	monthsRequired: 24,
	monthsCompleted: 8,
	monthsRemaining: 16,
	maxRewardInstruments: 2,
	instrumentsAvailable: ['jd-800', 'jupiter-8', 'juno-106'].map(instrument),
	currentRewardInstruments: ['jd-800', 'jupiter-8'].map(instrument),
}

describe('changeRewardInstruments', () => {
	it('gives back before it adds, so a member at their number can swap one instrument', async () => {
		const hit = cloud.post('api/service', reply.json(program), reply.json(program))
		await changeRewardInstruments(credentials, program, ['jupiter-8', 'juno-106'], AbortSignal.timeout(5000))
		expect(hit.calls.map((r) => r.json)).toEqual([
			{ action: 'delete-user-product', UserRuleId: 'rule_1', productIds: ['jd-800'] },
			{ action: 'put-user-product', UserRuleId: 'rule_1', productIds: ['juno-106'] },
		])
	})

	it('asks nothing for an unchanged choice, and only what changed otherwise', async () => {
		const hit = cloud.post('api/service', reply.json(program))
		await changeRewardInstruments(credentials, program, ['jd-800', 'jupiter-8'], AbortSignal.timeout(5000))
		await changeRewardInstruments(credentials, program, ['jd-800'], AbortSignal.timeout(5000))
		expect(hit.calls.map((r) => r.json)).toEqual([
			{ action: 'delete-user-product', UserRuleId: 'rule_1', productIds: ['jupiter-8'] },
		])
	})

	it('adds nothing when giving back failed: the failure goes to the route as it came', async () => {
		const hit = cloud.post('api/service', reply.json({ message: 'Rule changed' }, 409))
		const error = await failure(changeRewardInstruments(credentials, program, ['juno-106'], AbortSignal.timeout(5000)))
		expect(error).toMatchObject({ status: 409, message: 'Rule changed' })
		expect(hit.calls).toHaveLength(1)
	})
})
