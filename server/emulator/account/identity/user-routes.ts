/**
 * The signed-in user: the record, profile and email changes, password change
 * and reset, deletion, and the staff-only admin view and culture list.
 */
import express, { type Router } from 'express'
import type { z } from 'zod'
import {
	ChangePasswordRequestSchema,
	ConfirmEmailChangeRequestSchema,
	type ConfirmEmailChangeResponseSchema,
	type DeletedResponseSchema,
	EmailChangeRequestSchema,
	type EmailChangeResponseSchema,
	type ManagingCultureCodesResponseSchema,
	type MessageResponseSchema,
	PASSWORD_RESET_SENT_MESSAGE,
	PasswordResetConfirmRequestSchema,
	PasswordResetRequestSchema,
	ProfileUpdateRequestSchema,
} from '#app/upstream/contract/account-identity.ts'
import { requireSecurityToken, requireToken, sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'
import { transaction } from '../../db.ts'
import { hasActiveCloudSubscription } from '../../cloud/subscriptions-table.ts'
import { deleteRegisteredProductsOf } from '../registered-products-table.ts'
import {
	checkPassword,
	clearSigninFailures,
	deleteUser,
	findUserByEmail,
	findUserById,
	isStaffAccount,
	updateUser,
} from '../users.ts'
import { CODE_ERRORS, checkCode, issueCode, maskEmail, sendEmailChangeMail, sendPasswordResetMail } from './codes.ts'
import { caller, isoNow, ownUser, param, parseBody, sendRuleError } from './http.ts'
import { cultureCodeRef } from './masters.ts'
import { userRecord } from './record.ts'
import { applyProfileUpdate, isRuleError, passwordProblem, profileOf } from './rules.ts'
import { deleteIdentityData } from './tables.ts'

/** Spec 1 §8 (the account API's own wording of spec 2's 'Roland Cloud' variant). */
export const ACTIVE_SUBSCRIPTIONS_MESSAGE =
	'Your account has active cloud subscriptions and cannot be deleted. If you still hope to delete your account, please contact us.'

export function userRoutes(ctx: EmulatorContext): Router {
	const router = express.Router()
	const access = requireToken(ctx, 'access')
	const securityToken = requireSecurityToken(ctx)

	router.get('/me', access, (_req, res) => {
		const user = caller(ctx, res)
		if (user) res.json(userRecord(ctx, user))
	})

	router.put('/users/:id', access, ownUser, (req, res) => {
		const user = caller(ctx, res)
		if (!user) return
		if (req.body && typeof req.body === 'object' && 'email' in req.body) {
			const body = parseBody(EmailChangeRequestSchema, req, res)
			if (!body) return
			if (body.email.toLowerCase() === user.email.toLowerCase()) {
				return sendError(res, 400, 'The new email is the same as the current email.', 'InvalidParameterException')
			}
			if (findUserByEmail(ctx.db, body.email))
				return sendError(res, 409, 'An account with the given email already exists.', 'AliasExistsException')
			sendEmailChangeMail(ctx, body.email, issueCode(ctx, user.id, 'email-change', body.email))
			const answer: z.input<typeof EmailChangeResponseSchema> = {
				email: user.email,
				pendingEmail: body.email,
				codeDelivery: { destination: maskEmail(body.email), medium: 'EMAIL' },
			}
			return res.json(answer)
		}
		const body = parseBody(ProfileUpdateRequestSchema, req, res)
		if (!body) return
		const next = applyProfileUpdate(profileOf(user), body, isoNow(ctx).slice(0, 10), user.id)
		if (isRuleError(next)) return sendRuleError(res, next)
		res.json(userRecord(ctx, updateUser(ctx, user.id, { profile: { ...next } })!))
	})

	router.post('/users/:id/linkage/changeEmail', access, ownUser, (req, res) => {
		const user = caller(ctx, res)
		if (!user) return
		const body = parseBody(ConfirmEmailChangeRequestSchema, req, res)
		if (!body) return
		const check = checkCode(ctx, user.id, 'email-change', body.code)
		if (!check.ok) {
			const error = CODE_ERRORS[check.reason]
			return sendError(res, error.status, error.message, error.code)
		}
		const newEmail = check.newEmail!
		// Someone may have signed up with the address while the code was on its way.
		if (findUserByEmail(ctx.db, newEmail))
			return sendError(res, 409, 'An account with the given email already exists.', 'AliasExistsException')
		const updated = updateUser(ctx, user.id, {
			email: newEmail,
			profile: { ...profileOf(user), previousEmail: user.email, updateUserId: user.id },
		})!
		const answer: z.input<typeof ConfirmEmailChangeResponseSchema> = { id: updated.id, email: updated.email }
		res.json(answer)
	})

	router.put('/users/:id/password', access, ownUser, (req, res) => {
		const user = caller(ctx, res)
		if (!user) return
		const body = parseBody(ChangePasswordRequestSchema, req, res)
		if (!body) return
		if (!checkPassword(ctx.db, user.id, body.oldPassword))
			return sendError(res, 400, 'Incorrect current password.', 'NotAuthorizedException')
		const problem = passwordProblem(body.newPassword)
		if (problem) return sendRuleError(res, problem)
		updateUser(ctx, user.id, { password: body.newPassword })
		// Spec 1 §4: a password change ends the session.
		ctx.tokens.revokeAll(user.id)
		const answer: z.input<typeof MessageResponseSchema> = { message: 'Password changed. Please sign in again.' }
		res.json(answer)
	})

	router.post('/users/password', securityToken, (req, res) => {
		const body = parseBody(PasswordResetRequestSchema, req, res)
		if (!body) return
		const user = findUserByEmail(ctx.db, body.email)
		if (user) sendPasswordResetMail(ctx, user.email, issueCode(ctx, user.id, 'password-reset'))
		const answer: z.input<typeof MessageResponseSchema> = { message: PASSWORD_RESET_SENT_MESSAGE }
		res.json(answer)
	})

	router.post('/users/password/confirm', (req, res) => {
		const body = parseBody(PasswordResetConfirmRequestSchema, req, res)
		if (!body) return
		// Checked before the code, so a weak password does not use the code up.
		const problem = passwordProblem(body.newPassword)
		if (problem) return sendRuleError(res, problem)
		const user = findUserByEmail(ctx.db, body.email)
		// An unknown address looks like a wrong code: the reset request does not tell either.
		const check = user
			? checkCode(ctx, user.id, 'password-reset', body.code)
			: ({ ok: false, reason: 'mismatch' } as const)
		if (!user || !check.ok) {
			const error = CODE_ERRORS[check.ok ? 'mismatch' : check.reason]
			return sendError(res, error.status, error.message, error.code)
		}
		// The code proves the address: a legacy account migrates this way (spec 1 §4), an unactivated one activates.
		updateUser(ctx, user.id, { password: body.newPassword, status: 'active' })
		ctx.db.prepare("DELETE FROM account_codes WHERE user_id = ? AND purpose = 'activation'").run(user.id)
		clearSigninFailures(ctx.db, user.email)
		ctx.tokens.revokeAll(user.id)
		const answer: z.input<typeof MessageResponseSchema> = { message: 'Your password has been reset.' }
		res.json(answer)
	})

	router.post('/users/:id/linkage/delete', requireToken(ctx, 'id'), ownUser, (_req, res) => {
		const user = caller(ctx, res)
		if (!user) return
		if (hasActiveCloudSubscription(ctx.db, user.id))
			return sendError(res, 409, ACTIVE_SUBSCRIPTIONS_MESSAGE, 'ActiveSubscriptions')
		transaction(ctx.db, () => {
			deleteIdentityData(ctx.db, user)
			deleteRegisteredProductsOf(ctx.db, user.id)
			clearSigninFailures(ctx.db, user.email)
			deleteUser(ctx, user.id)
		})
		const answer: z.input<typeof DeletedResponseSchema> = { id: user.id, deleted: true }
		res.json(answer)
	})

	/** Staff only (spec 1 §6): the caller's email, as stored now, must be at the company domain. */
	function staffOnly(req: express.Request, res: express.Response, next: express.NextFunction) {
		const user = caller(ctx, res)
		if (!user) return
		if (!isStaffAccount(user.email)) return sendError(res, 403, 'Not Roland Account', 'NotRolandAccount')
		next()
	}

	// Designed (the spec shows only the path): the admin view also finds a user by email in place of the id.
	router.get('/admin/users/:id', access, staffOnly, (req, res) => {
		const key = param(req, 'id')
		const user = findUserById(ctx.db, key) ?? (key.includes('@') ? findUserByEmail(ctx.db, key) : undefined)
		if (!user) return sendError(res, 404, 'User does not exist.', 'UserNotFoundException')
		res.json(userRecord(ctx, user))
	})

	router.get('/users/:id/managingCultureCodes', access, staffOnly, (req, res) => {
		const user = findUserById(ctx.db, param(req, 'id'))
		if (!user) return sendError(res, 404, 'User does not exist.', 'UserNotFoundException')
		const values = isStaffAccount(user.email) ? (profileOf(user).managingCultureCodes ?? []) : []
		const answer: z.input<typeof ManagingCultureCodesResponseSchema> = {
			managingCultureCodes: values.flatMap((value) => cultureCodeRef(value) ?? []),
		}
		res.json(answer)
	})

	return router
}
