import { describe, expect, it } from 'vitest'
import {
	ACCOUNT_TYPES,
	afterAccountCreated,
	afterActivation,
	afterEmailVerified,
	afterFlowSignIn,
	afterMigration,
	afterProductInterest,
	FLOW_PAGES,
	migrationRefusal,
	flowPageRedirect,
	backToEmail,
	INITIAL_REGISTER_FLOW,
	nextStep,
	previousStep,
	REGISTER_STEP,
	redirectPathOf,
	signupForm,
	type RegisterFlowState,
} from './registration-flow.ts'

const email = 'new.owner+drums@example.com'
const emailQuery = 'email=new.owner%2Bdrums%40example.com'

/** A visitor who had gone further before (another tab, a link) and whose activation form is shown. */
const further: RegisterFlowState = {
	registerStep: REGISTER_STEP.login,
	registerEmail: 'earlier@example.com',
	excludeActivationForm: false,
	registerFlow: 'cloud',
}

describe('the registration flow (spec 1 §4)', () => {
	it('moves one step at a time and never below 1', () => {
		const two = nextStep(INITIAL_REGISTER_FLOW)
		expect(two.registerStep).toBe(REGISTER_STEP.activation)
		expect(previousStep(two).registerStep).toBe(REGISTER_STEP.verify)
		expect(previousStep(INITIAL_REGISTER_FLOW).registerStep).toBe(1)
		expect(INITIAL_REGISTER_FLOW.excludeActivationForm).toBe(true)
	})

	it('numbers the steps as the spec does', () => {
		expect(REGISTER_STEP).toEqual({ verify: 1, activation: 2, login: 3, productInterest: 4, finish: 5 })
		let state = INITIAL_REGISTER_FLOW
		for (const step of [2, 3, 4, 5]) {
			state = nextStep(state)
			expect(state.registerStep).toBe(step)
		}
		for (const step of [4, 3, 2, 1, 1]) {
			state = previousStep(state)
			expect(state.registerStep).toBe(step)
		}
	})
})

describe('a verified email, by account type (spec 1 §4 account states)', () => {
	it('knows every account type the account API answers', () => {
		expect(ACCOUNT_TYPES).toEqual(['new', 'legacy', 'unactivated', 'active'])
	})

	it('new: the sign-up screen again, now for the account details, at step 1', () => {
		const move = afterEmailVerified(INITIAL_REGISTER_FLOW, email, 'new')
		expect(move).toEqual({
			kind: 'redirect',
			to: '/signup',
			flow: { registerStep: 1, registerEmail: email, excludeActivationForm: true, registerFlow: 'signup' },
		})
		expect(move.kind === 'redirect' && signupForm(move.flow)).toBe('create')
	})

	it('legacy: migration with the email, told it was registered before, still step 1', () => {
		expect(afterEmailVerified(INITIAL_REGISTER_FLOW, email, 'legacy')).toEqual({
			kind: 'redirect',
			to: `/migration?${emailQuery}`,
			notice: 'dialog.previouslyRegistered',
			flow: { registerStep: 1, registerEmail: email, excludeActivationForm: true, registerFlow: 'migration' },
		})
	})

	it('unactivated: activation with the email, at step 2', () => {
		expect(afterEmailVerified(INITIAL_REGISTER_FLOW, email, 'unactivated')).toEqual({
			kind: 'redirect',
			to: `/activation?${emailQuery}`,
			flow: { registerStep: 2, registerEmail: email, excludeActivationForm: true, registerFlow: 'signup' },
		})
	})

	it('active: the email-exists dialog, and no new flow state', () => {
		expect(afterEmailVerified(INITIAL_REGISTER_FLOW, email, 'active')).toEqual({
			kind: 'dialog',
			dialog: 'emailExists',
		})
		expect(afterEmailVerified(further, email, 'active')).toEqual({ kind: 'dialog', dialog: 'emailExists' })
	})

	it.each(['new', 'legacy', 'unactivated'] as const)(
		'%s: sets the step from the account state whatever step came before, keeping the rest',
		(accountType) => {
			const move = afterEmailVerified(further, email, accountType)
			if (move.kind !== 'redirect') throw new Error('expected a redirect')
			expect(move.flow.registerStep).toBe(accountType === 'unactivated' ? 2 : 1)
			expect(move.flow.registerEmail).toBe(email)
			expect(move.flow.excludeActivationForm).toBe(false)
			expect(further.registerStep).toBe(REGISTER_STEP.login)
		},
	)
})

describe('the sign-up screen', () => {
	it('shows the email form until an available email was verified for sign-up', () => {
		expect(signupForm(INITIAL_REGISTER_FLOW)).toBe('verify')
		expect(signupForm({ ...INITIAL_REGISTER_FLOW, registerFlow: 'signup' })).toBe('verify')
		expect(signupForm({ ...INITIAL_REGISTER_FLOW, registerEmail: email, registerFlow: 'migration' })).toBe('verify')
		expect(signupForm({ ...INITIAL_REGISTER_FLOW, registerEmail: email, registerFlow: 'signup' })).toBe('create')
	})

	it('previous: one step back to the email form, the email forgotten, never below 1', () => {
		const details = { ...INITIAL_REGISTER_FLOW, registerEmail: email, registerFlow: 'signup' as const }
		const back = backToEmail(details)
		expect(back).toEqual({ ...INITIAL_REGISTER_FLOW, registerStep: 1, registerEmail: null, registerFlow: null })
		expect(signupForm(back)).toBe('verify')
		expect(backToEmail({ ...details, registerStep: REGISTER_STEP.activation }).registerStep).toBe(1)
		expect(backToEmail({ ...details, registerStep: REGISTER_STEP.productInterest }).registerStep).toBe(3)
	})

	it('next: a created account goes on to activation, step 2, from wherever it was', () => {
		const details = { ...INITIAL_REGISTER_FLOW, registerEmail: email, registerFlow: 'signup' as const }
		expect(afterAccountCreated(details, email)).toEqual({ ...details, registerStep: 2 })
		expect(afterAccountCreated(further, email)).toEqual({
			registerStep: 2,
			registerEmail: email,
			excludeActivationForm: false,
			registerFlow: 'signup',
		})
	})
})

describe('migration and activation', () => {
	it('a migrated account goes on to activation, step 2, in the migration flow', () => {
		expect(afterMigration(INITIAL_REGISTER_FLOW, email)).toEqual({
			registerStep: 2,
			registerEmail: email,
			excludeActivationForm: true,
			registerFlow: 'migration',
		})
		expect(afterMigration(further, email)).toMatchObject({ registerStep: 2, registerFlow: 'migration' })
	})

	it('a migration refused: an active account is told it is active (sign in, reset), any other “User Does Not Exist”', () => {
		expect(migrationRefusal(INITIAL_REGISTER_FLOW, email, 'active')).toEqual({
			kind: 'dialog',
			refusal: 'accountActive',
		})
		for (const type of ['new', 'legacy', null] as const)
			expect(migrationRefusal(INITIAL_REGISTER_FLOW, email, type)).toEqual({ kind: 'dialog', refusal: 'userNotExist' })
	})

	it('a migration refused for an unactivated account goes to activation, as sign-up sends it (issue 21)', () => {
		expect(migrationRefusal(INITIAL_REGISTER_FLOW, email, 'unactivated')).toEqual({
			kind: 'redirect',
			flow: {
				...INITIAL_REGISTER_FLOW,
				registerStep: REGISTER_STEP.activation,
				registerEmail: email,
				registerFlow: 'signup',
			},
			to: `/activation?${new URLSearchParams({ email })}`,
			notice: 'dialog.notActivatedMigration',
		})
	})

	it('an activated account goes on to sign in, step 3, keeping the flow that activated it', () => {
		for (const registerFlow of ['signup', 'migration', 'cloud', null] as const) {
			const activating = { ...INITIAL_REGISTER_FLOW, registerStep: REGISTER_STEP.activation, registerFlow }
			expect(afterActivation(activating, email)).toEqual({ ...activating, registerStep: 3, registerEmail: email })
		}
	})

	it('the whole sign-up: verify, create, activate', () => {
		const verified = afterEmailVerified(INITIAL_REGISTER_FLOW, email, 'new')
		if (verified.kind !== 'redirect') throw new Error('expected a redirect')
		const created = afterAccountCreated(verified.flow, email)
		expect(created.registerStep).toBe(REGISTER_STEP.activation)
		expect(afterActivation(created, email)).toEqual({
			registerStep: REGISTER_STEP.login,
			registerEmail: email,
			excludeActivationForm: true,
			registerFlow: 'signup',
		})
	})
})

describe('steps 4 and 5, after the first sign-in', () => {
	const activated = afterActivation({ ...INITIAL_REGISTER_FLOW, registerFlow: 'signup' }, email)

	it('the account the flow activated signs in: product interest (step 4) is next, whatever the case of its email', () => {
		expect(afterFlowSignIn(activated, email)).toEqual({ ...activated, registerStep: REGISTER_STEP.productInterest })
		expect(afterFlowSignIn(activated, email.toUpperCase())).toMatchObject({ registerStep: 4 })
	})

	it('any other sign-in leaves the flow alone: another account, a flow not at step 3, no flow', () => {
		expect(afterFlowSignIn(activated, 'someone.else@example.com')).toBeNull()
		expect(afterFlowSignIn({ ...activated, registerStep: REGISTER_STEP.activation }, email)).toBeNull()
		expect(afterFlowSignIn({ ...activated, registerStep: REGISTER_STEP.finish }, email)).toBeNull()
		expect(afterFlowSignIn({ ...activated, registerEmail: null }, email)).toBeNull()
		expect(afterFlowSignIn(undefined, email)).toBeNull()
	})

	it('interests saved or skipped: the finish page (step 5)', () => {
		expect(afterProductInterest({ ...activated, registerStep: 4 })).toMatchObject({ registerStep: 5 })
	})

	it('each step page sends a visitor to the step the flow is at, or out of the flow', () => {
		const at = (registerStep: number) => ({ ...activated, registerStep })
		expect(flowPageRedirect(at(4), 'productInterest', '/settings/interests')).toBeNull()
		expect(flowPageRedirect(at(5), 'finish', '/')).toBeNull()
		expect(flowPageRedirect(at(5), 'productInterest', '/settings/interests')).toBe(FLOW_PAGES.finish)
		expect(flowPageRedirect(at(4), 'finish', '/')).toBe(FLOW_PAGES.productInterest)
		expect(flowPageRedirect(at(3), 'finish', '/')).toBe('/')
		expect(flowPageRedirect(undefined, 'productInterest', '/settings/interests')).toBe('/settings/interests')
	})

	it('RedirectPathAfterSignup brings the user back to a page of the portal, never elsewhere', () => {
		expect(redirectPathOf({ path: '/gear/register_product?mdl=TD17' })).toBe('/gear/register_product?mdl=TD17')
		expect(redirectPathOf({ path: 'https://evil.example/' })).toBeNull()
		expect(redirectPathOf({ path: '//evil.example/' })).toBeNull()
		expect(redirectPathOf({ path: '/' })).toBeNull()
		expect(redirectPathOf({ path: 42 })).toBeNull()
		expect(redirectPathOf(null)).toBeNull()
	})
})
