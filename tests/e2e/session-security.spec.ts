/**
 * What a customer sees of the session checks (issue 23, ADR 0054), with and without JavaScript: a
 * session left idle past its time asks to sign in again, says why, and comes back to the page; a
 * sign-in link that names another site as where to go afterwards leaves the customer on the portal.
 */
import { toast } from './account.ts'
import { activatedAccount, visitorAddress } from './emulator.ts'
import { expect, test } from './fixtures.ts'
import { startSecondPortal, type SecondPortal } from './second-portal.ts'

test.describe('session checks as the customer sees them', () => {
	let portal: SecondPortal | undefined
	test.afterEach(async () => {
		portal?.process.kill()
		await portal?.exited
		portal = undefined
	})

	test('an idle session asks to sign in again, says why, and returns to the page', async ({
		page,
		request,
		baseURL,
	}, testInfo) => {
		portal = await startSecondPortal({
			emulatorOf: baseURL!,
			dataDir: testInfo.outputPath('idle'),
			env: { SESSION_IDLE_SECONDS: '3', TRUST_PROXY: 'loopback' },
		})
		const { email, password } = await activatedAccount(request, {
			prefix: 'idle',
			firstName: 'Idle',
			lastName: 'Owner',
		})
		await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress() })
		await page.goto(`${portal.url}/login`)
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Password', { exact: true }).fill(password)
		await page.getByRole('button', { name: 'Log in' }).click()
		await expect(page).toHaveURL(`${portal.url}/`)

		await page.waitForTimeout(3_500)
		await page.goto(`${portal.url}/settings/profile`)
		await expect(page).toHaveURL(`${portal.url}/login?redirectTo=%2Fsettings%2Fprofile`)
		await expect(toast(page)).toContainText('Your session has ended. Please log in again.')

		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Password', { exact: true }).fill(password)
		await page.getByRole('button', { name: 'Log in' }).click()
		await expect(page).toHaveURL(`${portal.url}/settings/profile`)
	})

	test('a sign-in link whose way back names another site ends on the portal', async ({ page, request, baseURL }) => {
		const { email, password } = await activatedAccount(request, { prefix: 'redir', firstName: 'Re', lastName: 'Dir' })
		await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress() })
		await page.goto(`/login?redirectTo=${encodeURIComponent('/.//evil.example/')}`)
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Password', { exact: true }).fill(password)
		await page.getByRole('button', { name: 'Log in' }).click()
		await expect(page).toHaveURL(`${new URL(baseURL!).origin}/`)
	})
})
