import type { Locator, Page } from '@playwright/test'
import { accountTest as test, formPost } from './account.ts'
import { hydrated } from './accessibility.ts'
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

/** Whether the page's focused element (outside the banner and the bar) has either at its centre. */
function focusedUnderBanner(): boolean {
	const focused = document.activeElement!
	if (focused.closest('.consent, .bottom-bar')) return false
	const box = focused.getBoundingClientRect()
	const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
	return hit?.closest('.consent, .bottom-bar') != null
}

test.describe('at 320 px', () => {
	test.use({ viewport: { width: 320, height: 568 } })

	test('the banner fits the screen, and the keyboard answers it', async ({ page, baseURL }) => {
		await page.goto(themedUrl('main', '/login', baseURL))
		await expect(banner(page)).toBeVisible()
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
		expect((await banner(page).boundingBox())!.width).toBeLessThanOrEqual(320)
		await banner(page).getByRole('button', { name: 'No, thanks' }).focus()
		await page.keyboard.press('Enter')
		await expect(banner(page)).toHaveCount(0)
		await expect(page).toHaveURL(/\/login$/)
	})
})

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
				// The keyboard's way through the form: no field it reaches stays under the banner.
				const fields = page
					.getByRole('main')
					.locator('form')
					.locator('input:not([type=hidden]):not([tabindex="-1"]), select, textarea')
				const count = await fields.count()
				expect(count).toBeGreaterThan(3)
				await fields.first().focus()
				for (let i = 1; i < count; i++) {
					await page.keyboard.press('Tab')
					await expect(page.getByRole('main').locator(':focus')).toHaveCount(1)
					expect(await page.evaluate(focusedUnderBanner), `field ${i} of the form, reached by Tab`).toBe(false)
				}
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
				// Appended in place once the page has hydrated (before, the link is followed as without JavaScript).
				await hydrated(page, javaScript)
				await page.getByRole('link', { name: 'More', exact: true }).click()
				if (javaScript) await expect.poll(() => headings.count()).toBeGreaterThan(shown)
				else await expect(page).toHaveURL(/[?&]page=/)

				// The main navigation (a bar at the foot of a phone's screen) stays in reach too.
				await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click()
				await expect(page).toHaveURL(/\/support/)
			})
		})
	}
}
