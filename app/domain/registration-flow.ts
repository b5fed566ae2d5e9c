import { safeReturnPath } from './redirect.ts'

/**
 * The numbered registration flow of spec 1 §4 (the cloud flow uses the same
 * numbering): kept in the session as the register flow state.
 */
export const REGISTER_STEP = {
	/** Verify the email, then create the account or migrate it. */
	verify: 1,
	activation: 2,
	login: 3,
	productInterest: 4,
	finish: 5,
} as const
export type RegisterStep = (typeof REGISTER_STEP)[keyof typeof REGISTER_STEP]

export interface RegisterFlowState {
	registerStep: number
	registerEmail: string | null
	/** Spec default true: the activation form is not shown until it is needed. */
	excludeActivationForm: boolean
	registerFlow: 'signup' | 'migration' | 'cloud' | null
}

export const INITIAL_REGISTER_FLOW: RegisterFlowState = {
	registerStep: REGISTER_STEP.verify,
	registerEmail: null,
	excludeActivationForm: true,
	registerFlow: null,
}

/** Next adds one. */
export function nextStep(state: RegisterFlowState): RegisterFlowState {
	return { ...state, registerStep: state.registerStep + 1 }
}

/** Previous subtracts one, never below 1. */
export function previousStep(state: RegisterFlowState): RegisterFlowState {
	return { ...state, registerStep: Math.max(REGISTER_STEP.verify, state.registerStep - 1) }
}

/** Spec 1 §4 account states, as the account API's `accountType` names them. */
export const ACCOUNT_TYPES = ['new', 'legacy', 'unactivated', 'active'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

/** Which form the sign-up screen shows: the account details once an available email was verified, else the email. */
export function signupForm(state: RegisterFlowState): 'verify' | 'create' {
	return state.registerFlow === 'signup' && state.registerEmail ? 'create' : 'verify'
}

/**
 * Where a verified email leads (spec 1 §4 account states): a redirect with the
 * flow's new state, or, for an activated account, the dialog that offers
 * signing in or a password reset, the flow left as it was.
 */
export type EmailVerifiedMove =
	| { kind: 'redirect'; flow: RegisterFlowState; to: string; notice?: 'dialog.previouslyRegistered' }
	| { kind: 'dialog'; dialog: 'emailExists' }

export function afterEmailVerified(
	state: RegisterFlowState,
	email: string,
	accountType: AccountType,
): EmailVerifiedMove {
	const query = new URLSearchParams({ email })
	const verified = { ...state, registerStep: REGISTER_STEP.verify, registerEmail: email }
	switch (accountType) {
		case 'new':
			return { kind: 'redirect', flow: { ...verified, registerFlow: 'signup' }, to: '/signup' }
		case 'legacy':
			return {
				kind: 'redirect',
				flow: { ...verified, registerFlow: 'migration' },
				to: `/migration?${query}`,
				notice: 'dialog.previouslyRegistered',
			}
		case 'unactivated':
			return {
				kind: 'redirect',
				flow: { ...verified, registerStep: REGISTER_STEP.activation, registerFlow: 'signup' },
				to: `/activation?${query}`,
			}
		case 'active':
			return { kind: 'dialog', dialog: 'emailExists' }
	}
}

/** Back from the account details to the email: one step back, the verified email forgotten. */
export function backToEmail(state: RegisterFlowState): RegisterFlowState {
	return { ...previousStep(state), registerEmail: null, registerFlow: null }
}

/** Creating the account ends step 1 however the visitor got there: next is activation. */
export function afterAccountCreated(state: RegisterFlowState, email: string): RegisterFlowState {
	return { ...nextStep({ ...state, registerStep: REGISTER_STEP.verify }), registerEmail: email, registerFlow: 'signup' }
}

/** Migrating is step 1; the account is then activated by the code mailed to it, like a new one. */
export function afterMigration(state: RegisterFlowState, email: string): RegisterFlowState {
	return { ...state, registerStep: REGISTER_STEP.activation, registerEmail: email, registerFlow: 'migration' }
}

/**
 * What /migration does when the account API finds no legacy account for the email (spec 1 §4, §8):
 * an account that is already active is told so and offered sign-in and a password reset, since
 * "create a new account" would send it to a sign-up that refuses the address; an account created
 * but not activated goes where sign-up sends such an address (activation, step 2), told why; any
 * other answer is the spec's 'User Does Not Exist'.
 */
export type MigrationRefusal =
	| { kind: 'dialog'; refusal: 'accountActive' | 'userNotExist' }
	| { kind: 'redirect'; flow: RegisterFlowState; to: string; notice: 'dialog.notActivatedMigration' }

export function migrationRefusal(
	state: RegisterFlowState,
	email: string,
	accountType: AccountType | null,
): MigrationRefusal {
	if (accountType === 'active') return { kind: 'dialog', refusal: 'accountActive' }
	if (accountType === 'unactivated') {
		const move = afterEmailVerified(state, email, 'unactivated')
		if (move.kind === 'redirect')
			return { kind: 'redirect', flow: move.flow, to: move.to, notice: 'dialog.notActivatedMigration' }
	}
	return { kind: 'dialog', refusal: 'userNotExist' }
}

/** An activated account signs in next, whichever flow activated it. */
export function afterActivation(state: RegisterFlowState, email: string): RegisterFlowState {
	return { ...state, registerStep: REGISTER_STEP.login, registerEmail: email }
}

/** The pages of steps 4 and 5, which need the user signed in. */
export const FLOW_PAGES = { productInterest: '/signup/interests', finish: '/signup/finish' } as const

/**
 * A sign-in continues the flow when it is the account the flow just activated (step 3, the same
 * email): product interest is next. Null for any other sign-in, which goes where it was going.
 */
export function afterFlowSignIn(state: RegisterFlowState | undefined, email: string): RegisterFlowState | null {
	if (!state || state.registerStep !== REGISTER_STEP.login || !state.registerEmail) return null
	if (state.registerEmail.toLowerCase() !== email.toLowerCase()) return null
	return nextStep(state)
}

/** Interests saved or skipped: the finish page is next. */
export function afterProductInterest(state: RegisterFlowState): RegisterFlowState {
	return { ...state, registerStep: REGISTER_STEP.finish }
}

/**
 * Where a signed-in visitor of a step-4 or step-5 page belongs: null on the page of the step the flow
 * is at; else the page of that step, or `outside` when the flow is not at step 4 or 5 (finished,
 * never started, or someone else's).
 */
export function flowPageRedirect(
	state: RegisterFlowState | undefined,
	page: keyof typeof FLOW_PAGES,
	outside: string,
): string | null {
	const step = state?.registerStep
	const at =
		step === REGISTER_STEP.productInterest ? 'productInterest' : step === REGISTER_STEP.finish ? 'finish' : null
	if (at === page) return null
	return at ? FLOW_PAGES[at] : outside
}

/**
 * The page a `RedirectPathAfterSignup` temporary data body (spec 2 §3, designed as `{ path }`) brings
 * the user back to after step 5: a path of the portal other than its home, else null.
 */
export function redirectPathOf(body: Record<string, unknown> | null | undefined): string | null {
	const path = safeReturnPath(typeof body?.path === 'string' ? body.path : null)
	return path === '/' ? null : path
}
