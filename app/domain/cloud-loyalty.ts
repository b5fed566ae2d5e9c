/**
 * Play2-4Life (spec 2 §3, §4, §9): choosing reward instruments while the program runs, and when the
 * choice becomes final (the program completed, or the paid membership ended first).
 */
import { isRunning, SUBSCRIPTION_TYPE } from './cloud-subscription-codes.ts'

/** What these rules read of the program (the cloud contract's LoyaltyProgram). */
export interface LoyaltyFacts {
	UserRuleId: string | null
	rewardsStatus: 'NotEnrolled' | 'Active' | 'Completed' | 'Ended'
	monthsRemaining: number
	maxRewardInstruments: number
	instrumentsAvailable: readonly { productId: string }[]
	currentRewardInstruments: readonly { productId: string }[]
}

/** The choice may still change: the program runs. After Completed or Ended it is final. */
export function choiceOpen(program: LoyaltyFacts): boolean {
	return program.rewardsStatus === 'Active' && program.UserRuleId !== null && program.maxRewardInstruments > 0
}

export const LOYALTY_ERRORS = {
	tooMany: 'cloudAccount.loyalty.errors.tooMany',
	unknown: 'cloudAccount.loyalty.errors.unknown',
	closed: 'cloudAccount.loyalty.errors.closed',
} as const

/** What to ask the API: instruments to add (put-user-product) and to give back (delete-user-product). */
export function rewardChoiceChange(
	current: readonly { productId: string }[],
	chosen: readonly string[],
): { add: string[]; remove: string[] } {
	const now = new Set(current.map((i) => i.productId))
	const next = new Set(chosen)
	return { add: [...next].filter((id) => !now.has(id)), remove: [...now].filter((id) => !next.has(id)) }
}

/** The subscription a Play2-4Life program counts: the running reward-eligible paid (Standard) one. */
export function rewardMembership<
	S extends { rewardEligible: boolean; type: number; status: number; endDate: string | null },
>(subscriptions: readonly S[], now: number): S | undefined {
	return subscriptions.find((s) => s.rewardEligible && s.type === SUBSCRIPTION_TYPE.Standard && isRunning(s, now))
}

/**
 * When the choice becomes final, said before the member confirms it: the membership's end date when it
 * is set not to renew (the program ends then), else after the months still to pay.
 */
export type ChoiceFinality =
	{ kind: 'membershipEnds'; endDate: string } | { kind: 'afterMonths'; months: number } | { kind: 'final' }

export function choiceFinality(
	program: LoyaltyFacts,
	rewardMembership: { status: number; endDate: string | null } | undefined,
): ChoiceFinality {
	if (!choiceOpen(program)) return { kind: 'final' }
	const NON_RENEW = 8
	if (rewardMembership?.status === NON_RENEW && rewardMembership.endDate)
		return { kind: 'membershipEnds', endDate: rewardMembership.endDate }
	return { kind: 'afterMonths', months: program.monthsRemaining }
}
