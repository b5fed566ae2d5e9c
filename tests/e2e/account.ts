import type { APIRequestContext, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/** Mail the emulated account API sent to an address, newest first (read through the outbox API). */
export async function mailTo(request: APIRequestContext, email: string) {
	const response = await request.get(`/_emulator/mail.json?to=${encodeURIComponent(email)}`)
	expect(response.ok()).toBe(true)
	return (await response.json()) as { to: string; subject: string; text: string; code: string | null; link: string | null; sentAt: string }[]
}

/** The newest code sent to an address. */
export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
	const [mail] = await mailTo(request, email)
	expect(mail?.code, `a code mailed to ${email}`).toBeTruthy()
	return mail!.code!
}

/** A fresh address for a test, so tests never share an account. */
export function uniqueEmail(prefix = 'owner'): string {
	return `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`
}

export const DEMO = {
	customer: { email: 'owner@example.com', password: 'Owner1234', firstName: 'Alex', lastName: 'Owner' },
	cloudMember: { email: 'member@example.com', password: 'Member1234' },
	legacy: { email: 'legacy@example.com' },
	unactivated: { email: 'pending@example.com', password: 'Pending1234' },
} as const

export async function logIn(page: Page, email: string, password: string) {
	await page.goto('/login')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log in' }).click()
}

/** Signs up and activates a new account through the screens; returns its email and password. */
export async function createAccount(page: Page, request: APIRequestContext, options: { firstName?: string; lastName?: string } = {}) {
	const email = uniqueEmail()
	const password = 'Secret1234'
	await page.goto('/signup')
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: 'Continue' }).click()
	await page.getByLabel('First name').fill(options.firstName ?? 'Robin')
	await page.getByLabel('Last name').fill(options.lastName ?? 'Drummer')
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByLabel('Confirm password').fill(password)
	await page.getByLabel('I agree to the terms of use and privacy policy').check()
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(page).toHaveURL(/\/activation\?email=/)
	await page.getByLabel('Activation code').fill(await latestCode(request, email))
	await page.getByRole('button', { name: 'Activate' }).click()
	await expect(page).toHaveURL(/\/login\?email=/)
	return { email, password }
}
