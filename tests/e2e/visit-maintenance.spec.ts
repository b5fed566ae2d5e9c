import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, expectAccessible, test } from './fixtures.ts'
import { startSecondPortal, type SecondPortal } from './second-portal.ts'

/**
 * Maintenance (spec 1 §2, §4; ADR 0026). The suite's portal has none planned; a second portal, spawned
 * here with MAINTENANCE_WINDOW around now (its own data directory and port, on this suite's emulator),
 * answers every page with 503, Retry-After and the maintenance page, in the visitor's culture; the
 * window in UTC, in the culture's date format, and with JavaScript also in the browser's time zone
 * beside it (ADR 0042).
 */
test.describe.configure({ mode: 'serial' })

let dataDir: string
let portal: SecondPortal | undefined
const HOUR = 60 * 60 * 1000
/** Whole minutes, so the page's times are easy to read back. */
const start = new Date(Math.floor((Date.now() - HOUR) / 60_000) * 60_000)
const end = new Date(start.getTime() + 3 * HOUR)

test.beforeAll(async ({ portal: workerPortal }) => {
	dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-maintenance-e2e-'))
	portal = await startSecondPortal({
		emulatorOf: workerPortal.url,
		dataDir,
		env: { MAINTENANCE_WINDOW: `${start.toISOString()}/${end.toISOString()}` },
	})
})

test.afterAll(async () => {
	portal?.process.kill('SIGTERM')
	await portal?.exited
	portal = undefined
	rmSync(dataDir, { recursive: true, force: true })
})

test('in the window every page answers 503 with Retry-After and the maintenance page; health and files do not', async ({
	browser,
	javaScript,
}) => {
	const context = await browser.newContext({
		baseURL: portal!.url,
		javaScriptEnabled: javaScript,
		timezoneId: 'Asia/Tokyo',
		locale: 'en-US',
	})
	const page = await context.newPage()
	for (const path of ['/', '/login', '/settings/profile', '/check-in?event=fair', '/no/such/page']) {
		const response = await page.goto(path)
		expect(response?.status(), path).toBe(503)
		const retryAfter = Number(response?.headers()['retry-after'])
		expect(retryAfter, path).toBeGreaterThan(HOUR / 1000)
		expect(retryAfter, path).toBeLessThanOrEqual((end.getTime() - Date.now()) / 1000 + 10)
		expect(response?.headers()['cache-control']).toBe('no-store')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maintenance')
		await expect(page.getByRole('heading', { name: 'The portal is under maintenance' })).toBeVisible()
	}
	await expect(page).toHaveTitle('Maintenance · DW Owners Portal')
	// Always the window in UTC, named as such, in the culture's formats (en-US, from the browser).
	const utcWindow = page.getByRole('main').locator('time[data-time-zone="UTC"]')
	const utc = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })
	await expect(utcWindow).toContainText(utc.format(end))
	await expect(utcWindow).toHaveText(/^\w{3}, \w+ \d{1,2}, \d{4}, .+ \(UTC\)$/)
	const localWindow = page.getByRole('main').locator('time[data-time-zone="Asia/Tokyo"]')
	if (javaScript) {
		// Beside it, the browser says the window in its own time zone: Tokyo, nine hours ahead of UTC.
		const tokyo = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Tokyo' })
		await expect(page.getByText('In your time zone:')).toBeVisible()
		await expect(localWindow).toContainText(tokyo.format(end))
		await expect(localWindow).toContainText('(Japan Standard Time)')
		await expect(utcWindow).toBeVisible()
		await expect(page.getByText('Times are in UTC')).toHaveCount(0)
		await expectAccessible(page)
	} else {
		await expect(localWindow).toHaveCount(0)
		await expect(page.getByText('Times are in UTC (Coordinated Universal Time).')).toBeVisible()
	}

	// A form post is held too, before it reaches any action.
	const post = await context.request.post('/login', { form: { email: 'a@example.com', password: 'x' } })
	expect(post.status()).toBe(503)
	expect(Number(post.headers()['retry-after'])).toBeGreaterThan(0)

	// The maintenance page itself, health and the files answer as usual.
	expect((await context.request.get('/maintenance')).status()).toBe(200)
	expect((await context.request.get('/healthz')).status()).toBe(200)
	expect((await context.request.get('/icons/dw.svg')).status()).toBe(200)
	await context.close()
})

test('in the visitor’s culture and brand', async ({ browser, javaScript }) => {
	const context = await browser.newContext({
		baseURL: portal!.url,
		javaScriptEnabled: javaScript,
		timezoneId: 'Asia/Tokyo',
	})
	const page = await context.newPage()
	const response = await page.goto('/?culture_code=ja-JP&theme=effects')
	expect(response?.status()).toBe(503)
	await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('メンテナンス')
	await expect(page.getByRole('heading', { name: 'ただいまメンテナンス中です' })).toBeVisible()
	await expect(page.getByRole('banner')).toContainText('Effects Owners Portal')
	// The culture's date format ("2026年12月1日(火) 1:00～3:00 (UTC)"), each end with its day when the
	// window crosses midnight; never Intl's range format ("2026/12/1火曜日 1時00分～3時00分(UTC)").
	const day = '\\d{4}年\\d{1,2}月\\d{1,2}日\\([月火水木金土日]\\)'
	await expect(page.getByRole('main').locator('time[data-time-zone="UTC"]')).toHaveText(
		new RegExp(`^${day} \\d{1,2}:\\d{2}～(${day} )?\\d{1,2}:\\d{2} \\(UTC\\)$`),
	)
	if (javaScript)
		await expect(page.getByRole('main').locator('time[data-time-zone="Asia/Tokyo"]')).toHaveText(
			new RegExp(`^${day} \\d{1,2}:\\d{2}～(${day} )?\\d{1,2}:\\d{2} \\(日本標準時\\)$`),
		)
	else await expect(page.getByText('時刻は協定世界時 (UTC) で表示しています。')).toBeVisible()
	await context.close()
})

test('outside maintenance the portal works and the maintenance page says none is planned', async ({ page }) => {
	const login = await page.goto('/login')
	expect(login?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in')
	const response = await page.goto('/maintenance')
	expect(response?.status()).toBe(200)
	expect(response?.headers()['retry-after']).toBeUndefined()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maintenance')
	await expect(page.getByRole('heading', { name: 'No maintenance is planned' })).toBeVisible()
})
