import type { Page } from '@playwright/test'
import { DEMO, formPost, signInDirectly, uniqueEmail } from './account.ts'
import { ticketsFor } from './emulator.ts'
import { expect, expectAccessible, test } from './fixtures.ts'

/**
 * Contact us, the FAQ and the app support pages (spec 2 §2, §3, §5, §7): the RVS contact form sent
 * by a visitor and by a signed-in customer, what the help centre received (read through the
 * emulator), the empty form, the FAQ search with its pages and a sanitised article, and each app's
 * articles and form. Every journey runs with JavaScript on and off.
 */

const main = (page: Page) => page.getByRole('main')

async function fillContactUs(page: Page, values: { name?: string; email?: string; subject: string; details: string }) {
	if (values.name !== undefined) await page.getByLabel('Contact name').fill(values.name)
	if (values.email !== undefined) await page.getByLabel('Email').fill(values.email)
	await page.getByLabel('Subject').selectOption({ label: values.subject })
	await page.getByLabel('Details').fill(values.details)
}

test('a visitor sends Contact us: asked to sign in, sent all the same, the ticket as built; a reload sends nothing', async ({
	page,
	request,
	javaScript,
}) => {
	const email = uniqueEmail('contact')
	await page.goto('/contact-us?redirect=/settings')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us')
	const notice = page.getByRole('note')
	await expect(notice).toContainText('Please log in or create an account')
	// Both come back here, with the redirect query this page remembers.
	for (const [name, path] of [
		['Log in', '/login'],
		['Create an account', '/signup'],
	] as const) {
		const href = new URL((await notice.getByRole('link', { name }).getAttribute('href'))!, 'http://portal.invalid')
		expect(href.pathname).toBe(path)
		const target = new URL(href.searchParams.get('redirectTo')!, 'http://portal.invalid')
		expect(target.pathname).toBe('/contact-us')
		expect(target.searchParams.get('redirect')).toBe('/settings')
	}
	const subject = page.getByLabel('Subject')
	await expect(subject.locator('option').first()).toHaveText('Choose option')
	await expect(subject.locator('option')).toHaveText([
		'Choose option',
		'Billing issue',
		'New instrument request',
		'Found a bug',
		'Specific issue',
		'Other',
	])
	if (javaScript) await expectAccessible(page)

	await fillContactUs(page, {
		name: 'Robin Visitor',
		email,
		subject: 'Billing issue',
		details: 'I was charged twice in November.\nPlease check.',
	})
	await page.getByRole('button', { name: 'Send' }).click()
	const status = main(page).getByRole('status')
	await expect(status).toContainText('You have sent successfully.')
	await expect(status).toContainText(/Your reference: \S+/)
	await expect(main(page).getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/settings')
	if (javaScript) await expectAccessible(page)
	expect(new URL(page.url()).pathname).toBe('/contact-us')

	const [ticket, ...others] = await ticketsFor(request, email)
	expect(others).toHaveLength(0)
	expect(ticket).toMatchObject({
		brand: 'cloud',
		subject: 'Contact us: Billing issue',
		type: 'question',
		tags: ['contact_us', 'contact_us_billing_issue'],
		requester: { name: 'Robin Visitor', email },
		customFields: { requestType: 'billing_issue' },
		commentBody:
			'Contact name: Robin Visitor\nEmail: ' +
			email +
			'\nSubject: Billing issue\n\nDetails:\nI was charged twice in November.\nPlease check.',
	})

	await page.reload()
	await expect(main(page).getByRole('status')).toContainText('You have sent successfully.')
	expect(await ticketsFor(request, email)).toHaveLength(1)
})

test('a signed-in customer finds name and email filled in, with no notice, and sends', async ({ page, request }) => {
	await signInDirectly(page, DEMO.customer.email, DEMO.customer.password)
	await page.goto('/cloud/contact-us')
	// As the account writes it: given name, middle name (the seed's 'J.'), family name.
	await expect(page.getByLabel('Contact name')).toHaveValue('Alex J. Owner')
	await expect(page.getByLabel('Email')).toHaveValue(DEMO.customer.email)
	await expect(page.getByRole('note')).toHaveCount(0)
	const marker = `New kit please ${Date.now().toString(36)}`
	await fillContactUs(page, { subject: 'New instrument request', details: marker })
	await page.getByRole('button', { name: 'Send' }).click()
	await expect(main(page).getByRole('status')).toContainText('You have sent successfully.')
	const ticket = (await ticketsFor(request, DEMO.customer.email)).find((t) => t.commentBody.endsWith(marker))
	expect(ticket).toMatchObject({
		subject: 'Contact us: New instrument request',
		tags: ['contact_us', 'contact_us_new_instrument_request'],
		requester: { name: 'Alex J. Owner', email: DEMO.customer.email },
		customFields: { countryName: expect.any(String) },
	})
})

test('an incomplete Contact us form comes back (400) with every message and what was typed', async ({
	page,
	request,
	javaScript,
}) => {
	await page.goto('/cloud/contact-us')
	await page.getByLabel('Contact name').fill('Half Done')
	await page.getByLabel('Email').fill('not-an-email')
	const post = formPost(page, '/cloud/contact-us')
	await page.getByRole('button', { name: 'Send' }).click()
	expect((await post).status()).toBe(400)
	await expect(page.getByText('Email must be valid.')).toBeVisible()
	await expect(page.getByText('Subject is required')).toBeVisible()
	await expect(page.getByText('Please enter the details of your request.')).toBeVisible()
	await expect(page.getByLabel('Contact name')).toHaveValue('Half Done')
	await expect(page.getByLabel('Email')).toHaveValue('not-an-email')
	await expect(page.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true')
	if (javaScript) await expectAccessible(page)
	expect(await ticketsFor(request, 'not-an-email')).toHaveLength(0)
})

test('FAQ search: by label with pages, by words, and an article shown without its scripts', async ({
	page,
	javaScript,
}) => {
	await signInDirectly(page, DEMO.customer.email, DEMO.customer.password)
	await page.goto('/cloud/faq')
	await page.getByLabel('Topic').selectOption({ label: 'Cloud membership' })
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page).toHaveURL(/\/cloud\/faq\?q=&label=cloud$/)
	const results = page.getByRole('region', { name: 'Articles' })
	await expect(results.getByText('Articles found: 13')).toBeVisible()
	await expect(results.getByRole('listitem')).toHaveCount(8)
	await expect(results.getByText('Page 1 of 2')).toBeVisible()
	if (javaScript) await expectAccessible(page)
	await results.getByRole('link', { name: 'Next page' }).click()
	await expect(page).toHaveURL('/cloud/faq?label=cloud&page=2')
	await expect(results.getByRole('listitem')).toHaveCount(5)
	await expect(results.getByRole('link', { name: 'Next page' })).toHaveCount(0)
	await expect(results.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/cloud/faq?label=cloud')

	await page.getByLabel('Search for').fill('audio dropouts')
	await page.getByLabel('Topic').selectOption({ label: 'All topics' })
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(results.getByText('Articles found: 1')).toBeVisible()
	await results.getByRole('link', { name: 'Troubleshooting audio dropouts in Zentracker' }).click()
	await expect(page).toHaveURL('/cloud/faq/360001000021')
	const article = page.getByRole('article')
	await expect(article.getByRole('heading', { name: 'Troubleshooting audio dropouts in Zentracker' })).toBeVisible()
	await expect(article.getByText('Dropouts usually mean the computer cannot keep up.')).toBeVisible()

	// The help centre's markup arrives only as the allow-list lets it: no script, style, frame or handler.
	const body = article.locator('.faq-article-body')
	expect(await body.locator('script, style, iframe, [onclick], [onerror], [style]').count()).toBe(0)
	expect(await body.innerHTML()).not.toMatch(/javascript:|__article/)
	const scriptLink = body.locator('a', { hasText: 'Run the diagnostic' })
	await expect(scriptLink).toHaveCount(1)
	await expect(scriptLink).not.toHaveAttribute('href')
	await expect(body.getByRole('link', { name: 'Zentracker manual' })).toHaveAttribute('rel', 'noopener noreferrer')
	// Its picture is on a host the portal does not fetch pictures from: not shown (ADR 0033).
	await expect(body.getByRole('img', { name: 'The buffer size setting' })).toHaveCount(0)
	await expect(page).not.toHaveTitle('hacked')
	if (javaScript) {
		await article.getByText('Dropouts usually mean').click()
		const ran = await page.evaluate(() => {
			const w = window as unknown as Record<string, unknown>
			return [w.__articleScriptRan, w.__articleClicked, w.__articleImageRan]
		})
		expect(ran).toEqual([undefined, undefined, undefined])
		await expectAccessible(page)
	}
})

test('an unknown article is "Article not found." with a 404 inside the portal', async ({ page }) => {
	for (const path of ['/cloud/faq/999999999', '/cloud/faq/not-an-id']) {
		const response = await page.goto(path)
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help article')
		await expect(main(page).getByRole('heading', { name: 'Article not found.' })).toBeVisible()
		await expect(main(page).getByRole('link', { name: 'Back to help articles' })).toBeVisible()
	}
})

test('each app support page shows its articles and files a ticket tagged for the app', async ({
	page,
	request,
	javaScript,
}) => {
	const apps = [
		{ path: 'zenbeats', name: 'Zenbeats', article: 'Getting started with Zenbeats', articleId: '360001000017' },
		{
			path: 'zentracker',
			name: 'Zentracker',
			article: 'Exporting a Zentracker session as stems',
			articleId: '360001000022',
		},
		{ path: 'btx', name: 'BTX', article: 'BTX does not find my device', articleId: '360001000024' },
	]
	for (const app of apps) {
		const email = uniqueEmail(app.path)
		await page.goto(`/cloud/support/${app.path}`)
		const articles = page.getByRole('region', { name: `Top ${app.name} articles` })
		await expect(articles.getByRole('listitem')).toHaveCount(3)
		await expect(articles.getByRole('link', { name: app.article })).toHaveAttribute(
			'href',
			`/cloud/faq/${app.articleId}`,
		)
		const form = page.getByRole('region', { name: `Contact ${app.name} support` })
		await expect(form.getByRole('note')).toContainText('Please log in or create an account')
		if (javaScript && app.path === 'zenbeats') await expectAccessible(page)
		await form.getByLabel('Contact name').fill('Sam Player')
		await form.getByLabel('Email').fill(email)
		await form.getByLabel('Subject').fill('Crackles when recording')
		await form.getByLabel('Details').fill(`Buffer 64 on ${app.name}.`)
		await form.getByRole('button', { name: 'Send' }).click()
		await expect(form.getByRole('status')).toContainText('You have sent successfully.')
		const [ticket] = await ticketsFor(request, email)
		expect(ticket).toMatchObject({
			brand: 'cloud',
			subject: `${app.name} support: Crackles when recording`,
			tags: [`${app.path}_support`],
			customFields: { productName: app.name, requestType: `${app.path}_support` },
			requester: { name: 'Sam Player', email },
		})
		expect(ticket!.commentBody).toContain(`App: ${app.name}\n`)
	}

	// A visitor may read an app's article: the page is open to anyone.
	await page.goto('/cloud/support/btx')
	await page.getByRole('link', { name: 'What is BTX?' }).click()
	await expect(page).toHaveURL('/cloud/faq/360001000023')
	await expect(page.getByRole('article').getByText('tone exchange app')).toBeVisible()
})

test('a contact form that fills the honeypot is sent back and files nothing', async ({ request, javaScript }) => {
	test.skip(!javaScript, 'plain HTTP requests: run once')
	const email = uniqueEmail('bot')
	const fields = { contactName: 'Bot', email, details: 'Buy now', website: 'https://spam.example' }
	for (const [path, subject] of [
		['/contact-us', 'other'],
		['/cloud/support/zenbeats', 'Cheap pills'],
	] as const) {
		const bot = await request.post(path, { form: { ...fields, subject }, maxRedirects: 0 })
		expect(bot.status()).toBe(303)
		expect(bot.headers()['location']).toBe(path)
	}
	expect(await ticketsFor(request, email)).toHaveLength(0)
})
