import type { Page } from '@playwright/test'
import { accountTest as test, createAccount, DEMO, formPost, signInDirectly, signInError, toast } from './account.ts'
import { expect } from './fixtures.ts'

/**
 * Account deletion (spec 1 §4, §6, §8): confirm, then deleted; refused while
 * cloud subscriptions are active. DeleteAccount remembers a `redirect` query
 * (spec 1 §2): where to go once the account is gone.
 */

const CONFIRM = 'I understand that my account and its data will be deleted'

async function submitDeletion(page: Page) {
	const submitted = formPost(page, '/delete-account')
	await page.getByRole('button', { name: 'Delete account' }).click()
	return (await submitted).status()
}

async function accountType(page: Page, email: string) {
	const response = await page.request.get(`/_emulator/account/accountType?email=${encodeURIComponent(email)}`)
	return ((await response.json()) as { accountType: string }).accountType
}

test.describe('delete account', () => {
	test('refused for a member with an active cloud subscription, who stays signed in', async ({ page }) => {
		await signInDirectly(page, DEMO.cloudMember.email, DEMO.cloudMember.password)
		await page.goto('/delete-account')
		await page.getByLabel(CONFIRM).check()
		expect(await submitDeletion(page)).toBe(400)
		await expect(page.getByRole('main').getByRole('alert')).toHaveText(
			'Your account has active cloud subscriptions and cannot be deleted. If you still hope to delete your account, please contact us.',
		)
		await expect(page).toHaveURL('/delete-account')
		expect(await accountType(page, DEMO.cloudMember.email)).toBe('active')
		await page.goto('/settings/profile')
		await expect(page.getByRole('region', { name: 'Profile' })).toContainText(DEMO.cloudMember.email)
	})

	test('a signed-out visit remembers the redirect through sign-in; the account is deleted and the user sent there', async ({
		page,
		request,
	}) => {
		const { email, password } = await createAccount(page, request)
		await page.goto('/delete-account?redirect=%2Fsignup')
		await expect(page.getByText('Please log in to continue.')).toBeVisible()
		await page.getByRole('main').getByRole('link', { name: 'Log in' }).click()
		await expect(page).toHaveURL(`/login?${new URLSearchParams({ redirectTo: '/delete-account?redirect=%2Fsignup' })}`)
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Password', { exact: true }).fill(password)
		await page.getByRole('button', { name: 'Log in' }).click()
		await expect(page).toHaveURL('/delete-account?redirect=%2Fsignup')

		await expect(
			page.getByText(
				'Deleting your account removes your profile, registered products and support history. This cannot be undone.',
			),
		).toBeVisible()
		await page.getByLabel(CONFIRM).check()
		await page.getByRole('button', { name: 'Delete account' }).click()
		await expect(page).toHaveURL('/signup')
		await expect(toast(page)).toContainText('Your account has been deleted.')

		// Gone: signed out here, unknown upstream, and its password no longer signs in.
		await page.goto('/settings/profile')
		await expect(page).toHaveURL('/login?redirectTo=%2Fsettings%2Fprofile')
		expect(await accountType(page, email)).toBe('new')
		await expect(await signInError(page, email, password)).toHaveText('Incorrect username or password.')
	})

	test('the confirmation is required (400, nothing deleted); a redirect outside the portal is not followed', async ({
		page,
		request,
	}) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await page.goto('/delete-account?redirect=https%3A%2F%2Fevil.example%2F')
		expect(await submitDeletion(page)).toBe(400)
		await expect(page.getByText('Please confirm that you want to delete your account.')).toBeVisible()
		await expect(page.getByLabel(CONFIRM)).not.toBeChecked()

		const response = await page.request.post('/delete-account', { form: {}, maxRedirects: 0 })
		expect(response.status()).toBe(400)
		const wrongValue = await page.request.post('/delete-account', { form: { confirm: 'yes' }, maxRedirects: 0 })
		expect(wrongValue.status()).toBe(400)
		expect(await accountType(page, email)).toBe('active')

		await page.getByLabel(CONFIRM).check()
		await page.getByRole('button', { name: 'Delete account' }).click()
		await expect(page).toHaveURL('/login')
		await expect(toast(page)).toContainText('Your account has been deleted.')
		expect(await accountType(page, email)).toBe('new')
	})
})
