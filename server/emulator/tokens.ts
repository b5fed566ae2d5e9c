import { randomBytes, randomUUID } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import {
	exportJWK,
	generateKeyPair,
	importJWK,
	jwtVerify,
	SignJWT,
	type JWK,
	type JWTPayload,
	type CryptoKey,
} from 'jose'
import type { Clock } from './clock.ts'
import { getMeta, setMeta } from './db.ts'

/**
 * Real signed tokens (ES256, jose) with expiry. The key pair is made on first
 * start and kept in the database, so a restart keeps issued tokens valid.
 */
export interface TokenSettings {
	accessTokenSeconds: number
	idTokenSeconds: number
	refreshTokenSeconds: number
}

export const DEFAULT_TOKEN_SETTINGS: TokenSettings = {
	accessTokenSeconds: 3600,
	idTokenSeconds: 3600,
	refreshTokenSeconds: 30 * 24 * 3600,
}

export interface IssuedTokens {
	accessToken: string
	idToken: string
	refreshToken: string
	tokenType: 'Bearer'
	expiresIn: number
}

export interface TokenSubject {
	id: string
	email: string
	emailVerified: boolean
}

export type VerifiedToken = JWTPayload & { sub: string; token_use: 'access' | 'id'; email?: string }

export class TokenError extends Error {
	readonly expired: boolean
	constructor(message: string, expired: boolean) {
		super(message)
		this.name = 'TokenError'
		this.expired = expired
	}
}

export interface TokenService {
	settings(): TokenSettings
	updateSettings(patch: Partial<TokenSettings>): TokenSettings
	/** Issues access, id and refresh tokens for a user; `clientId` scopes the refresh token. */
	issue(subject: TokenSubject, clientId?: string): Promise<IssuedTokens>
	/** Verifies an access or id token: signature, kind and expiry by the emulator's clock. */
	verify(token: string, use: 'access' | 'id'): Promise<VerifiedToken>
	/**
	 * Uses a refresh token: new access and id tokens, or an error saying it
	 * expired or was revoked. `clientId` is the client it is used through: an
	 * app client, null for the account API's own; left out, any.
	 */
	refresh(
		refreshToken: string,
		lookup: (userId: string) => TokenSubject | undefined,
		clientId?: string | null,
	): Promise<Omit<IssuedTokens, 'refreshToken'> & { refreshToken: string }>
	/** Revokes every refresh token of a user (global sign-out, password change, deletion). */
	revokeAll(userId: string): void
	revoke(refreshToken: string): void
}

const ISSUER = 'portal-emulator'
/** Tokens whose signature is remembered as checked; the oldest is forgotten first. */
const CHECKED_TOKENS_KEPT = 1000

export async function createTokenService(db: DatabaseSync, clock: Clock): Promise<TokenService> {
	db.exec(`CREATE TABLE IF NOT EXISTS refresh_tokens (
		token TEXT PRIMARY KEY,
		user_id TEXT NOT NULL,
		client_id TEXT,
		expires_at INTEGER NOT NULL,
		revoked INTEGER NOT NULL DEFAULT 0
	)`)
	let privateKey: CryptoKey
	let publicKey: CryptoKey
	const stored = getMeta(db, 'tokenKeyPair')
	if (stored) {
		const { privateJwk, publicJwk } = JSON.parse(stored) as { privateJwk: JWK; publicJwk: JWK }
		privateKey = (await importJWK(privateJwk, 'ES256')) as CryptoKey
		publicKey = (await importJWK(publicJwk, 'ES256')) as CryptoKey
	} else {
		const pair = await generateKeyPair('ES256', { extractable: true })
		privateKey = pair.privateKey
		publicKey = pair.publicKey
		setMeta(
			db,
			'tokenKeyPair',
			JSON.stringify({ privateJwk: await exportJWK(privateKey), publicJwk: await exportJWK(publicKey) }),
		)
	}
	let settings: TokenSettings = { ...DEFAULT_TOKEN_SETTINGS, ...JSON.parse(getMeta(db, 'tokenSettings') ?? '{}') }

	const insertRefresh = db.prepare(
		'INSERT INTO refresh_tokens (token, user_id, client_id, expires_at) VALUES (?, ?, ?, ?)',
	)
	const selectRefresh = db.prepare('SELECT * FROM refresh_tokens WHERE token = ?')

	// Checking an ES256 signature costs about a millisecond of CPU, and a client sends the same token call after call
	// (a benchmark's thousands of pages, one session): a token whose signature checked out is remembered, and only
	// what can change, its expiry against the clock, is checked again on every use.
	const checked = new Map<string, VerifiedToken>()

	function stillValid(payload: VerifiedToken, use: 'access' | 'id'): VerifiedToken {
		if (payload.token_use !== use) throw new TokenError('Invalid token', false)
		if (typeof payload.exp === 'number' && payload.exp <= Math.floor(clock.now() / 1000))
			throw new TokenError(`${use === 'id' ? 'Id' : 'Access'} Token has expired`, true)
		return payload
	}

	async function sign(claims: JWTPayload, subject: string, seconds: number) {
		const now = Math.floor(clock.now() / 1000)
		return new SignJWT(claims)
			.setProtectedHeader({ alg: 'ES256', kid: 'emulator' })
			.setIssuer(ISSUER)
			.setSubject(subject)
			.setIssuedAt(now)
			.setExpirationTime(now + seconds)
			.setJti(randomUUID())
			.sign(privateKey)
	}

	async function accessAndId(subject: TokenSubject) {
		const [accessToken, idToken] = await Promise.all([
			sign({ token_use: 'access' }, subject.id, settings.accessTokenSeconds),
			sign(
				{ token_use: 'id', email: subject.email, email_verified: subject.emailVerified },
				subject.id,
				settings.idTokenSeconds,
			),
		])
		return {
			accessToken,
			idToken,
			tokenType: 'Bearer' as const,
			expiresIn: Math.min(settings.accessTokenSeconds, settings.idTokenSeconds),
		}
	}

	return {
		settings: () => settings,
		updateSettings(patch) {
			settings = { ...settings, ...patch }
			setMeta(db, 'tokenSettings', JSON.stringify(settings))
			return settings
		},
		async issue(subject, clientId) {
			const refreshToken = randomBytes(48).toString('base64url')
			insertRefresh.run(refreshToken, subject.id, clientId ?? null, clock.now() + settings.refreshTokenSeconds * 1000)
			return { ...(await accessAndId(subject)), refreshToken }
		},
		async verify(token, use) {
			const known = checked.get(token)
			if (known) return stillValid(known, use)
			try {
				const { payload } = await jwtVerify(token, publicKey, { issuer: ISSUER, currentDate: new Date(clock.now()) })
				if (payload.token_use !== use || typeof payload.sub !== 'string') throw new TokenError('Invalid token', false)
				if (checked.size >= CHECKED_TOKENS_KEPT) checked.delete(checked.keys().next().value!)
				checked.set(token, payload as VerifiedToken)
				return payload as VerifiedToken
			} catch (error) {
				if (error instanceof TokenError) throw error
				const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED'
				throw new TokenError(expired ? `${use === 'id' ? 'Id' : 'Access'} Token has expired` : 'Invalid token', expired)
			}
		},
		async refresh(refreshToken, lookup, clientId) {
			const row = selectRefresh.get(refreshToken) as
				{ user_id: string; client_id: string | null; expires_at: number; revoked: number } | undefined
			// A refresh token refreshes only through the client it was issued to.
			if (!row || (clientId !== undefined && row.client_id !== clientId))
				throw new TokenError('Invalid Refresh Token', false)
			if (row.revoked) throw new TokenError('Refresh Token has been revoked', false)
			if (row.expires_at <= clock.now()) throw new TokenError('Refresh Token has expired', true)
			const subject = lookup(row.user_id)
			if (!subject) throw new TokenError('Refresh Token has been revoked', false)
			return { ...(await accessAndId(subject)), refreshToken }
		},
		revokeAll(userId) {
			db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE user_id = ?').run(userId)
		},
		revoke(refreshToken) {
			db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE token = ?').run(refreshToken)
		},
	}
}
