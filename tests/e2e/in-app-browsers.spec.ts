import type { APIRequestContext, Page } from '@playwright/test'
import { IN_APP_USER_AGENTS } from '../fixtures/in-app-user-agents.ts'
import { accountTest as test, createAccount, signInAfterActivation, signInDirectly, toast } from './account.ts'
import { makeCloudAccount } from './cloud.ts'
import { expect } from './fixtures.ts'
import {
	chooseByCategory,
	daysAgo,
	fillSerialAndDate,
	pressRegister,
	REGISTER_PATH,
	uniqueSerial,
} from './gear-register.ts'
import { SHOP } from './shop.ts'
import { sendServiceRequestAsNewCustomer } from './support.ts'

/**
 * The main journeys in the messaging apps' in-app browsers (issue 24, ADR 0059), JavaScript on and
 * off: each app with its real user agent, Android and iOS taken in turn, on a phone's screen. The
 * journeys are the suite's own helpers; what they check in depth is in their own specs. Where an
 * in-app browser cannot finish a flow (the shops' handoff on iOS, no service worker), the page says
 * so and offers the phone's browser.
 */

const JOURNEY_AGENTS = [
	['LINE on Android', IN_APP_USER_AGENTS.line.android],
	['Facebook on iOS', IN_APP_USER_AGENTS.facebook.ios],
	['Instagram on Android', IN_APP_USER_AGENTS.instagram.android],
	['WeChat on iOS', IN_APP_USER_AGENTS.wechat.ios],
	['KakaoTalk on Android', IN_APP_USER_AGENTS.kakaotalk.android],
] as const

const PHONE = { width: 390, height: 844 }

for (const [name, userAgent] of JOURNEY_AGENTS) {
	test.describe(`in ${name}’s browser`, () => {
		test.use({ userAgent, viewport: PHONE })

		test('sign up, activate, then sign in', async ({ page, request }) => {
			const { email, password } = await createAccount(page, request, { keepFlow: true })
			await signInAfterActivation(page, email, password)
		})

		test('register a product', async ({ page, request, javaScript }) => {
			const { email, password } = await createAccount(page, request)
			await signInDirectly(page, email, password)
			await page.goto(REGISTER_PATH)
			await chooseByCategory(page, javaScript, 'Pianos', 'FP-30X Digital Piano')
			await fillSerialAndDate(page, uniqueSerial('L'), daysAgo(30))
			expect([302, 202]).toContain(await pressRegister(page))
			await expect(page.getByRole('heading', { name: 'Your product is registered' })).toBeVisible()
		})

		test('send a support request', async ({ page }) => {
			await sendServiceRequestAsNewCustomer(page)
		})

		test('buy a membership at the processor’s checkout, then cancel it on the account screen', async ({ page }) => {
			await makeCloudAccount(page.request, 'inapp')
			await page.goto('/cloud/memberships')
			await page.getByRole('article', { name: 'Core' }).getByRole('button', { name: 'Buy Core' }).click()
			await expect(page).toHaveURL(/\/_emulator\/cloud\/processors\/checkout\//)
			await page.getByRole('button', { name: /^Pay / }).click()
			await expect(page).toHaveURL(/\/cloud\/checkout$/)
			await expect(page.getByText('Thank you: your membership is active.')).toBeVisible()

			await page.goto('/cloud/account')
			const card = page.getByRole('main').getByRole('article', { name: 'Core (monthly)' })
			await card.getByRole('link', { name: 'Cancel subscription' }).click()
			await page.getByRole('main').getByLabel('I do not use it enough').check()
			await page.getByRole('main').getByRole('button', { name: 'Continue' }).click()
			await page
				.getByRole('main')
				.getByRole('region', { name: /^Cancel your Core membership\?/ })
				.getByRole('button', { name: 'Cancel subscription' })
				.click()
			await expect(page).toHaveURL('/cloud/account')
			await expect(toast(page)).toContainText('Your subscription is cancelled.')
			await expect(card.getByText('Active, not renewing')).toBeVisible()
		})
	})
}

/** The shops' handoff opened by a signed-in user in a messaging app on iOS, as a shop's link would open it. */
async function openHandoff(page: Page, request: APIRequestContext) {
	const { email, password } = await createAccount(page, request)
	await signInDirectly(page, email, password)
	await page.goto(`/shop-handoff?target=${encodeURIComponent(`${SHOP}/account`)}`)
	const notice = page.getByRole('region', { name: 'Open this page in your phone’s browser' })
	await expect(notice).toContainText('The browser inside this app cannot sign you in to the shop')
	// Nothing of the handoff is on the page: no id token for a browser that cannot hand it on.
	await expect(page.locator('[data-id-token]')).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', `${SHOP}/account`)
	return notice
}

const HANDOFF_PATH = `/shop-handoff?target=${encodeURIComponent(`${SHOP}/account`)}`

test.describe('the shops’ handoff in a messaging app on iOS', () => {
	test.use({ viewport: PHONE })

	test.describe('LINE', () => {
		test.use({ userAgent: IN_APP_USER_AGENTS.line.ios })
		test('offers LINE’s own way out and the address, copied with JavaScript', async ({
			page,
			request,
			baseURL,
			javaScript,
		}) => {
			const notice = await openHandoff(page, request)
			const address = new URL(HANDOFF_PATH, baseURL).toString()
			await expect(notice.getByRole('link', { name: 'Open in your browser' })).toHaveAttribute(
				'href',
				`${address}&openExternalBrowser=1`,
			)
			await expect(notice.getByLabel('Address of this page')).toHaveValue(address)
			await expect(notice.getByLabel('Address of this page')).toHaveAttribute('readonly', '')
			const copy = notice.getByRole('button', { name: 'Copy the address' })
			if (!javaScript) {
				await expect(copy).toHaveCount(0)
				return
			}
			await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
			await copy.click()
			await expect(notice.getByRole('status')).toHaveText('Address copied.')
			expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
		})
	})

	test.describe('KakaoTalk', () => {
		test.use({ userAgent: IN_APP_USER_AGENTS.kakaotalk.ios })
		test('offers KakaoTalk’s openExternal link', async ({ page, request, baseURL }) => {
			const notice = await openHandoff(page, request)
			const address = new URL(HANDOFF_PATH, baseURL).toString()
			await expect(notice.getByRole('link', { name: 'Open in your browser' })).toHaveAttribute(
				'href',
				`kakaotalk://web/openExternal?url=${encodeURIComponent(address)}`,
			)
		})
	})

	for (const app of ['facebook', 'instagram', 'wechat'] as const) {
		test.describe(app, () => {
			test.use({ userAgent: IN_APP_USER_AGENTS[app].ios })
			test(`${app}: no link iOS would follow, the address to copy`, async ({ page, request, baseURL }) => {
				const notice = await openHandoff(page, request)
				await expect(notice.getByRole('link', { name: 'Open in your browser' })).toHaveCount(0)
				await expect(notice.getByLabel('Address of this page')).toHaveValue(new URL(HANDOFF_PATH, baseURL).toString())
			})
		})
	}
})
