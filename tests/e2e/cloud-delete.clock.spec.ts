import type { APIRequestContext, Page } from '@playwright/test'
import { formPost, toast } from './account.ts'
import { makeCloudAccount } from './cloud.ts'
import { callsAfter, latestCall, type ReceivedCall } from './emulator.ts'
import { expect, test } from './fixtures.ts'

/**
 * Account deletion when the cloud API or the log service fails (ADR 0025): nothing past the failed
 * step is asked, the account stays, the form says so with a 503; sent again once the upstream is
 * back, the account is deleted. Faults touch every request to the path: these run with the clock
 * journeys, one at a time.
 */
test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults')
})

const CONFIRM = 'I understand that my account and its data will be deleted'

async function deleteAccount(page: Page) {
	await page.goto('/delete-account')
	await page.getByLabel(CONFIRM).check()
	const posted = formPost(page, '/delete-account')
	await page.getByRole('button', { name: 'Delete account' }).click()
	return (await posted).status()
}

/** The account's calls, and the faulted ones (answered before the token was read, so of no user). */
function asked(calls: ReceivedCall[], userId: string) {
	return calls
		.filter(
			(call) => (call.userId === userId || (call.userId === null && call.status === 503)) && call.method !== 'GET',
		)
		.map((call) => `${call.method} ${call.path} ${call.status}`)
}

async function accountType(request: APIRequestContext, email: string) {
	const response = await request.get(`/_emulator/account/accountType?email=${encodeURIComponent(email)}`)
	return ((await response.json()) as { accountType: string }).accountType
}

test('the log service failing: the account is not deleted and the user is told; sent again, it is', async ({
	page,
	request,
}) => {
	const account = await makeCloudAccount(page.request, 'delete-log-down')
	await request.post('/_emulator/faults', {
		data: { path: '/log/log/', method: 'DELETE', mode: 'status', status: 503 },
	})
	const before = await latestCall(request)
	expect(await deleteAccount(page)).toBe(503)
	await expect(page.getByRole('main').getByRole('alert')).toHaveText(
		'We could not delete your usage history just now, so your account has not been deleted. Please try again in a moment.',
	)
	expect(asked(await callsAfter(request, before), account.userId)).toEqual([
		'POST /cloud/api/service 404',
		'DELETE /log/log/owners-portal 503',
	])
	expect(await accountType(request, account.email)).toBe('active')

	await request.delete('/_emulator/faults')
	const again = await latestCall(request)
	await page.getByLabel(CONFIRM).check()
	await page.getByRole('button', { name: 'Delete account' }).click()
	await expect(page).toHaveURL('/login')
	await expect(toast(page)).toContainText('Your account has been deleted.')
	expect(asked(await callsAfter(request, again), account.userId)).toEqual([
		'POST /cloud/api/service 404',
		'DELETE /log/log/owners-portal 200',
		`POST /account/users/${account.userId}/linkage/delete 200`,
	])
	expect(await accountType(request, account.email)).toBe('new')
})

test('the cloud API failing: nothing else is asked, the account stays, 503', async ({ page, request }) => {
	const account = await makeCloudAccount(page.request, 'delete-cloud-down')
	await request.post('/_emulator/faults', {
		data: { path: '/cloud/api/service', method: 'POST', mode: 'status', status: 503 },
	})
	const before = await latestCall(request)
	expect(await deleteAccount(page)).toBe(503)
	await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please try again in a moment.')
	expect(asked(await callsAfter(request, before), account.userId)).toEqual(['POST /cloud/api/service 503'])
	expect(await accountType(request, account.email)).toBe('active')
})
