import { describe, expect, it } from 'vitest'
import { account, reply } from '#tests/mocks/handlers.ts'
import { describeNormalisation, failure } from '#tests/mocks/normalisation.ts'
import { HELP_CENTRE_MESSAGES, SOCIAL_PAGE_TOKEN_ERROR } from './contract/help-centre.ts'
import { userMessageKey } from './errors.ts'
import {
	createHelpCentreRequest,
	getArticle,
	getSocialFeed,
	helpCentreSso,
	searchArticles,
	uploadHelpCentreFile,
} from './help-centre.server.ts'
import { SECURITY_TOKEN_HEADER } from './contract/security-token.ts'

const ticket = {
	ticket: { subject: 'Pad', comment: { body: 'The snare pad is silent.' }, type: 'question' },
	brand: 'dw',
}

describeNormalisation('createHelpCentreRequest (POST zendesk/request/)', {
	upstream: 'account',
	method: 'post',
	path: 'zendesk/request/',
	call: (signal) => createHelpCentreRequest(ticket, { accessToken: 'access-token', idempotencyKey: 'key-1', signal }),
	wrongShape: { id: 't1', status: 'solved', createdAt: '2026-11-23T10:00:00.000Z' },
	received: (request) => {
		expect(request.headers.get('authorization')).toBe('access-token')
		expect(request.headers.get('idempotency-key')).toBe('key-1')
		expect(request.json).toEqual(ticket)
	},
})

describeNormalisation('searchArticles (GET zendesk/articles)', {
	upstream: 'account',
	method: 'get',
	path: 'zendesk/articles',
	call: (signal) => searchArticles({ query: ' snare pad ', labelNames: ['td-17', 'pads'] }, signal),
	received: (request) => {
		expect(request.url.searchParams.get('query')).toBe('snare pad')
		expect(request.url.searchParams.get('label_names')).toBe('td-17,pads')
	},
})

describeNormalisation('helpCentreSso (POST zendesk/sso)', {
	upstream: 'account',
	method: 'post',
	path: 'zendesk/sso',
	call: (signal) => helpCentreSso({ idToken: 'id-token', returnTo: 'https://help.example/hc' }, signal),
	wrongShape: { redirectUrl: 'nowhere' },
	received: (request) => expect(request.json).toEqual({ idToken: 'id-token', returnTo: 'https://help.example/hc' }),
})

describe('help-centre calls: their own handling of failures', () => {
	it('sends a visitor ticket without an Authorization header', async () => {
		const hit = account.post('zendesk/request/', reply.json({ message: 'Exception error occurred.' }, 500))
		const error = await failure(createHelpCentreRequest(ticket))
		expect(error).toMatchObject({ status: 500, message: 'Exception error occurred.' })
		expect(hit.last.headers.has('authorization')).toBe(false)
		expect(hit.last.headers.has('idempotency-key')).toBe(false)
		// A visitor's call carries the signed security token instead (spec 2 §6).
		expect(hit.last.headers.get(SECURITY_TOKEN_HEADER)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
	})

	it('uploads a file as its bytes with its type and name', async () => {
		const hit = account.post(
			'zendesk/uploads',
			reply.json({ token: 'upload-1', filename: 'receipt.pdf', contentType: 'application/pdf', size: 4 }, 201),
		)
		const bytes = new TextEncoder().encode('%PDF')
		const upload = await uploadHelpCentreFile(
			{ filename: 'receipt.pdf', contentType: 'application/pdf', bytes },
			{ accessToken: 'access-token' },
		)
		expect(upload.token).toBe('upload-1')
		expect(hit.last.url.searchParams.get('filename')).toBe('receipt.pdf')
		expect(hit.last.headers.get('content-type')).toBe('application/pdf')
		expect(hit.last.headers.get('authorization')).toBe('access-token')
	})

	it('reports an expired id token at the help-centre sign-on as a token expiry', async () => {
		account.post('zendesk/sso', reply.json({ message: 'Token has expired.', code: 'TokenExpired' }, 401))
		const error = await failure(helpCentreSso({ idToken: 'old' }))
		expect(error).toMatchObject({ code: 'TokenExpired' })
		expect(userMessageKey(error)).toBe('toast.tokenExpired')
	})

	it('refuses a missing id token or article id before any request (spec 2 §5)', async () => {
		await expect(helpCentreSso({ idToken: '' })).rejects.toThrow(HELP_CENTRE_MESSAGES.idTokenRequired)
		await expect(getArticle('  ')).rejects.toThrow(HELP_CENTRE_MESSAGES.articleIdRequired)
		await expect(getSocialFeed('access-token', 'page-1', { after: '' })).rejects.toThrow(
			HELP_CENTRE_MESSAGES.nextPageTokenRequired,
		)
	})

	it("keeps 'Article not found.'", async () => {
		account.get('zendesk/articles/42', reply.json({ message: HELP_CENTRE_MESSAGES.articleNotFound }, 404))
		expect(await failure(getArticle(' 42 '))).toMatchObject({ status: 404, message: 'Article not found.' })
	})

	it('keeps the social proxy\'s "not found for next-page token" text', async () => {
		const hit = account.get('graphApi/page-1', reply.json({ message: SOCIAL_PAGE_TOKEN_ERROR.page }, 404))
		const error = await failure(getSocialFeed('access-token', 'page-1', { after: 'stale', fields: ['message'] }))
		expect(error.message).toBe('not found for next-page token of facebook')
		expect(hit.last.url.searchParams.get('after')).toBe('stale')
		expect(hit.last.url.searchParams.get('fields')).toBe('message')
		expect(hit.last.headers.get('authorization')).toBe('access-token')
	})
})
