import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
	HELP_CENTRE_UPLOAD_MAX_BYTES,
	HelpCentreTicketListSchema,
	type HelpCentreTicketRequest,
} from '#app/upstream/contract/help-centre.ts'
import { SOCIAL_ACCOUNTS } from '#server/emulator/account/help-centre/social-seed.ts'
import { insertUser, tokenSubject } from '#server/emulator/account/users.ts'
import { failure, startEmulator, type RunningEmulator } from './emulator.ts'

let emu: RunningEmulator
let helpCentre: typeof import('#app/upstream/help-centre.server.ts')
let upstreamRequest: typeof import('#app/upstream/http.server.ts').upstreamRequest

beforeAll(async () => {
	emu = await startEmulator()
	helpCentre = await import('#app/upstream/help-centre.server.ts')
	;({ upstreamRequest } = await import('#app/upstream/http.server.ts'))
})
afterAll(() => emu.stop())

async function newUser() {
	const ctx = emu.emulator.context()
	const user = insertUser(ctx, {
		email: `help-${randomUUID()}@example.com`,
		password: 'Secret1234',
		status: 'active',
		profile: { firstName: 'Robin', lastName: 'Helper', country: 'GB', cultureCode: 'en-GB' },
	})
	return { user, ...(await ctx.tokens.issue(tokenSubject(user))) }
}

/** The emulator's admin read of stored tickets. */
async function ticketsOf(email: string) {
	const response = await fetch(`${emu.url}/account/zendesk/_tickets?email=${encodeURIComponent(email)}`)
	return HelpCentreTicketListSchema.parse(await response.json())
}

const ticket = (email?: string): HelpCentreTicketRequest => ({
	ticket: {
		subject: 'Roland Service Request',
		comment: { body: 'Product Information\nFP-30X, serial A1B2345\n\nQuestion:\nA key sticks.' },
		type: 'service_request',
		tags: ['main_service_request', '  Service Request ', 'RJM Service'],
		customFields: { productName: 'FP-30X', requestType: 'service_request', countryName: 'United Kingdom' },
	},
	request: email ? { requester: { name: 'Visiting Person', email }, cultureCode: 'en-GB' } : {},
	brand: 'main',
})

describe('support requests', () => {
	it("stores a visitor's ticket with its custom fields and normalised tags", async () => {
		const email = `visitor-${randomUUID()}@example.com`
		const created = await helpCentre.createHelpCentreRequest(ticket(email))
		expect(created).toMatchObject({ status: 'new' })
		const [stored, ...rest] = await ticketsOf(email)
		expect(rest).toEqual([])
		expect(stored).toMatchObject({
			id: created.id,
			brand: 'main',
			subject: 'Roland Service Request',
			type: 'service_request',
			tags: ['main_service_request', 'service_request', 'rjm_service'],
			customFields: { productName: 'FP-30X', requestType: 'service_request', countryName: 'United Kingdom' },
			requester: { name: 'Visiting Person', email },
			userId: null,
			cultureCode: 'en-GB',
		})
		expect(stored!.commentBody).toContain('A key sticks.')

		// The admin reads: the requester's tickets in any case, newest first, and a page of them.
		await helpCentre.createHelpCentreRequest({ ...ticket(email), brand: 'effects' })
		const admin = await fetch(`${emu.url}/tickets.json?requester=${encodeURIComponent(email.toUpperCase())}`)
		const listed = HelpCentreTicketListSchema.parse(await admin.json())
		expect(listed.map((t) => t.brand)).toEqual(['effects', 'main'])
		const recent = HelpCentreTicketListSchema.parse(await (await fetch(`${emu.url}/tickets.json`)).json())
		expect(recent.slice(0, 2).map((t) => t.id)).toEqual(listed.map((t) => t.id))
		const page = await (await fetch(`${emu.url}/tickets?requester=${encodeURIComponent(email)}`)).text()
		expect(page).toContain(`#${created.id} Roland Service Request`)
		expect(page).toContain('<code>rjm_service</code>')
	})

	it("makes a signed-in user's ticket theirs", async () => {
		const { user, accessToken } = await newUser()
		await helpCentre.createHelpCentreRequest(ticket(), { accessToken })
		expect(await ticketsOf(user.email)).toMatchObject([
			{ userId: user.id, requester: { name: 'Robin Helper', email: user.email } },
		])
	})

	it('refuses a visitor without a requester, a bad token and a bad ticket', async () => {
		expect(await failure(helpCentre.createHelpCentreRequest(ticket()))).toMatchObject({
			status: 400,
			message: 'Invalid parameters.',
		})
		expect(await failure(helpCentre.createHelpCentreRequest(ticket(), { accessToken: 'not-a-token' }))).toMatchObject({
			status: 401,
		})
		const noSubject = ticket('someone@example.com')
		noSubject.ticket.subject = '  '
		expect(await failure(helpCentre.createHelpCentreRequest(noSubject))).toMatchObject({ status: 400 })
	})

	it('stores a retried ticket once under its idempotency key', async () => {
		const email = `retry-${randomUUID()}@example.com`
		const idempotencyKey = randomUUID()
		const first = await helpCentre.createHelpCentreRequest(ticket(email), { idempotencyKey })
		const again = await helpCentre.createHelpCentreRequest(ticket(email), { idempotencyKey })
		expect(again).toEqual(first)
		expect(await ticketsOf(email)).toHaveLength(1)
		// Without a key, a second send is a second ticket.
		await helpCentre.createHelpCentreRequest(ticket(email))
		expect(await ticketsOf(email)).toHaveLength(2)

		const changed = ticket(email)
		changed.ticket.subject = 'Something else'
		expect(await failure(helpCentre.createHelpCentreRequest(changed, { idempotencyKey }))).toMatchObject({
			status: 422,
			code: 'IdempotencyKeyReused',
		})
		expect(await ticketsOf(email)).toHaveLength(2)
	})
})

describe('files sent with a ticket', () => {
	const file = (size: number, fill = 7) => ({
		filename: 'damage.png',
		contentType: 'image/png',
		bytes: new Uint8Array(size).fill(fill),
	})

	it('lists the uploaded files on the ticket, whole (size and SHA-256)', async () => {
		const email = `files-${randomUUID()}@example.com`
		const photo = await helpCentre.uploadHelpCentreFile(file(300_000))
		const receipt = await helpCentre.uploadHelpCentreFile({
			filename: 'receipt.pdf',
			contentType: 'application/pdf',
			bytes: new TextEncoder().encode('%PDF-1.7 receipt'),
		})
		expect(photo).toMatchObject({ filename: 'damage.png', contentType: 'image/png', size: 300_000 })
		// One that no ticket names is harmless.
		await helpCentre.uploadHelpCentreFile(file(10))
		const withFiles = ticket(email)
		withFiles.ticket.comment.uploads = [photo.token, receipt.token]
		await helpCentre.createHelpCentreRequest(withFiles)
		const [stored] = await ticketsOf(email)
		expect(stored!.attachments).toEqual([
			{
				filename: 'damage.png',
				contentType: 'image/png',
				size: 300_000,
				sha256: createHash('sha256').update(new Uint8Array(300_000).fill(7)).digest('hex'),
			},
			{
				filename: 'receipt.pdf',
				contentType: 'application/pdf',
				size: 16,
				sha256: createHash('sha256').update('%PDF-1.7 receipt').digest('hex'),
			},
		])
		const page = await (await fetch(`${emu.url}/tickets?requester=${encodeURIComponent(email)}`)).text()
		expect(page).toContain('receipt.pdf (application/pdf, 16 bytes')
	})

	it('takes 10 MB and refuses a byte more, an unknown token and a visitor without the security token', async () => {
		expect(await helpCentre.uploadHelpCentreFile(file(HELP_CENTRE_UPLOAD_MAX_BYTES))).toMatchObject({
			size: HELP_CENTRE_UPLOAD_MAX_BYTES,
		})
		expect(await failure(helpCentre.uploadHelpCentreFile(file(HELP_CENTRE_UPLOAD_MAX_BYTES + 1)))).toMatchObject({
			status: 413,
		})
		const unknown = ticket(`unknown-${randomUUID()}@example.com`)
		unknown.ticket.comment.uploads = ['no-such-upload']
		expect(await failure(helpCentre.createHelpCentreRequest(unknown))).toMatchObject({ status: 400 })

		const bare = await fetch(`${emu.url}/account/zendesk/request/`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(ticket('bare@example.com')),
		})
		expect(bare.status).toBe(403)
		const bareUpload = await fetch(`${emu.url}/account/zendesk/uploads?filename=a.png`, {
			method: 'POST',
			headers: { 'Content-Type': 'image/png' },
			body: new Uint8Array(4),
		})
		expect(bareUpload.status).toBe(403)
	})
})

describe('help articles', () => {
	it('finds articles by words, by labels and by both', async () => {
		const trial = await helpCentre.searchArticles({ query: 'Free Trial' })
		expect(trial.articles[0]!.title).toBe('How do I start my free trial?')
		expect(trial.articles.every((a) => `${a.title} ${a.body}`.toLowerCase().includes('trial'))).toBe(true)

		const billing = await helpCentre.searchArticles({ labelNames: ['billing'] })
		expect(billing.count).toBeGreaterThanOrEqual(3)
		expect(billing.articles.every((a) => a.labelNames.includes('billing'))).toBe(true)

		const either = await helpCentre.searchArticles({ labelNames: ['firmware', 'password'] })
		expect(either.articles.map((a) => a.title).sort()).toEqual([
			'I forgot my password',
			'Updating the firmware of your V-Drums module',
		])

		const both = await helpCentre.searchArticles({ query: 'serial', labelNames: ['product_registration'] })
		expect(both.count).toBeGreaterThanOrEqual(2)
		expect(both.articles.every((a) => a.labelNames.includes('product_registration'))).toBe(true)

		expect(await helpCentre.searchArticles({ query: 'theremin' })).toMatchObject({
			articles: [],
			count: 0,
			nextPage: null,
		})
	})

	it('pages the results', async () => {
		const first = await helpCentre.searchArticles({ perPage: 5 })
		expect(first).toMatchObject({ page: 1, perPage: 5, nextPage: 2 })
		expect(first.count).toBeGreaterThanOrEqual(15)
		const second = await helpCentre.searchArticles({ perPage: 5, page: 2 })
		expect(second.articles.map((a) => a.id)).not.toContain(first.articles[0]!.id)
		expect(await failure(helpCentre.searchArticles({ perPage: 0 }))).toMatchObject({ status: 400 })
	})

	it('reads an article by id, and refuses an unknown or missing id', async () => {
		const [found] = (await helpCentre.searchArticles({ query: 'spare parts' })).articles
		const article = await helpCentre.getArticle(found!.id)
		expect(article).toMatchObject({ id: found!.id, title: 'Ordering spare parts' })
		const page = await fetch(article.htmlUrl)
		expect(page.status).toBe(200)
		expect(await page.text()).toContain('Ordering spare parts')

		expect(await failure(helpCentre.getArticle('999'))).toMatchObject({ status: 404, message: 'Article not found.' })
		await expect(helpCentre.getArticle(' ')).rejects.toThrow('Failed: id is required')
	})
})

describe('social feeds', () => {
	it('pages the Facebook-type feed 8 posts at a time, newest first', async () => {
		const { accessToken } = await newUser()
		const pages = []
		let after: string | undefined
		do {
			const page = await helpCentre.getSocialFeed(accessToken, SOCIAL_ACCOUNTS.page.id, { after })
			pages.push(page)
			after = page.paging.next ?? undefined
		} while (after)
		expect(pages.map((p) => p.data.length)).toEqual([8, 8, 8, 6])
		const posts = pages.flatMap((p) => p.data)
		expect(new Set(posts.map((p) => p.id)).size).toBe(30)
		const times = posts.map((p) => p.created_time!)
		expect([...times].sort().reverse()).toEqual(times)
		expect(pages[0]).toMatchObject({ kind: 'page', name: 'Roland' })
		expect(posts[0]).toMatchObject({ message: expect.any(String), permalink_url: expect.any(String) })
		const picture = await fetch(posts[0]!.full_picture!)
		expect(picture.headers.get('content-type')).toContain('image/svg+xml')
	})

	it('pages the photo feed 12 media at a time, with only the fields asked for', async () => {
		const { accessToken } = await newUser()
		const first = await helpCentre.getSocialFeed(accessToken, SOCIAL_ACCOUNTS.photo.id, {
			fields: ['caption', 'media_url'],
		})
		expect(first).toMatchObject({ kind: 'photo', username: 'roland_global' })
		expect(first.data).toHaveLength(12)
		expect(Object.keys(first.data[0]!).sort()).toEqual(['caption', 'id', 'media_url'])
		const second = await helpCentre.getSocialFeed(accessToken, SOCIAL_ACCOUNTS.photo.id, { after: first.paging.next! })
		const third = await helpCentre.getSocialFeed(accessToken, SOCIAL_ACCOUNTS.photo.id, { after: second.paging.next! })
		expect([second.data.length, third.data.length, third.paging.next]).toEqual([12, 6, null])
	})

	it('refuses a bad next-page token, a missing one, an unknown feed and an unknown field', async () => {
		const { accessToken } = await newUser()
		expect(
			await failure(helpCentre.getSocialFeed(accessToken, SOCIAL_ACCOUNTS.page.id, { after: 'bogus' })),
		).toMatchObject({
			status: 404,
			message: 'not found for next-page token of facebook',
		})
		const photoToken = (await helpCentre.getSocialFeed(accessToken, SOCIAL_ACCOUNTS.photo.id)).paging.next!
		expect(
			await failure(helpCentre.getSocialFeed(accessToken, SOCIAL_ACCOUNTS.page.id, { after: photoToken })),
		).toMatchObject({ status: 404 })
		await expect(helpCentre.getSocialFeed(accessToken, SOCIAL_ACCOUNTS.page.id, { after: '' })).rejects.toThrow(
			'next-page token is required',
		)
		expect(await failure(helpCentre.getSocialFeed(accessToken, '123'))).toMatchObject({ status: 404 })
		expect(
			await failure(helpCentre.getSocialFeed(accessToken, SOCIAL_ACCOUNTS.page.id, { fields: ['password'] })),
		).toMatchObject({ status: 400 })
		expect(await failure(helpCentre.getSocialFeed('not-a-token', SOCIAL_ACCOUNTS.page.id))).toMatchObject({
			status: 401,
		})
	})
})

// Last: these move the emulator's clock.
describe('help-centre single sign-on', () => {
	it('sends a signed-in user to the help centre with a single-use token', async () => {
		const { user, idToken } = await newUser()
		const returnTo = 'https://help.example/hc/en-us/requests'
		const { redirectUrl } = await helpCentre.helpCentreSso({ idToken, returnTo })
		const url = new URL(redirectUrl)
		expect(`${url.origin}${url.pathname}`).toBe(`${emu.url}/account/zendesk/hc/access/jwt`)
		expect(url.searchParams.get('return_to')).toBe(returnTo)

		const landing = await fetch(redirectUrl)
		expect(landing.status).toBe(200)
		expect(await landing.text()).toContain(`Signed in to the help centre as Robin Helper (${user.email})`)
		expect((await fetch(redirectUrl)).status).toBe(401)
	})

	it('refuses a missing, wrong or expired id token, and an expired help-centre token', async () => {
		const { idToken, accessToken } = await newUser()
		await expect(helpCentre.helpCentreSso({ idToken: '' })).rejects.toThrow('Failed: idToken is required')
		const missing = await failure(
			upstreamRequest('account', {
				method: 'POST',
				path: 'zendesk/sso',
				body: { returnTo: 'https://help.example/' },
				schema: z.unknown(),
			}),
		)
		expect(missing).toMatchObject({ status: 400, message: 'Failed: idToken is required' })
		expect(await failure(helpCentre.helpCentreSso({ idToken: accessToken }))).toMatchObject({ status: 401 })

		const { redirectUrl } = await helpCentre.helpCentreSso({ idToken })
		await emu.advanceClock(4 * 60 * 1000)
		expect((await fetch(redirectUrl)).status).toBe(401)

		await emu.advanceClock(2 * 3600 * 1000)
		expect(await failure(helpCentre.helpCentreSso({ idToken }))).toMatchObject({ status: 401, code: 'TokenExpired' })
	})
})
