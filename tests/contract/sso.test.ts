import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, type DemoAccountName } from '#server/emulator/demo.ts'
import { findUserByEmail, insertUser, tokenSubject, type UserRow } from '#server/emulator/account/users.ts'
import { failure, startEmulator, type RunningEmulator } from './emulator.ts'

let emu: RunningEmulator
let sso: typeof import('#app/upstream/sso.server.ts')

const PORTAL = 'owners-portal'
const REDIRECT_URI = 'http://portal.test/oauth2/redirect'

beforeAll(async () => {
	emu = await startEmulator()
	sso = await import('#app/upstream/sso.server.ts')
})
afterAll(() => emu.stop())

/**
 * The account API seeds the demo accounts; until its seed exists, make the
 * ones these tests sign in with (same ids, emails and passwords).
 */
function demoUser(name: DemoAccountName, status: 'active' | 'unactivated' = 'active'): UserRow {
	const ctx = emu.emulator.context()
	const demo = DEMO_ACCOUNTS[name]
	return (
		findUserByEmail(ctx.db, demo.email) ??
		insertUser(ctx, {
			id: demo.id,
			email: demo.email,
			password: demo.password,
			status,
			profile: { firstName: demo.firstName, lastName: demo.lastName },
		})
	)
}

function newRequest(clientId = PORTAL, redirectUri = REDIRECT_URI) {
	const pkce = sso.createPkcePair()
	return {
		clientId,
		redirectUri,
		state: `state-${Math.random().toString(36).slice(2)}`,
		codeChallenge: pkce.codeChallenge,
		codeVerifier: pkce.codeVerifier,
	}
}

/** What a browser without JavaScript does: navigate to authorize, follow to the sign-in page, post the form. */
async function browserSignIn(email: string, password: string, request = newRequest(), cookie?: string) {
	const authorize = await fetch(sso.authorizeUrl(request), {
		headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) },
		redirect: 'manual',
	})
	expect(authorize.status).toBe(302)
	const loginPage = new URL(authorize.headers.get('Location')!, authorize.url)
	const page = await fetch(loginPage, { headers: { Accept: 'text/html' } })
	const html = await page.text()
	const hidden = Object.fromEntries(
		[...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
			m[1]!,
			m[2]!.replace(/&#38;/g, '&'),
		]),
	)
	const posted = await fetch(new URL('login', loginPage), {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
		body: new URLSearchParams({ ...hidden, username: email, password }),
		redirect: 'manual',
	})
	return { request, posted, setCookie: posted.headers.get('Set-Cookie') ?? '' }
}

function codeFrom(location: string, request: { state: string }) {
	const url = new URL(location)
	expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI)
	expect(url.searchParams.get('state')).toBe(request.state)
	return url.searchParams.get('code')!
}

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!

describe('authorize', () => {
	it('sends a browser with no single sign-on session to the sign-in page, carrying the request', async () => {
		const request = newRequest()
		const { redirectUrl } = await sso.authorize(request)
		const url = new URL(redirectUrl)
		expect(url.href.startsWith(`${emu.url}/sso/oauth2/login?`)).toBe(true)
		expect(Object.fromEntries(url.searchParams)).toEqual({
			client_id: PORTAL,
			state: request.state,
			code_challenge: request.codeChallenge,
			code_challenge_method: 'S256',
			redirect_uri: REDIRECT_URI,
		})
	})

	it('refuses an unknown client and a redirect URI the client has not registered', async () => {
		const unknown = await failure(sso.authorize({ ...newRequest(), clientId: 'nobody' }))
		expect(unknown).toMatchObject({ status: 400, message: 'Failed: Invalid client ID' })
		const elsewhere = await failure(sso.authorize({ ...newRequest(), redirectUri: 'https://evil.test/steal' }))
		expect(elsewhere).toMatchObject({ status: 400, message: 'The redirect_uri is not registered for this client.' })
		const plain = await fetch(
			`${emu.url}/sso/oauth2/authorize?client_id=${PORTAL}&state=s&code_challenge=short&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`,
		)
		expect(plain.status).toBe(400)
		expect(await plain.json()).toMatchObject({ error: 'invalid_request', message: 'Invalid parameters.' })
	})
})

describe('the sign-in page', () => {
	it('is a plain form with labelled fields and the request in hidden fields', async () => {
		const { redirectUrl } = await sso.authorize(newRequest())
		const page = await fetch(redirectUrl, { headers: { Accept: 'text/html' } })
		expect(page.status).toBe(200)
		const html = await page.text()
		expect(html).toContain('<html lang="en">')
		expect(html).toMatch(
			/<label for="username">Email address<\/label>\s*<input id="username" name="username" type="email" autocomplete="username" required/,
		)
		expect(html).toMatch(
			/<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/,
		)
		expect(html).toContain('<button type="submit">Sign in</button>')
		expect(html).toContain('<form method="post" action="login">')
		expect(html).not.toContain('<script')
	})

	it('shows the error in the page and keeps the email when the password is wrong', async () => {
		const customer = demoUser('customer')
		const { posted } = await browserSignIn(customer.email, 'Wrong-password1')
		expect(posted.status).toBe(400)
		expect(posted.headers.get('Set-Cookie')).toBeNull()
		const html = await posted.text()
		expect(html).toContain('<p class="error" role="alert" id="login-error">Incorrect username or password.</p>')
		expect(html).toContain(`value="${customer.email}" aria-invalid="true" aria-describedby="login-error"`)
	})

	it('refuses a sign-in request for an unknown client instead of showing the form', async () => {
		const page = await fetch(
			`${emu.url}/sso/oauth2/login?client_id=nobody&state=s&code_challenge=${'a'.repeat(43)}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`,
		)
		expect(page.status).toBe(400)
		expect(await page.text()).toContain('Failed: Invalid client ID')
	})
})

describe('the authorization-code flow with PKCE', () => {
	it('signs in through the page, redirects back with code and state, and exchanges the code once', async () => {
		const customer = demoUser('customer')
		const { request, posted, setCookie } = await browserSignIn(customer.email, DEMO_ACCOUNTS.customer.password)
		expect(posted.status).toBe(302)
		expect(setCookie).toMatch(
			/^sso_session=[\w-]+; Max-Age=28800; Path=\/_emulator\/sso; Expires=.+; HttpOnly; SameSite=Lax$/,
		)
		const code = codeFrom(posted.headers.get('Location')!, request)

		const credentials = await sso.exchangeCode({ clientId: PORTAL, code, codeVerifier: request.codeVerifier })
		expect(credentials).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600 })
		const ctx = emu.emulator.context()
		const idToken = await ctx.tokens.verify(credentials.idToken, 'id')
		expect(idToken).toMatchObject({ sub: customer.id, email: customer.email, email_verified: true })
		expect((await ctx.tokens.verify(credentials.accessToken, 'access')).sub).toBe(customer.id)
		await expect(
			ctx.tokens.refresh(credentials.refreshToken, () => tokenSubject(customer), PORTAL),
		).resolves.toMatchObject({ refreshToken: credentials.refreshToken })

		// Reuse: refused, and what the first exchange issued is revoked (RFC 6749 §4.1.2).
		const reuse = await failure(sso.exchangeCode({ clientId: PORTAL, code, codeVerifier: request.codeVerifier }))
		expect(reuse).toMatchObject({ status: 400, message: 'Session is invalid' })
		expect(reuse.body).toMatchObject({ error: 'invalid_grant' })
		await expect(ctx.tokens.refresh(credentials.refreshToken, () => tokenSubject(customer))).rejects.toThrow(
			'Refresh Token has been revoked',
		)
	})

	it('answers "Session is invalid" for a verifier that does not match the challenge, and the code is spent', async () => {
		const customer = demoUser('customer')
		const request = newRequest()
		const { redirectUrl } = await sso.login({
			username: customer.email,
			password: DEMO_ACCOUNTS.customer.password,
			...request,
		})
		const code = codeFrom(redirectUrl!, request)
		const mismatch = await failure(
			sso.exchangeCode({ clientId: PORTAL, code, codeVerifier: sso.createPkcePair().codeVerifier }),
		)
		expect(mismatch).toMatchObject({ status: 400, message: 'Session is invalid' })
		const retry = await failure(sso.exchangeCode({ clientId: PORTAL, code, codeVerifier: request.codeVerifier }))
		expect(retry.message).toBe('Session is invalid')
	})

	it('binds the code to its client', async () => {
		const customer = demoUser('customer')
		const request = newRequest()
		const { redirectUrl } = await sso.login({
			username: customer.email,
			password: DEMO_ACCOUNTS.customer.password,
			...request,
		})
		const code = codeFrom(redirectUrl!, request)
		const other = await failure(
			sso.exchangeCode({ clientId: 'cloud-manager', code, codeVerifier: request.codeVerifier }),
		)
		expect(other.message).toBe('Session is invalid')
		const unknown = await failure(
			sso.exchangeCode({ clientId: 'nobody', code: 'x', codeVerifier: request.codeVerifier }),
		)
		expect(unknown.message).toBe('Failed: Invalid client ID')
	})

	it('lets a code expire after 5 minutes', async () => {
		const customer = demoUser('customer')
		const request = newRequest()
		const { redirectUrl } = await sso.login({
			username: customer.email,
			password: DEMO_ACCOUNTS.customer.password,
			...request,
		})
		const code = codeFrom(redirectUrl!, request)
		await emu.advanceClock(5 * 60 * 1000 + 1000)
		const expired = await failure(sso.exchangeCode({ clientId: PORTAL, code, codeVerifier: request.codeVerifier }))
		expect(expired.message).toBe('Session is invalid')
	})

	it('serves a standard OAuth 2 client too: form body, code_verifier, snake_case answer', async () => {
		const customer = demoUser('customer')
		const request = newRequest()
		const { redirectUrl } = await sso.login({
			username: customer.email,
			password: DEMO_ACCOUNTS.customer.password,
			...request,
		})
		const response = await fetch(`${emu.url}/sso/oauth2/token`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({
				grant_type: 'authorization_code',
				code: codeFrom(redirectUrl!, request),
				redirect_uri: REDIRECT_URI,
				code_verifier: request.codeVerifier,
				client_id: PORTAL,
			}),
		})
		expect(response.status).toBe(200)
		expect(response.headers.get('Cache-Control')).toBe('no-store')
		const body = (await response.json()) as Record<string, unknown>
		expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 })
		expect(body.access_token).toBe(body.accessToken)
		expect(body.id_token).toBe(body.idToken)
	})

	it('gives a browser with a live session a code straight away, without the password', async () => {
		const customer = demoUser('customer')
		const { setCookie } = await browserSignIn(customer.email, DEMO_ACCOUNTS.customer.password)
		const cookie = cookieOf(setCookie)
		const request = newRequest()
		const navigated = await fetch(sso.authorizeUrl(request), {
			headers: { Accept: 'text/html', Cookie: cookie },
			redirect: 'manual',
		})
		expect(navigated.status).toBe(302)
		const code = codeFrom(navigated.headers.get('Location')!, request)
		const credentials = await sso.exchangeCode({ clientId: PORTAL, code, codeVerifier: request.codeVerifier })
		expect((await emu.emulator.context().tokens.verify(credentials.idToken, 'id')).sub).toBe(customer.id)

		const json = newRequest()
		const answer = await fetch(sso.authorizeUrl(json), { headers: { Accept: 'application/json', Cookie: cookie } })
		codeFrom(((await answer.json()) as { redirectUrl: string }).redirectUrl, json)
		// The sign-in page itself also passes a signed-in browser through.
		const { redirectUrl } = await sso.authorize(newRequest())
		const page = await fetch(redirectUrl, { headers: { Cookie: cookie }, redirect: 'manual' })
		expect(page.status).toBe(302)
	})
})

describe('login', () => {
	it('answers the redirect with a code for an authorization request, and null without one', async () => {
		const customer = demoUser('customer')
		const request = newRequest()
		const { redirectUrl } = await sso.login({
			username: customer.email,
			password: DEMO_ACCOUNTS.customer.password,
			...request,
		})
		expect(codeFrom(redirectUrl!, request)).toMatch(/^[\w-]{43}$/)
		expect(await sso.login({ username: customer.email, password: DEMO_ACCOUNTS.customer.password })).toEqual({
			redirectUrl: null,
		})
	})

	it('refuses a wrong password, an unconfirmed account and, after five failures, everything', async () => {
		const customer = demoUser('customer')
		const wrong = await failure(sso.login({ username: customer.email, password: 'Nope12345' }))
		expect(wrong).toMatchObject({
			status: 400,
			code: 'NotAuthorizedException',
			message: 'Incorrect username or password.',
		})

		const pending = demoUser('unactivated', 'unactivated')
		const unconfirmed = await failure(
			sso.login({ username: pending.email, password: DEMO_ACCOUNTS.unactivated.password }),
		)
		expect(unconfirmed).toMatchObject({ code: 'UserNotConfirmedException', message: 'User is not confirmed.' })

		const staff = demoUser('staff')
		for (let i = 0; i < 5; i++) await failure(sso.login({ username: staff.email, password: `Wrong${i}pass` }))
		const limited = await failure(sso.login({ username: staff.email, password: DEMO_ACCOUNTS.staff.password }))
		expect(limited).toMatchObject({
			code: 'LimitExceededException',
			message: 'Attempt limit exceeded, please try after some time.',
		})
	})
})

/**
 * Signs in through the browser flow and exchanges the code: a browser session (cookie) and one
 * client's credentials.
 */
async function signedIn(clientId = PORTAL, cookie?: string) {
	const customer = demoUser('customer')
	const redirectUri = clientId === PORTAL ? REDIRECT_URI : 'http://127.0.0.1:53682/callback'
	const request = newRequest(clientId, redirectUri)
	let location: string
	let session = cookie
	if (cookie) {
		const navigated = await fetch(sso.authorizeUrl(request), {
			headers: { Accept: 'text/html', Cookie: cookie },
			redirect: 'manual',
		})
		location = navigated.headers.get('Location')!
	} else {
		const { posted, setCookie } = await browserSignIn(customer.email, DEMO_ACCOUNTS.customer.password, request)
		location = posted.headers.get('Location')!
		session = cookieOf(setCookie)
	}
	const code = new URL(location).searchParams.get('code')!
	const credentials = await sso.exchangeCode({ clientId, code, codeVerifier: request.codeVerifier })
	return { customer, cookie: session!, credentials }
}

async function codeFor(cookie: string) {
	const navigated = await fetch(sso.authorizeUrl(newRequest()), {
		headers: { Accept: 'text/html', Cookie: cookie },
		redirect: 'manual',
	})
	return new URL(navigated.headers.get('Location')!, navigated.url)
}

describe('signing out', () => {
	it('logoutClient revokes that client in this session and leaves the session and the other client signed in', async () => {
		const portal = await signedIn()
		const manager = await signedIn('cloud-manager', portal.cookie)
		const ctx = emu.emulator.context()
		const lookup = () => tokenSubject(portal.customer)

		const result = await sso.logoutClient(PORTAL, { refreshToken: portal.credentials.refreshToken })
		expect(result).toEqual({ signedOut: true, endedSessions: 0, revokedTokens: 1 })
		await expect(ctx.tokens.refresh(portal.credentials.refreshToken, lookup)).rejects.toThrow(
			'Refresh Token has been revoked',
		)
		await expect(ctx.tokens.refresh(manager.credentials.refreshToken, lookup)).resolves.toBeTruthy()
		expect((await codeFor(portal.cookie)).searchParams.get('code')).toBeTruthy()

		const wrongClient = await failure(
			sso.logoutClient('cloud-manager', { refreshToken: portal.credentials.refreshToken }),
		)
		expect(wrongClient).toMatchObject({ status: 400, message: 'Invalid Refresh Token' })
		const unknownClient = await failure(sso.logoutClient('nobody', { refreshToken: portal.credentials.refreshToken }))
		expect(unknownClient.message).toBe('Failed: Invalid client ID')
	})

	it('logout ends the browser session the refresh token came from, for every client', async () => {
		const portal = await signedIn()
		const manager = await signedIn('cloud-manager', portal.cookie)
		const result = await sso.logout({ refreshToken: portal.credentials.refreshToken })
		expect(result).toEqual({ signedOut: true, endedSessions: 1, revokedTokens: 2 })
		const lookup = () => tokenSubject(portal.customer)
		await expect(emu.emulator.context().tokens.refresh(manager.credentials.refreshToken, lookup)).rejects.toThrow(
			'has been revoked',
		)
		// The cookie no longer counts: the browser is asked for its password again.
		expect((await codeFor(portal.cookie)).pathname).toBe('/_emulator/sso/oauth2/login')

		const unknown = await failure(sso.logout({ refreshToken: 'not-a-refresh-token' }))
		expect(unknown).toMatchObject({ status: 400, message: 'Invalid Refresh Token' })
	})

	it('a browser signs out with its cookie alone, and the cookie is cleared', async () => {
		const portal = await signedIn()
		const response = await fetch(`${emu.url}/sso/oauth2/logout`, {
			method: 'POST',
			headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded', Cookie: portal.cookie },
			body: '',
		})
		expect(response.status).toBe(200)
		expect(await response.text()).toContain('<h1>Signed out</h1>')
		expect(response.headers.get('Set-Cookie')).toMatch(/^sso_session=; Path=\/_emulator\/sso; Expires=Thu, 01 Jan 1970/)
		expect((await codeFor(portal.cookie)).pathname).toBe('/_emulator/sso/oauth2/login')
		const nothing = await fetch(`${emu.url}/sso/oauth2/logout`, { method: 'POST' })
		expect(nothing.status).toBe(400)
	})

	it('signoutClients ends every session of the user but leaves account API sign-ins alone', async () => {
		const first = await signedIn()
		const second = await signedIn()
		const ctx = emu.emulator.context()
		const lookup = () => tokenSubject(first.customer)
		const direct = await ctx.tokens.issue(tokenSubject(first.customer))

		const result = await sso.signoutClients({ accessToken: second.credentials.accessToken })
		expect(result.endedSessions).toBeGreaterThanOrEqual(2)
		expect(result.revokedTokens).toBeGreaterThanOrEqual(2)
		await expect(ctx.tokens.refresh(first.credentials.refreshToken, lookup)).rejects.toThrow('has been revoked')
		await expect(ctx.tokens.refresh(direct.refreshToken, lookup)).resolves.toBeTruthy()
		expect((await codeFor(first.cookie)).pathname).toBe('/_emulator/sso/oauth2/login')

		const anonymous = await failure(sso.signoutClients({ accessToken: 'not-a-token' }))
		expect(anonymous).toMatchObject({ status: 401, message: 'Invalid token' })
	})

	it('globalSignOut revokes every refresh token of the user, account API sign-ins included', async () => {
		const portal = await signedIn()
		const ctx = emu.emulator.context()
		const lookup = () => tokenSubject(portal.customer)
		const direct = await ctx.tokens.issue(tokenSubject(portal.customer))

		const result = await sso.globalSignOut({ accessToken: portal.credentials.accessToken })
		expect(result.endedSessions).toBe(1)
		expect(result.revokedTokens).toBeGreaterThanOrEqual(2)
		await expect(ctx.tokens.refresh(direct.refreshToken, lookup)).rejects.toThrow('Refresh Token has been revoked')
		await expect(ctx.tokens.refresh(portal.credentials.refreshToken, lookup)).rejects.toThrow(
			'Refresh Token has been revoked',
		)

		await emu.advanceClock(3601 * 1000)
		const expired = await failure(sso.globalSignOut({ accessToken: portal.credentials.accessToken }))
		expect(expired).toMatchObject({ status: 401, code: 'TokenExpired', message: 'Access Token has expired' })
	})
})
