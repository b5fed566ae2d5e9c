/** Helpers of the product registration journeys (gear-register*.spec.ts). */
import type { APIRequestContext, Page } from '@playwright/test'
import { formPost } from './account.ts'
import { expect } from './fixtures.ts'

export const REGISTER_PATH = '/gear/register_product'

export interface ReceivedCall {
	seq: number
	method: string
	path: string
	body: unknown
	status: number
	userId: string | null
}

/** The calls the emulated upstreams answered with this account's tokens. */
export async function accountCalls(request: APIRequestContext, email: string): Promise<ReceivedCall[]> {
	const response = await request.get(`/_emulator/requests.json?email=${encodeURIComponent(email)}`)
	expect(response.ok()).toBe(true)
	return (await response.json()) as ReceivedCall[]
}

/** The registrations the account API was sent for this account. */
export async function registrationsSent(request: APIRequestContext, email: string) {
	return (await accountCalls(request, email)).filter(
		(call) => call.method === 'POST' && /^\/account\/users\/[^/]+\/registeredProducts$/.test(call.path),
	)
}

/** The number of the latest call the emulator answered, for `callsAfter`. */
export async function latestCall(request: APIRequestContext): Promise<number> {
	const response = await request.get('/_emulator/requests.json')
	return ((await response.json()) as { latest: number }).latest
}

/** Every call after call `after`, anonymous ones too. */
export async function callsAfter(request: APIRequestContext, after: number): Promise<ReceivedCall[]> {
	const response = await request.get(`/_emulator/requests.json?after=${after}`)
	return (await response.json()) as ReceivedCall[]
}

/** Gives an account a device its apps have seen (the device API then lists it). */
export async function addDevice(request: APIRequestContext, email: string, pcode: string, productVer: string[] = []) {
	const response = await request.post('/_emulator/devices', { data: { email, pcode, productVer } })
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
