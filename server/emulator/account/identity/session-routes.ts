/**
 * Getting an account and a session: server time, sign-up, account type,
 * activation, resend, migration, sign-in (plain and per app client) and
 * token refresh.
 */
import { randomUUID } from 'node:crypto'
import express, { type Router } from 'express'
import type { z } from 'zod'
import {
	ACCOUNT_CLIENT_IDS,
	type AccountTypeResponseSchema,
	ConfirmRequestSchema,
	type ConfirmResponseSchema,
	type CredentialsResponseSchema,
	MigrateRequestSchema,
	RefreshRequestSchema,
	ResendCodeRequestSchema,
	type ResendCodeResponseSchema,
	type ServerTimeResponseSchema,
	SigninRequestSchema,
	SignupRequestSchema,
	type SignupResponseSchema,
} from '#app/upstream/contract/account-identity.ts'
import { requireSecurityToken, sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'
import { TokenError, type IssuedTokens } from '../../tokens.ts'
import {
	AUTHENTICATION_ERRORS,
	authenticate,
	findUserByEmail,
	findUserById,
	insertUser,
	tokenSubject,
	updateUser,
	type UserRow,
} from '../users.ts'
import { CODE_ERRORS, checkCode, issueCode, maskEmail, sendActivationMail } from './codes.ts'
import { isoNow, param, parseBody, sendRuleError } from './http.ts'
import { cultureProblem, passwordProblem, phoneticNamesProblem, profileOf, type StoredProfile } from './rules.ts'

type Credentials = z.input<typeof CredentialsResponseSchema>

/** The app-client calls answer as Cognito's app clients do, in upper-camel case; the portal normalises. */
function upperCamel(
	tokens: IssuedTokens | (Omit<IssuedTokens, 'refreshToken'> & { refreshToken: string }),
): Credentials {
	return {
		AccessToken: tokens.accessToken,
		IdToken: tokens.idToken,
		RefreshToken: tokens.refreshToken,
		TokenType: tokens.tokenType,
		ExpiresIn: tokens.expiresIn,
	}
}

function isKnownClient(clientId: string): boolean {
	return (ACCOUNT_CLIENT_IDS as readonly string[]).includes(clientId)
}

export function sessionRoutes(ctx: EmulatorContext): Router {
	/** Mails a fresh activation code (valid 24 h) and says, masked, where it went. */
	const mailActivationCode = (user: UserRow) => {
		sendActivationMail(ctx, user.email, issueCode(ctx, user.id, 'activation'))
		return { destination: maskEmail(user.email), medium: 'EMAIL' as const }
	}
	/** What sign-up and migration answer: the account, waiting for its mailed code. */
	const awaitingActivation = (user: UserRow): z.input<typeof SignupResponseSchema> => ({
		id: user.id,
		email: user.email,
		accountType: 'unactivated',
		codeDelivery: mailActivationCode(user),
	})
	const router = express.Router()
	const securityToken = requireSecurityToken(ctx)

	router.get('/serverTime', (_req, res) => {
		const answer: z.input<typeof ServerTimeResponseSchema> = { serverTime: isoNow(ctx) }
		res.json(answer)
	})

	router.post('/signup', securityToken, (req, res) => {
		const body = parseBody(SignupRequestSchema, req, res)
		if (!body) return
		const problem = passwordProblem(body.password) ?? cultureProblem(body.cultureCode) ?? phoneticNamesProblem(body)
		if (problem) return sendRuleError(res, problem)
		if (findUserByEmail(ctx.db, body.email))
			return sendError(res, 409, 'An account with the given email already exists.', 'UsernameExistsException')
		const { password, email, ...fields } = body
		const id = randomUUID()
		const profile: StoredProfile = {
			...fields,
			signupSource: fields.signupSource ?? null,
			cognitoSub: randomUUID(),
			createUserId: id,
			updateUserId: id,
		}
		const user = insertUser(ctx, { id, email, password, status: 'unactivated', profile: { ...profile } })
		res.status(201).json(awaitingActivation(user))
	})

	router.get('/accountType', (req, res) => {
		const email = typeof req.query.email === 'string' ? req.query.email.trim() : ''
		if (!email) return sendError(res, 400, 'email parameter is missing', 'InvalidParameterException')
		const answer: z.input<typeof AccountTypeResponseSchema> = {
			accountType: findUserByEmail(ctx.db, email)?.status ?? 'new',
		}
		res.json(answer)
	})

	router.post('/confirm', (req, res) => {
		const body = parseBody(ConfirmRequestSchema, req, res)
		if (!body) return
		const user = findUserByEmail(ctx.db, body.email)
		if (!user) return sendError(res, 404, 'The given email address was not found.', 'UserNotFoundException')
		if (user.status !== 'unactivated')
			return sendError(res, 400, 'User cannot be confirmed. Current status is CONFIRMED', 'NotAuthorizedException')
		const check = checkCode(ctx, user.id, 'activation', body.code)
		if (!check.ok) {
			const error = CODE_ERRORS[check.reason]
			return sendError(res, error.status, error.message, error.code)
		}
		updateUser(ctx, user.id, { status: 'active' })
		const answer: z.input<typeof ConfirmResponseSchema> = { id: user.id, email: user.email, accountType: 'active' }
		res.json(answer)
	})

	router.post('/confirmationCode/resend', securityToken, (req, res) => {
		const body = parseBody(ResendCodeRequestSchema, req, res)
		if (!body) return
		const user = findUserByEmail(ctx.db, body.email)
		if (!user) return sendError(res, 404, 'The given email address was not found.', 'UserNotFoundException')
		if (user.status !== 'unactivated')
			return sendError(res, 400, 'The given email address was not found.', 'InvalidParameterException')
		updateUser(ctx, user.id, { profile: { ...user.profile, mailFormatType: body.mailFormatType } })
		res.json({ codeDelivery: mailActivationCode(user) } satisfies z.input<typeof ResendCodeResponseSchema>)
	})

	// A legacy account takes its new password and culture, then proves the address with
	// the mailed activation code (spec 1 §4: migrate is step 1, activation step 2), so
	// knowing someone's old-portal email is not enough to take the account over.
	router.post('/users/migrate', (req, res) => {
		const body = parseBody(MigrateRequestSchema, req, res)
		if (!body) return
		const user = findUserByEmail(ctx.db, body.email)
		if (!user || user.status !== 'legacy') return sendError(res, 404, 'User Does Not Exist', 'UserNotFoundException')
		const problem = passwordProblem(body.password) ?? cultureProblem(body.cultureCode)
		if (problem) return sendRuleError(res, problem)
		const profile = { ...profileOf(user), cultureCode: body.cultureCode, updateUserId: user.id }
		updateUser(ctx, user.id, { status: 'unactivated', password: body.password, profile: { ...profile } })
		res.json(awaitingActivation(user))
	})

	function signin(clientId: string | undefined) {
		return async (req: express.Request, res: express.Response) => {
			const body = parseBody(SigninRequestSchema, req, res)
			if (!body) return
			const result = authenticate(ctx, body.email, body.password)
			if (!result.ok) {
				const error = AUTHENTICATION_ERRORS[result.reason]
				return sendError(res, error.status, error.message, error.code)
			}
			const tokens = await ctx.tokens.issue(tokenSubject(result.user), clientId)
			const answer: Credentials = clientId ? upperCamel(tokens) : tokens
			res.json(answer)
		}
	}

	function refresh(clientId: string | null) {
		return async (req: express.Request, res: express.Response) => {
			const body = parseBody(RefreshRequestSchema, req, res)
			if (!body) return
			try {
				const tokens = await ctx.tokens.refresh(
					body.token,
					(userId) => {
						const user = findUserById(ctx.db, userId)
						return user && user.status === 'active' ? tokenSubject(user) : undefined
					},
					clientId,
				)
				const answer: Credentials = clientId ? upperCamel(tokens) : tokens
				res.json(answer)
			} catch (error) {
				if (!(error instanceof TokenError)) throw error
				sendError(res, 401, error.message, 'NotAuthorizedException')
			}
		}
	}

	router.post('/signin', securityToken, signin(undefined))
	router.post('/tokens/refresh', refresh(null))
	router.post('/client/:clientId/signin', securityToken, (req, res, next) => {
		if (!isKnownClient(param(req, 'clientId')))
			return sendError(res, 400, 'Failed: Invalid client ID', 'InvalidClientId')
		return signin(param(req, 'clientId'))(req, res).catch(next)
	})
	router.post('/client/:clientId/tokens/refresh', (req, res, next) => {
		if (!isKnownClient(param(req, 'clientId')))
			return sendError(res, 400, 'Failed: Invalid client ID', 'InvalidClientId')
		return refresh(param(req, 'clientId'))(req, res).catch(next)
	})

	return router
}
