/**
 * The honeypot of the public forms: people never see it (with or without the page's CSS), and a
 * post that fills it is turned away quietly, with nothing sent upstream.
 */
import { mailTo, uniqueEmail, visitorAddress } from './account.ts'
import { expect, test } from './fixtures.ts'

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() } })

for (const path of ['/signup', '/reset-password']) {
	test(`${path}: the honeypot is out of sight and out of the accessibility tree, with or without CSS`, async ({
		page,
	}) => {
		for (const css of [true, false]) {
			// The stylesheet is in the page's head (ADR 0061): without CSS is the page without it.
			if (!css)
				await page.route(`**${path}`, async (route) => {
					const response = await route.fetch()
					const body = (await response.text()).replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '')
					await route.fulfill({ response, body })
				})
			await page.goto(path)
			await expect(page.locator('input[name="website"]')).toHaveCount(1)
			await expect(page.locator('input[name="website"]')).toBeHidden()
			await expect(page.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0)
			await expect(page.getByLabel('Email')).toBeVisible()
		}
	})
}

test('a sign-up that fills the honeypot is sent back to the empty form and no account is made', async ({
	request,
	javaScript,
}) => {
	test.skip(!javaScript, 'plain HTTP requests: run once')
	const email = uniqueEmail('bot')
	const account = {
		intent: 'create',
		email,
		firstName: 'Spam',
		lastName: 'Bot',
		password: 'Secret1234',
		passwordConfirm: 'Secret1234',
		cultureCode: 'en-US',
		country: 'US',
		agreeToTerms: 'on',
	}
	await request.post('/signup', { form: { intent: 'verify', email }, maxRedirects: 0 })

	const bot = await request.post('/signup', { form: { ...account, website: 'http://spam.example' }, maxRedirects: 0 })
	expect(bot.status()).toBe(303)
	expect(bot.headers()['location']).toBe('/signup')
	expect(await mailTo(request, email)).toEqual([])

	// The same form without the honeypot goes through: the refusal was the honeypot's.
	const person = await request.post('/signup', { form: account, maxRedirects: 0 })
	expect(person.status()).toBe(302)
	expect(await mailTo(request, email)).toHaveLength(1)
})

test('a password reset request that fills the honeypot sends no mail', async ({ request, javaScript }) => {
	test.skip(!javaScript, 'plain HTTP requests: run once')
	const email = 'owner@example.com'
	const before = (await mailTo(request, email)).length
	const bot = await request.post('/reset-password', {
		form: { intent: 'request', email, website: 'x' },
		maxRedirects: 0,
	})
	expect(bot.status()).toBe(303)
	expect(bot.headers()['location']).toBe('/reset-password')
	expect(await mailTo(request, email)).toHaveLength(before)
})
