import { describe, expect, it } from 'vitest'
import { INITIAL_REGISTER_FLOW, nextStep, previousStep, REGISTER_STEP } from './registration-flow.ts'

describe('the registration flow (spec 1 §4)', () => {
	it('moves one step at a time and never below 1', () => {
		const two = nextStep(INITIAL_REGISTER_FLOW)
		expect(two.registerStep).toBe(REGISTER_STEP.activation)
		expect(previousStep(two).registerStep).toBe(REGISTER_STEP.verify)
		expect(previousStep(INITIAL_REGISTER_FLOW).registerStep).toBe(1)
		expect(INITIAL_REGISTER_FLOW.excludeActivationForm).toBe(true)
	})
})
