import type { APIRequestContext, Page } from '@playwright/test'
import { accountTest as test, createAccount, formPost, signInDirectly, signIn, toast } from './account.ts'
import { callsWithTokensOf, type ReceivedCall } from './emulator.ts'
import { expect, expectAccessible } from './fixtures.ts'

/** The interests tab (spec 1 §2, §3): the master list as checkboxes; saving sends only creates and deletes (§5). */

const INTERESTS = [
	'Pianos',
	'Synthesizers',
	'Keyboards & Modules',
	'Guitar & BOSS',
	'Drums & Percussion',
	'Recording & Production',
	'Amplifiers',
	'Organs & Classic Series',
	'Dance & DJ',
	'Vocals',
	'Accordions',
	'Wind Instruments',
]

/** The calls the emulated account API answered about this account's interests (its request log). */
async function interestCalls(request: APIRequestContext, email: string) {
	return (await callsWithTokensOf(request, email)).filter((call) =>
		/^\/account\/users\/[^/]+\/interests/.test(call.path),
	)
}

const changesOf = (calls: ReceivedCall[]) => calls.filter((call) => call.method !== 'GET')

function interestsGroup(page: Page) {
	return page.getByRole('group', { name: 'Choose what interests you' })
}

/** Which interests are ticked, in the list's order. */
async function ticked(page: Page) {
	const group = interestsGroup(page)
	const states = await Promise.all(INTERESTS.map((name) => group.getByRole('checkbox', { name }).isChecked()))
	return INTERESTS.filter((_, i) => states[i])
}

async function save(page: Page) {
	const submitted = formPost(page, '/settings/interests')
	await page.getByRole('button', { name: 'Save' }).click()
	// A redirect: 302 to a document request, 202 with the target to React Router's `.data` request.
	expect([302, 202]).toContain((await submitted).status())
	await expect(page).toHaveURL('/settings/interests')
	await expect(toast(page)).toContainText('Updated.')
}

test.describe('interests tab', () => {
	test('ticking and unticking saves only creates and deletes of what changed; the state holds after a reload', async ({
		page,
		request,
		javaScript,
	}) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await page.goto('/settings/interests')
		await expect(page.getByRole('heading', { name: 'Interests' })).toBeVisible()
		await expect(interestsGroup(page).getByRole('checkbox')).toHaveCount(12)
		expect(await ticked(page)).toEqual([])
		if (javaScript) await expectAccessible(page)

		const group = interestsGroup(page)
		await group.getByRole('checkbox', { name: 'Pianos' }).check()
		await group.getByRole('checkbox', { name: 'Drums & Percussion' }).check()
		await group.getByRole('checkbox', { name: 'Vocals' }).check()
		await save(page)
		await page.reload()
		expect(await ticked(page)).toEqual(['Pianos', 'Drums & Percussion', 'Vocals'])

		const first = changesOf(await interestCalls(request, email))
		expect(first.map(({ method, body, status }) => ({ method, body, status }))).toEqual([
			{ method: 'POST', body: { interestId: '1' }, status: 201 },
			{ method: 'POST', body: { interestId: '5' }, status: 201 },
			{ method: 'POST', body: { interestId: '10' }, status: 201 },
		])

		await group.getByRole('checkbox', { name: 'Pianos' }).uncheck()
		await group.getByRole('checkbox', { name: 'Amplifiers' }).check()
		await save(page)
		await page.reload()
		expect(await ticked(page)).toEqual(['Drums & Percussion', 'Amplifiers', 'Vocals'])

		// Drums and vocals, kept, are neither deleted nor sent again: one delete, one create, no update.
		const second = changesOf(await interestCalls(request, email)).slice(first.length)
		expect(second.map(({ method, body, status }) => ({ method, body, status }))).toEqual([
			{ method: 'DELETE', body: null, status: 200 },
			{ method: 'POST', body: { interestId: '7' }, status: 201 },
		])
		expect(second[0]!.path).toMatch(/\/interests\/[^/]+$/)

		// Nothing changed: no call at all, still the toast.
		await save(page)
		expect(changesOf(await interestCalls(request, email))).toHaveLength(first.length + second.length)
		expect(await ticked(page)).toEqual(['Drums & Percussion', 'Amplifiers', 'Vocals'])

		// Labels come from the master list in the user's culture.
		await page.goto('/settings/interests?culture_code=ja-JP')
		const japanese = page.getByRole('group', { name: '興味のあるものを選んでください' })
		await expect(japanese.getByRole('checkbox')).toHaveCount(12)
		await expect(japanese.getByRole('checkbox', { name: 'ドラム＆パーカッション' })).toBeChecked()
		await expect(japanese.getByRole('checkbox', { name: 'ピアノ' })).not.toBeChecked()
	})

	test('an interest the master list does not have is refused with a 400, the form kept and nothing sent', async ({
		page,
		request,
	}) => {
		const { email, password } = await createAccount(page, request)
		await signIn(page, email, password)
		const response = await page.request.post('/settings/interests', {
			data: 'interests=2&interests=99',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(400)
		const html = await response.text()
		expect(html).toContain('Please choose interests from the list.')
		expect(html).toMatch(/<input[^>]*checked=""[^>]*value="2"/)
		expect(html).not.toMatch(/<input[^>]*checked=""[^>]*value="1"/)
		expect(changesOf(await interestCalls(request, email))).toEqual([])
	})
})
