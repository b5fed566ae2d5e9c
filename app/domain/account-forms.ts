/**
 * The account forms of spec 1 §4–§5: one zod schema per form, used by the
 * route's action through conform. Messages are catalogue keys (the spec's
 * texts in `validation.*`), translated when the form is shown again.
 */
import { z } from 'zod'
import { asksMiddleName, SUPPORTED_CULTURES } from './culture.ts'
import { SIGNUP_SOURCES } from './signup-links.ts'

/**
 * Spec 1 §5: half-width alphanumerics and symbols, at least 8, with a lowercase letter, an
 * uppercase letter and a digit.
 */
export const PASSWORD_MIN_LENGTH = 8
export function isValidPassword(password: string): boolean {
	return (
		password.length >= PASSWORD_MIN_LENGTH &&
		/^[\x21-\x7E]+$/.test(password) &&
		/[a-z]/.test(password) &&
		/[A-Z]/.test(password) &&
		/\d/.test(password)
	)
}

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key })

export const emailField = z
	.string({ error: 'validation.emailRequired' })
	.trim()
	.pipe(z.email({ error: 'validation.emailInvalid' }))
const passwordField = z.string({ error: 'validation.passwordRequired' })
const newPasswordField = passwordField.refine(isValidPassword, { error: 'validation.passwordRules' })
const cultureField = z.enum(SUPPORTED_CULTURES, { error: 'validation.cultureRequired' })
const countryField = z
	.string({ error: 'validation.countryRequired' })
	.trim()
	.toUpperCase()
	.regex(/^[A-Z]{2}$/, { error: 'validation.countryRequired' })
const checkbox = z
	.literal('on')
	.optional()
	.transform((value) => value === 'on')

/**
 * Zod skips an object's refinements once a field has failed, so a form would report its
 * cross-field errors in a second wave. These rules run anyway (their fields may then be missing,
 * so they check what they read), and every error shows at once.
 */
export const EVEN_WITH_FIELD_ERRORS = {
	when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
}

/**
 * The confirmation field differs from the field it confirms. Only when both are given: an empty one
 * (conform reads it as missing) has its own 'required' error, so 'Passwords don't match.' never
 * shows while the fields are empty.
 */
function sameValue<T extends Record<string, unknown>>(
	value: T,
	ctx: z.RefinementCtx,
	field: keyof T & string,
	confirmation: keyof T & string,
	message: string,
	normalise = (text: string) => text,
) {
	const first = value[field]
	const second = value[confirmation]
	if (typeof first === 'string' && typeof second === 'string' && normalise(first) !== normalise(second)) {
		ctx.addIssue({ code: 'custom', path: [confirmation], message })
	}
}

/** Step 1a: the email is looked up first (accountType). */
export const VerifyEmailSchema = z.object({ email: emailField })

/** Step 1b: creating the account. Phonetic names are required for ja-JP only. */
export const SignupSchema = z
	.object({
		email: emailField,
		firstName: required('validation.firstNameRequired'),
		middleName: z.string().trim().optional(),
		lastName: required('validation.lastNameRequired'),
		phoneticFirstName: z.string().trim().optional(),
		phoneticLastName: z.string().trim().optional(),
		password: newPasswordField,
		passwordConfirm: z.string({ error: 'validation.passwordConfirmRequired' }),
		cultureCode: cultureField,
		country: countryField,
		allowEmail: checkbox,
		agreeToTerms: z.literal('on', { error: 'validation.agreeToTerms' }),
		signupSource: z.enum(SIGNUP_SOURCES).optional(),
	})
	.superRefine((value, ctx) => {
		sameValue(value, ctx, 'password', 'passwordConfirm', 'validation.passwordsDontMatch')
		if (value.cultureCode === 'ja-JP') {
			if (!value.phoneticFirstName)
				ctx.addIssue({ code: 'custom', path: ['phoneticFirstName'], message: 'validation.phoneticFirstNameRequired' })
			if (!value.phoneticLastName)
				ctx.addIssue({ code: 'custom', path: ['phoneticLastName'], message: 'validation.phoneticLastNameRequired' })
		}
	}, EVEN_WITH_FIELD_ERRORS)

/**
 * The sign-up's fields as the account is created with them: a middle name only where the culture
 * asks one. ja-JP's form has no middle name field, so one posted anyway (an old page, a hand-made
 * post) is dropped rather than stored as a name the customer was never asked; an empty one is not sent.
 */
export function signupFields<T extends { cultureCode: string; middleName?: string | undefined }>(
	fields: T,
): Omit<T, 'middleName'> & { middleName: string | undefined } {
	return { ...fields, middleName: (asksMiddleName(fields.cultureCode) && fields.middleName) || undefined }
}

export const MigrationSchema = z.object({
	email: emailField,
	password: newPasswordField,
	cultureCode: cultureField,
})

/** Activation by code: both the email and the code, else the spec's one message. */
export const ActivationSchema = z.object({
	email: z
		.string({ error: 'validation.activationIncomplete' })
		.trim()
		.pipe(z.email({ error: 'validation.emailInvalid' })),
	code: z
		.string({ error: 'validation.activationIncomplete' })
		.trim()
		.min(1, { error: 'validation.activationIncomplete' }),
})

export const ResendActivationSchema = z.object({ email: emailField })

export const LoginSchema = z.object({
	email: emailField,
	password: passwordField,
	redirectTo: z.string().optional(),
})

export const ResetRequestSchema = z.object({ email: emailField })

export const ResetConfirmSchema = z
	.object({
		email: emailField,
		code: required('validation.codeRequired'),
		password: newPasswordField,
		passwordConfirm: z.string({ error: 'validation.passwordConfirmRequired' }),
	})
	.superRefine(
		(value, ctx) => sameValue(value, ctx, 'password', 'passwordConfirm', 'validation.passwordsDontMatch'),
		EVEN_WITH_FIELD_ERRORS,
	)

export const PasswordChangeSchema = z
	.object({
		currentPassword: z.string({ error: 'validation.currentPasswordRequired' }),
		newPassword: z
			.string({ error: 'validation.newPasswordRequired' })
			.refine(isValidPassword, { error: 'validation.passwordRules' }),
		newPasswordConfirm: z.string({ error: 'validation.passwordConfirmRequired' }),
	})
	.superRefine(
		(value, ctx) => sameValue(value, ctx, 'newPassword', 'newPasswordConfirm', 'validation.passwordsDontMatch'),
		EVEN_WITH_FIELD_ERRORS,
	)

/** The new email differs from the current one and equals its confirmation. */
export function emailChangeSchema(currentEmail: string) {
	return z
		.object({
			newEmail: emailField,
			newEmailConfirm: z.string({ error: 'validation.emailConfirmRequired' }).trim(),
		})
		.superRefine((value, ctx) => {
			const lowerCase = (text: string) => text.toLowerCase()
			if (typeof value.newEmail === 'string' && lowerCase(value.newEmail) === lowerCase(currentEmail)) {
				ctx.addIssue({ code: 'custom', path: ['newEmail'], message: 'validation.emailSameAsCurrent' })
			} else {
				sameValue(value, ctx, 'newEmail', 'newEmailConfirm', 'validation.emailMismatch', lowerCase)
			}
		}, EVEN_WITH_FIELD_ERRORS)
}

export const EmailChangeConfirmSchema = z.object({ code: required('validation.codeRequired') })

export const DeleteAccountSchema = z.object({
	confirm: z.literal('on', { error: 'validation.deleteConfirmRequired' }),
})
