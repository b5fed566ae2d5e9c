/**
 * What the user reads when an account call fails: the spec's catalogue
 * (spec 1 §8) chosen from the upstream's error code and text, per flow.
 */
export interface UpstreamFailure {
	code?: string
	message: string
	status?: number
	kind?: string
}

export type AccountFlow =
	| 'signup'
	| 'migration'
	| 'activation'
	| 'resend'
	| 'login'
	| 'reset'
	| 'passwordChange'
	| 'emailChange'
	| 'delete'
	| 'interests'
	| 'regionLanguage'
	| 'profile'

/** The catalogue keys of those messages: a type, so the catalogue test holds them to every catalogue. */
export type AccountErrorKey =
	| 'toast.tryAgain'
	| 'toast.exception'
	| 'errors.attemptLimit'
	| 'errors.notActivated'
	| 'errors.incorrectCredentials'
	| 'errors.emailExists'
	| 'errors.codeMismatch'
	| 'errors.resetExpired'
	| 'dialog.userNotExistTitle'
	| 'errors.activationExpired'
	| 'errors.emailNotFound'
	| 'errors.incorrectCurrentPassword'
	| 'errors.activeSubscriptions'

export function accountErrorKey(flow: AccountFlow, failure: UpstreamFailure): AccountErrorKey {
	const { code = '', message } = failure
	if (failure.kind && failure.kind !== 'status')
		return failure.kind === 'cancelled' ? 'toast.tryAgain' : 'toast.tryAgain'
	if (/LimitExceeded|TooManyRequests/i.test(code) || /attempt limit/i.test(message)) return 'errors.attemptLimit'
	switch (flow) {
		case 'login':
			if (/UserNotConfirmed/i.test(code) || /not confirmed|not been activated/i.test(message))
				return 'errors.notActivated'
			if (/NotAuthorized|UserNotFound/i.test(code) || /incorrect username or password/i.test(message))
				return 'errors.incorrectCredentials'
			break
		case 'signup':
		case 'emailChange':
			if (/UsernameExists|AliasExists/i.test(code) || /already exists/i.test(message)) return 'errors.emailExists'
			if (/CodeMismatch/i.test(code)) return 'errors.codeMismatch'
			if (/ExpiredCode/i.test(code)) return 'errors.resetExpired'
			break
		case 'migration':
			if (/UserNotFound/i.test(code) || /does not exist/i.test(message)) return 'dialog.userNotExistTitle'
			break
		case 'activation':
			if (/ExpiredCode/i.test(code) || /request a code again|expired/i.test(message)) return 'errors.activationExpired'
			if (/CodeMismatch/i.test(code)) return 'errors.codeMismatch'
			if (/UserNotFound/i.test(code) || /not found/i.test(message)) return 'errors.emailNotFound'
			break
		case 'resend':
			if (/UserNotFound|InvalidParameter/i.test(code) || /not found/i.test(message)) return 'errors.emailNotFound'
			break
		case 'reset':
			if (/ExpiredCode/i.test(code) || /expired/i.test(message)) return 'errors.resetExpired'
			if (/CodeMismatch/i.test(code)) return 'errors.codeMismatch'
			break
		case 'passwordChange':
			if (/NotAuthorized/i.test(code) || /incorrect/i.test(message)) return 'errors.incorrectCurrentPassword'
			break
		case 'delete':
			if (/ActiveSubscription/i.test(code) || /active (roland )?cloud subscriptions/i.test(message))
				return 'errors.activeSubscriptions'
			break
	}
	if (failure.status !== undefined && failure.status >= 500) return 'toast.tryAgain'
	return 'toast.exception'
}

/**
 * The single sign-on's refusal of a code, verifier or state it did not issue
 * (an OAuth `invalid_grant`): the user reads 'Session is invalid' (spec 2 §8).
 * Null for any other failure, which says what any upstream call would.
 */
export function ssoErrorKey(failure: UpstreamFailure): 'errors.sessionInvalid' | null {
	return /session is invalid|invalid_grant/i.test(failure.message) ? 'errors.sessionInvalid' : null
}
