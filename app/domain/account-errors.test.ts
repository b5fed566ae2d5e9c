import { describe, expect, it } from 'vitest'
import { accountErrorKey, ssoErrorKey } from './account-errors.ts'

describe('accountErrorKey (spec 1 §8)', () => {
	it.each([
		[
			'login',
			{ code: 'NotAuthorizedException', message: 'Incorrect username or password.' },
			'errors.incorrectCredentials',
		],
		['login', { code: 'UserNotConfirmedException', message: 'User is not confirmed.' }, 'errors.notActivated'],
		[
			'login',
			{ code: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' },
			'errors.attemptLimit',
		],
		[
			'reset',
			{ code: 'ExpiredCodeException', message: 'Invalid code provided, please request a code again.' },
			'errors.resetExpired',
		],
		[
			'activation',
			{ code: 'ExpiredCodeException', message: 'Invalid code provided, please request a code again.' },
			'errors.activationExpired',
		],
		[
			'activation',
			{ code: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' },
			'errors.codeMismatch',
		],
		[
			'resend',
			{ code: 'UserNotFoundException', message: 'The given email address was not found.' },
			'errors.emailNotFound',
		],
		[
			'emailChange',
			{ code: 'UsernameExistsException', message: 'An account with the given email already exists.' },
			'errors.emailExists',
		],
		[
			'passwordChange',
			{ code: 'NotAuthorizedException', message: 'Incorrect current password.' },
			'errors.incorrectCurrentPassword',
		],
		['migration', { code: 'UserNotFoundException', message: 'User Does Not Exist' }, 'dialog.userNotExistTitle'],
		[
			'delete',
			{ code: 'ActiveSubscriptions', message: 'Your account has active cloud subscriptions and cannot be deleted.' },
			'errors.activeSubscriptions',
		],
		['login', { message: 'Request failed with status code 503', status: 503 }, 'toast.tryAgain'],
		['login', { message: 'timeout of 60000ms exceeded', kind: 'timeout' }, 'toast.tryAgain'],
		['signup', { message: 'Something odd', status: 400 }, 'toast.exception'],
	] as const)('%s %o → %s', (flow, failure, key) => {
		expect(accountErrorKey(flow, failure)).toBe(key)
	})
})

describe('ssoErrorKey (spec 2 §8)', () => {
	it.each([
		[{ code: 'invalid_grant', message: 'Session is invalid', status: 400 }, 'errors.sessionInvalid'],
		[{ message: 'session is INVALID' }, 'errors.sessionInvalid'],
		[{ message: 'invalid_grant', status: 400 }, 'errors.sessionInvalid'],
		[{ message: 'Invalid grant: invalid_grant (code spent)' }, 'errors.sessionInvalid'],
		[{ code: 'invalid_client', message: 'Failed: Invalid client ID', status: 400 }, null],
		[{ code: 'InvalidParameterException', message: 'Invalid parameters.', status: 400 }, null],
		[{ message: 'Request failed with status code 503', status: 503 }, null],
		[{ message: 'timeout of 60000ms exceeded', kind: 'timeout' }, null],
		[{ message: 'Refresh Token has expired', status: 401 }, null],
	] as const)('%o → %s', (failure, key) => {
		expect(ssoErrorKey(failure)).toBe(key)
	})
})
