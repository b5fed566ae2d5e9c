import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import {
	ActivationSchema,
	emailChangeSchema,
	LoginSchema,
	MigrationSchema,
	PasswordChangeSchema,
	ResetConfirmSchema,
	SignupSchema,
	signupFields,
} from './account-forms.ts'

/** What the action's conform reply shows: every field's errors, as the form would list them. */
function errorsOf(schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.append(name, value)
	const submission = parseWithZod(form, { schema })
	expect(submission.status).toBe('error')
	return submission.reply().error
}

describe('every form reports every error at once', () => {
	it('sign-up: a weak password, a mismatched confirmation, the terms unticked, names missing', () => {
		expect(
			errorsOf(SignupSchema, {
				email: 'not-an-email',
				password: 'weak',
				passwordConfirm: 'different',
				cultureCode: 'en-US',
				country: 'US',
			}),
		).toEqual({
			email: ['validation.emailInvalid'],
			firstName: ['validation.firstNameRequired'],
			lastName: ['validation.lastNameRequired'],
			password: ['validation.passwordRules'],
			passwordConfirm: ['validation.passwordsDontMatch'],
			agreeToTerms: ['validation.agreeToTerms'],
		})
	})

	it('sign-up in ja-JP: phonetic names missing beside the other errors', () => {
		expect(
			errorsOf(SignupSchema, {
				email: 'a@example.com',
				firstName: '太郎',
				lastName: '山田',
				password: 'Secret1234',
				passwordConfirm: 'Secret12345',
				cultureCode: 'ja-JP',
				country: 'JP',
			}),
		).toEqual({
			phoneticFirstName: ['validation.phoneticFirstNameRequired'],
			phoneticLastName: ['validation.phoneticLastNameRequired'],
			passwordConfirm: ['validation.passwordsDontMatch'],
			agreeToTerms: ['validation.agreeToTerms'],
		})
	})

	it('sign-up: a missing confirmation is told once, as missing', () => {
		expect(
			errorsOf(SignupSchema, { email: 'a@example.com', firstName: 'A', lastName: 'B', password: 'Secret1234' }),
		).toMatchObject({ passwordConfirm: ['validation.passwordConfirmRequired'] })
	})

	// Issue 21: 'Passwords don't match.' showed while both fields were empty.
	it('empty password fields are required, never a mismatch, on every form that sets a password', () => {
		const empty = { password: '', passwordConfirm: '' }
		expect(errorsOf(SignupSchema, { email: 'a@example.com', firstName: 'A', lastName: 'B', ...empty })).toMatchObject({
			password: ['validation.passwordRequired'],
			passwordConfirm: ['validation.passwordConfirmRequired'],
		})
		expect(errorsOf(ResetConfirmSchema, { email: 'a@example.com', code: '123456', ...empty })).toEqual({
			password: ['validation.passwordRequired'],
			passwordConfirm: ['validation.passwordConfirmRequired'],
		})
		expect(
			errorsOf(PasswordChangeSchema, { currentPassword: 'Owner1234', newPassword: '', newPasswordConfirm: '' }),
		).toEqual({
			newPassword: ['validation.newPasswordRequired'],
			newPasswordConfirm: ['validation.passwordConfirmRequired'],
		})
		// A password typed, its confirmation left empty: still 'required', not a mismatch.
		expect(errorsOf(ResetConfirmSchema, { email: 'a@example.com', code: '123456', password: 'Secret1234' })).toEqual({
			passwordConfirm: ['validation.passwordConfirmRequired'],
		})
	})

	it('password reset: code missing, weak password and mismatch together', () => {
		expect(
			errorsOf(ResetConfirmSchema, { email: 'a@example.com', password: 'short', passwordConfirm: 'other' }),
		).toEqual({
			code: ['validation.codeRequired'],
			password: ['validation.passwordRules'],
			passwordConfirm: ['validation.passwordsDontMatch'],
		})
	})

	it('password change: current missing, new too weak and not confirmed', () => {
		expect(errorsOf(PasswordChangeSchema, { newPassword: 'weak', newPasswordConfirm: 'weaker' })).toEqual({
			currentPassword: ['validation.currentPasswordRequired'],
			newPassword: ['validation.passwordRules'],
			newPasswordConfirm: ['validation.passwordsDontMatch'],
		})
	})

	it('email change: an invalid new email and a confirmation that differs', () => {
		expect(
			errorsOf(emailChangeSchema('owner@example.com'), { newEmail: 'nope', newEmailConfirm: 'other@example.com' }),
		).toEqual({
			newEmail: ['validation.emailInvalid'],
			newEmailConfirm: ['validation.emailMismatch'],
		})
	})

	it('email change: an empty confirmation is required, never a mismatch (issue 21)', () => {
		expect(errorsOf(emailChangeSchema('owner@example.com'), { newEmail: 'new@example.com' })).toEqual({
			newEmailConfirm: ['validation.emailConfirmRequired'],
		})
		expect(errorsOf(emailChangeSchema('owner@example.com'), { newEmail: '', newEmailConfirm: '' })).toEqual({
			newEmail: ['validation.emailRequired'],
			newEmailConfirm: ['validation.emailConfirmRequired'],
		})
	})

	it('email change: the current address is refused, whatever the case', () => {
		expect(
			errorsOf(emailChangeSchema('owner@example.com'), {
				newEmail: 'Owner@Example.com',
				newEmailConfirm: 'owner@example.com',
			}),
		).toEqual({ newEmail: ['validation.emailSameAsCurrent'] })
	})

	it('migration: invalid email, weak password and no culture', () => {
		expect(errorsOf(MigrationSchema, { email: 'x', password: 'weak' })).toEqual({
			email: ['validation.emailInvalid'],
			password: ['validation.passwordRules'],
			cultureCode: ['validation.cultureRequired'],
		})
	})

	it('sign-in and activation: both fields at once', () => {
		expect(errorsOf(LoginSchema, {})).toEqual({
			email: ['validation.emailRequired'],
			password: ['validation.passwordRequired'],
		})
		expect(errorsOf(ActivationSchema, { email: 'bad' })).toEqual({
			email: ['validation.emailInvalid'],
			code: ['validation.activationIncomplete'],
		})
	})
})

describe('signupFields (issue 21)', () => {
	it('drops a middle name posted for a culture that does not ask one (ja-JP)', () => {
		expect(signupFields({ cultureCode: 'ja-JP', firstName: '太郎', middleName: 'X', lastName: '山田' })).toEqual({
			cultureCode: 'ja-JP',
			firstName: '太郎',
			middleName: undefined,
			lastName: '山田',
		})
	})
	it('keeps it elsewhere, and sends an empty one as none', () => {
		expect(signupFields({ cultureCode: 'en-US', middleName: 'J.' }).middleName).toBe('J.')
		expect(signupFields({ cultureCode: 'en-US', middleName: '' }).middleName).toBeUndefined()
	})
})
