import type { APIRequestContext, Page } from '@playwright/test'
import { formPost, toast } from './account.ts'
import { cloudApi, makeCloudAccount, startTrialThroughApi, type CloudAccount } from './cloud.ts'
import { callsAfter, latestCall, type ReceivedCall } from './emulator.ts'
import { expect, test } from './fixtures.ts'

/**
 * Account deletion and the cloud (spec 2 §4, §7, §8; ADR 0025): before the account goes, the cloud
 * user is anonymised (`put-anonymize`) and the user's log deleted (`DELETE log/{service}`), in that
 * order, then the account API deletes the account. A member whose subscription runs is refused at
 * the first step, and nothing else is asked. JavaScript on and off, an account per test.
 */

const CONFIRM = 'I understand that my account and its data will be deleted'
const LOG_SERVICE = 'owners-portal'

async function sendLogEvent(request: APIRequestContext, account: CloudAccount) {
	const response = await request.post(`/_emulator/log/log/${LOG_SERVICE}`, {
		headers: { Authorization: account.idToken },
		data: {
			event: 'page_view',
			pageTitle: 'Cloud',
			pagePath: '/cloud',
			pageHash: '',
			cultureCode: 'en-US',
			brand: 'RCS',
		},
	})
	expect(response.status()).toBe(201)
}

async function loggedEvents(request: APIRequestContext, userId: string): Promise<unknown[]> {
	const response = await request.get(`/_emulator/log/log/_events?service=${LOG_SERVICE}&userId=${userId}`)
	expect(response.ok()).toBe(true)
	return ((await response.json()) as { events: unknown[] }).events
}

/** What the account's tokens asked after call `after`: method, path and the service action. */
function asked(calls: ReceivedCall[], userId: string) {
	return calls
		.filter((call) => call.userId === userId && call.method !== 'GET')
		.map((call) => {
			const action = (call.body as { action?: string } | null)?.action
			return `${call.method} ${call.path}${action ? ` ${action}` : ''} ${call.status}`
		})
}

async function deleteAccount(page: Page) {
	await page.goto('/delete-account')
	await page.getByLabel(CONFIRM).check()
	const posted = formPost(page, '/delete-account')
	await page.getByRole('button', { name: 'Delete account' }).click()
	return (await posted).status()
}

test('a member whose trial ended deletes the account: the cloud user anonymised and the log deleted, first', async ({
	page,
	request,
}) => {
	const account = await makeCloudAccount(page.request, 'delete')
	const trial = await startTrialThroughApi(page.request, account)
	// Cancelling a trial ends it at once (TrialCancelled): nothing runs any more.
	await cloudApi(page.request, account, 'api/service', {
		action: 'no-renew-subscription',
		subscriptionId: trial.subscriptionId,
		cancellationReason: 'disuse',
	})
	await sendLogEvent(request, account)
	await sendLogEvent(request, account)
	expect(await loggedEvents(request, account.userId)).toHaveLength(2)

	const before = await latestCall(request)
	await deleteAccount(page)
	await expect(page).toHaveURL('/login')
	await expect(toast(page)).toContainText('Your account has been deleted.')

	expect(asked(await callsAfter(request, before), account.userId)).toEqual([
		'POST /cloud/api/service put-anonymize 200',
		`DELETE /log/log/${LOG_SERVICE} 200`,
		`POST /account/users/${account.userId}/linkage/delete 200`,
	])
	expect(await loggedEvents(request, account.userId)).toEqual([])
	const gone = await request.get(`/_emulator/account/accountType?email=${encodeURIComponent(account.email)}`)
	expect(((await gone.json()) as { accountType: string }).accountType).toBe('new')
})

test('an account the cloud never knew is deleted all the same (its "was not found" ignored)', async ({
	page,
	request,
}) => {
	const account = await makeCloudAccount(page.request, 'delete-plain')
	const before = await latestCall(request)
	await deleteAccount(page)
	await expect(page).toHaveURL('/login')
	expect(asked(await callsAfter(request, before), account.userId)).toEqual([
		'POST /cloud/api/service put-anonymize 404',
		`DELETE /log/log/${LOG_SERVICE} 200`,
		`POST /account/users/${account.userId}/linkage/delete 200`,
	])
})

test('a member with a running trial is refused at the anonymisation: the log and the account stay', async ({
	page,
	request,
}) => {
	const account = await makeCloudAccount(page.request, 'delete-active')
	await startTrialThroughApi(page.request, account)
	await sendLogEvent(request, account)
	const before = await latestCall(request)
	expect(await deleteAccount(page)).toBe(400)
	await expect(page.getByRole('main').getByRole('alert')).toHaveText(
		'Your account has active cloud subscriptions and cannot be deleted. If you still hope to delete your account, please contact us.',
	)
	expect(asked(await callsAfter(request, before), account.userId)).toEqual([
		'POST /cloud/api/service put-anonymize 409',
	])
	expect(await loggedEvents(request, account.userId)).toHaveLength(1)
	await page.goto('/settings/profile')
	await expect(page.getByRole('region', { name: 'Profile' })).toContainText(account.email)
})
