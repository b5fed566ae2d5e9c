import type { Page } from '@playwright/test'
import { accountTest as test, createAccount, formPost, logIn, toast } from './account.ts'
import { expect, expectAccessible } from './fixtures.ts'
import { daysAgo, pressRegister, REGISTER_PATH, registrationsSent, uniqueSerial } from './gear-register.ts'

/**
 * Lite mode (issue 24, ADR 0058) as a visitor meets it: chosen in the footer, then signing in and
 * registering a product with no script on any page, the setting on the settings tab, and back to the
 * full version from the footer by keyboard. With JavaScript on, the browser must not ask for a single
 * script while lite; without it, the same journey is the no-JavaScript one it always was.
 */

test.describe.configure({ timeout: 60_000 })

const footer = (page: Page) => page.getByRole('contentinfo')
const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated ?? null)

test('lite mode: chosen in the footer, sign in and register a product with no script, then back', async ({
	page,
	request,
	javaScript,
}) => {
	const scripts: string[] = []
	page.on('request', (r) => {
		if (r.resourceType() === 'script' || /\.m?js$/.test(new URL(r.url()).pathname)) scripts.push(r.url())
	})
	const { email, password } = await createAccount(page, request)

	await page.goto('/login')
	if (javaScript) {
		await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
		expect(scripts.length, 'the full version loads its scripts').toBeGreaterThan(0)
	}
	scripts.length = 0

	// The footer's switch: a plain form post, back to the same page, now lite.
	const chosen = formPost(page, '/preferences')
	await footer(page).getByRole('button', { name: 'Lite version (less data, no scripts)' }).click()
	expect((await chosen).status()).toBe(302)
	await expect(page).toHaveURL('/login')
	await expect(footer(page)).toContainText('You are using the lite version: no scripts, less data.')
	await expect(toast(page)).toContainText('Updated.')
	if (javaScript) {
		expect(await hydrated(page), 'a lite page is never hydrated').toBeNull()
		await expectAccessible(page)
	}

	// Sign in, then register a product by its model code: every page lite, every form the server's.
	await logIn(page, email, password)
	await expect(page).toHaveURL('/')
	await page.goto(REGISTER_PATH)
	await page.getByLabel('Or type the model code').fill('JUNOX0')
	await page.getByLabel('Serial number').fill(uniqueSerial('L'))
	await page.getByLabel('Purchase date').fill(daysAgo(2))
	expect([302, 202]).toContain(await pressRegister(page))
	await expect(page.getByRole('heading', { name: 'Your product is registered' })).toBeVisible()
	await expect(page.getByText('JUNO-X Synthesizer', { exact: true })).toBeVisible()
	expect(await registrationsSent(request, email)).toHaveLength(1)
	await expect(footer(page)).toContainText('You are using the lite version')

	// The setting on the settings tab shows the choice kept; 'Automatic' hands it back to the browser,
	// which asks for no saving here: the full version.
	await page.goto('/settings/settings')
	const version = page.getByRole('group', { name: 'Page version' })
	await expect(version.getByLabel('Lite: no JavaScript, the smallest pages')).toBeChecked()
	if (javaScript) await expectAccessible(page)
	expect(scripts, 'no script asked for while lite').toEqual([])
	await version.getByLabel('Automatic: lite when my browser asks to save data').check()
	const saved = formPost(page, '/preferences')
	await page.locator('form', { has: version }).getByRole('button', { name: 'Save' }).click()
	expect((await saved).status()).toBe(302)
	await expect(page).toHaveURL('/settings/settings')
	await expect(footer(page).getByRole('button', { name: 'Lite version (less data, no scripts)' })).toBeVisible()
	if (javaScript) {
		await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
		expect(scripts.length, 'the full version loads its scripts again').toBeGreaterThan(0)
	}

	// Lite again from the footer, and back from the footer by keyboard alone.
	await footer(page).getByRole('button', { name: 'Lite version (less data, no scripts)' }).click()
	await expect(footer(page)).toContainText('You are using the lite version')
	const back = footer(page).getByRole('button', { name: 'Switch to the full version' })
	await back.focus()
	await expect(back).toBeFocused()
	const switched = formPost(page, '/preferences')
	await page.keyboard.press('Enter')
	expect((await switched).status()).toBe(302)
	await expect(page).toHaveURL('/settings/settings')
	await expect(footer(page).getByRole('button', { name: 'Lite version (less data, no scripts)' })).toBeVisible()
	if (javaScript) await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
})
