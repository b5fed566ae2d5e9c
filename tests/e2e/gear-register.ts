/** Helpers of the product registration journeys (gear-register*.spec.ts). */
import type { APIRequestContext, Page } from '@playwright/test'
import { formPost } from './account.ts'
import { callsWithTokensOf, EMULATOR_ADMIN_HEADERS } from './emulator.ts'
import { expect } from './fixtures.ts'

export { callsAfter, callsWithTokensOf as accountCalls, latestCall, madeFor } from './emulator.ts'

export const REGISTER_PATH = '/gear/register_product'

/** The registrations the account API was sent for this account. */
export async function registrationsSent(request: APIRequestContext, email: string) {
	return (await callsWithTokensOf(request, email)).filter(
		(call) => call.method === 'POST' && /^\/account\/users\/[^/]+\/registeredProducts$/.test(call.path),
	)
}

/** Gives an account a device its apps have seen (the device API then lists it). */
export async function addDevice(request: APIRequestContext, email: string, pcode: string, productVer: string[] = []) {
	const response = await request.post('/_emulator/devices', {
		data: { email, pcode, productVer },
		headers: EMULATOR_ADMIN_HEADERS,
	})
	expect(response.status()).toBe(201)
}

/**
 * Picks a model by category: without JavaScript in two steps (the category, then 'Show models' for
 * its models); with it the models follow the category at once.
 */
export async function chooseByCategory(page: Page, javaScript: boolean, category: string, model: string) {
	await page.getByLabel('Category').selectOption({ label: category })
	if (!javaScript) {
		await expect(page.getByLabel('Model', { exact: true })).toHaveCount(0)
		const shown = formPost(page, REGISTER_PATH)
		await page.getByRole('button', { name: 'Show models' }).click()
		expect((await shown).status()).toBe(200)
	}
	await page.getByLabel('Model', { exact: true }).selectOption({ label: model })
}

export async function fillSerialAndDate(page: Page, serial: string, date: string) {
	await page.getByLabel('Serial number').fill(serial)
	await page.getByLabel('Purchase date').fill(date)
}

/** Presses Register; answers the status of the POST. */
export async function pressRegister(page: Page): Promise<number> {
	const submitted = formPost(page, REGISTER_PATH)
	await page.getByRole('button', { name: 'Register', exact: true }).click()
	return (await submitted).status()
}

/** A date some days before today, as a date input takes it. */
export function daysAgo(days: number): string {
	return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
}

/** A serial no journey has used: 7 characters. */
export function uniqueSerial(prefix = 'S'): string {
	return `${prefix}${Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, '7')}`.slice(0, 7)
}
