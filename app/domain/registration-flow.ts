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
