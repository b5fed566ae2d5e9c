/**
 * Mailed 6-digit codes: activation (24 h, spec 1 §9), email change (24 h)
 * and password reset (1 h). One live code per user and purpose: a new one
 * replaces the old. Five wrong tries use a code up (spec: attempt limit).
 */
import { randomInt } from 'node:crypto'
import type { EmulatorContext } from '../../context.ts'

export type CodePurpose = 'activation' | 'email-change' | 'password-reset'

const HOUR_MS = 3600 * 1000
export const CODE_LIFETIME_MS: Record<CodePurpose, number> = {
	activation: 24 * HOUR_MS,
	'email-change': 24 * HOUR_MS,
	'password-reset': HOUR_MS,
}
export const CODE_ATTEMPT_LIMIT = 5

/** Cognito's texts and codes, which the account API passes on (spec 1 §8 maps them to what the user sees). */
export const CODE_ERRORS = {
	mismatch: {
		status: 400,
		code: 'CodeMismatchException',
		message: 'Invalid verification code provided, please try again.',
	},
	expired: {
		status: 400,
		code: 'ExpiredCodeException',
		message: 'Invalid code provided, please request a code again.',
	},
	'attempt-limit': {
		status: 400,
		code: 'LimitExceededException',
		message: 'Attempt limit exceeded, please try after some time.',
	},
} as const

export type CodeCheck = { ok: true; newEmail: string | null } | { ok: false; reason: keyof typeof CODE_ERRORS }

export function issueCode(
	ctx: EmulatorContext,
	userId: string,
	purpose: CodePurpose,
	newEmail: string | null = null,
): string {
	const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
	const now = ctx.clock.now()
	ctx.db
		.prepare(
			`INSERT INTO account_codes (user_id, purpose, code, new_email, issued_at, expires_at, failed_attempts) VALUES (?, ?, ?, ?, ?, ?, 0)
			ON CONFLICT (user_id, purpose) DO UPDATE SET code = excluded.code, new_email = excluded.new_email,
				issued_at = excluded.issued_at, expires_at = excluded.expires_at, failed_attempts = 0`,
		)
		.run(userId, purpose, code, newEmail, now, now + CODE_LIFETIME_MS[purpose])
	return code
}

/** Checks a code; a right one is used up, a wrong one counts toward the limit. */
export function checkCode(ctx: EmulatorContext, userId: string, purpose: CodePurpose, code: string): CodeCheck {
	const row = ctx.db.prepare('SELECT * FROM account_codes WHERE user_id = ? AND purpose = ?').get(userId, purpose) as
		{ code: string; new_email: string | null; expires_at: number; failed_attempts: number } | undefined
	if (!row) return { ok: false, reason: 'mismatch' }
	if (row.failed_attempts >= CODE_ATTEMPT_LIMIT) return { ok: false, reason: 'attempt-limit' }
	if (row.code !== code.trim()) {
		ctx.db
			.prepare('UPDATE account_codes SET failed_attempts = failed_attempts + 1 WHERE user_id = ? AND purpose = ?')
			.run(userId, purpose)
		return { ok: false, reason: 'mismatch' }
	}
	if (row.expires_at <= ctx.clock.now()) return { ok: false, reason: 'expired' }
	ctx.db.prepare('DELETE FROM account_codes WHERE user_id = ? AND purpose = ?').run(userId, purpose)
	return { ok: true, newEmail: row.new_email }
}

/** Where a code went, masked as Cognito does: `o***@e***.com`. */
export function maskEmail(email: string): string {
	const [local = '', domain = ''] = email.split('@')
	const dot = domain.lastIndexOf('.')
	const host = dot > 0 ? domain.slice(0, dot) : domain
	const tld = dot > 0 ? domain.slice(dot) : ''
	return `${local.charAt(0)}***@${host.charAt(0)}***${tld}`
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString()

export function sendActivationMail(ctx: EmulatorContext, email: string, code: string): void {
	const link = `${ctx.portalUrl}/activation?${query({ email, code })}`
	ctx.mail.send({
		to: email,
		subject: 'Activate your account',
		text: `Welcome! Your activation code is ${code}. It is valid for 24 hours.\n\nActivate your account: ${link}`,
		code,
		link,
	})
}

export function sendEmailChangeMail(ctx: EmulatorContext, newEmail: string, code: string): void {
	const link = `${ctx.portalUrl}/email-change?${query({ code })}`
	ctx.mail.send({
		to: newEmail,
		subject: 'Verify your new email address',
		text: `Your verification code is ${code}. It is valid for 24 hours. Your current email address stays in use until you verify this one.\n\nVerify: ${link}`,
		code,
		link,
	})
}

export function sendPasswordResetMail(ctx: EmulatorContext, email: string, code: string): void {
	const link = `${ctx.portalUrl}/reset-password?${query({ email, code })}`
	ctx.mail.send({
		to: email,
		subject: 'Reset your password',
		text: `Your password reset code is ${code}. It is valid for 1 hour. If you did not ask for it, ignore this message.\n\nReset your password: ${link}`,
		code,
		link,
	})
}
