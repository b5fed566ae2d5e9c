import type { Locator, Page } from '@playwright/test'
import { accountTest as test, formPost } from './account.ts'
import { expect, themedUrl } from './fixtures.ts'

/**
 * The consent banner of the main, effects and cloud themes never stands between the visitor and a
 * form (issue 21, ADR 0039): with the banner unanswered, each form's submit button takes a click.
 * Playwright's click waits until the button itself would receive it (another element on top fails
 * it), scrolling the button into view as a visitor would; the click must then reach the form.
 */

const THEMES = ['main', 'effects', 'cloud'] as const
const SIZES = [
	{ width: 1280, height: 720 },
	{ width: 360, height: 640 },
] as const

function banner(page: Page): Locator {
	return page.getByRole('region', { name: 'Your privacy' })
}

/** Presses the button with the banner on the page, and sees the form answer with its 400 and a message. */
async function sendEmpty(page: Page, path: string, button: Locator, message: string | RegExp) {
	await expect(banner(page)).toBeVisible()
	const posted = formPost(page, path)
	await button.click()
	expect((await posted).status()).toBe(400)
	await expect(page.getByRole('main').getByText(message).first()).toBeVisible()
}

for (const theme of THEMES) {
	for (const size of SIZES) {
		test.describe(`${theme} theme at ${size.width} px`, () => {
			test.use({ viewport: size })

			test('sign-up, sign-in and contact us take their submit while the banner waits', async ({ page, baseURL }) => {
				const at = (path: string) => themedUrl(theme, path, baseURL)

				await page.goto(at('/signup'))
				await sendEmpty(page, '/signup', page.getByRole('button', { name: 'Continue' }), 'Email is required')
				await page.getByLabel('Email').fill(`banner-${Date.now().toString(36)}@example.com`)
				await page.getByRole('button', { name: 'Continue' }).click()
				await expect(page.getByLabel('First name')).toBeVisible()
				await sendEmpty(page, '/signup', page.getByRole('button', { name: 'Create account' }), 'First name is required')

				await page.goto(at('/login'))
				await sendEmpty(page, '/login', page.getByRole('button', { name: 'Log in' }), 'Email is required')

				await page.goto(at('/cloud/contact-us'))
				await sendEmpty(page, '/cloud/contact-us', page.getByRole('button', { name: 'Send' }), /is required/)
			})

			test('a signed-in customer sends a support form and pages the feed while the banner waits', async ({
				page,
				baseURL,
				context,
				demoSessions,
				javaScript,
			}) => {
				const at = (path: string) => themedUrl(theme, path, baseURL)
				// The demo customer's session (the worker's one sign-in), kept for the theme's own host as well.
				const { cookies } = await demoSessions('customer')
				await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url: at('/') })))

				await page.goto(at('/support/product_support'))
				await sendEmpty(
					page,
					'/support/product_support',
					page.getByRole('button', { name: 'Send', exact: true }),
					/is required/,
				)

				await page.goto(at('/feed/video'))
				await expect(banner(page)).toBeVisible()
				const headings = page.getByRole('main').getByRole('heading', { level: 3 })
				const shown = await headings.count()
				expect(shown).toBeGreaterThan(0)
				await page.getByRole('link', { name: 'More', exact: true }).click()
				if (javaScript) await expect.poll(() => headings.count()).toBeGreaterThan(shown)
				else await expect(page).toHaveURL(/[?&]page=/)
			})
		})
	}
}
