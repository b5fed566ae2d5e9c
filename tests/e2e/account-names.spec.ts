import { issuePass } from '../../app/session/event-pass-token.server.ts'
import { accountTest as test, signInDirectly } from './account.ts'
import { activatedAccount } from './emulator.ts'
import { expect } from './fixtures.ts'

/**
 * Names as the culture writes them (issue 21, ADR 0040): a Japanese account's name is shown family
 * name first, 山田太郎, wherever the portal shows or sends it: the account summary (home and
 * profile tab), the support forms' name (the ticket's requester), the staff record and check-in
 * verify. Other accounts keep given name first.
 */

const STAFF = { email: 'staff@roland.com', password: 'Staff1234' }
/** The suite's portal signs with this (playwright.config.ts). */
const SUITE_SESSION_SECRET = 'e2e-session-secret-of-enough-length'

function japaneseAccount(request: Parameters<typeof activatedAccount>[0]) {
	return activatedAccount(request, {
		prefix: 'yamada',
		firstName: '太郎',
		lastName: '山田',
		profile: { cultureCode: 'ja-JP', country: 'JP', phoneticFirstName: 'タロウ', phoneticLastName: 'ヤマダ' },
	})
}

test('a Japanese account’s own name reads 山田太郎 on the summary and in the support form, in either language', async ({
	page,
	request,
}) => {
	const { email, password } = await japaneseAccount(request)
	await signInDirectly(page, email, password)
	for (const culture of ['en-US', 'ja-JP']) {
		await page.goto(`/?culture_code=${culture}`)
		await expect(page.locator('dl.summary dd').first()).toHaveText('山田太郎')
		await page.goto('/settings/profile')
		await expect(page.locator('dl.summary dd').first()).toHaveText('山田太郎')
		await page.goto('/support/service_request')
		await expect(page.locator('input[name="name"]')).toHaveValue('山田太郎')
	}
})

test('an English account keeps given name first, and reads family first on a Japanese page', async ({
	page,
	request,
}) => {
	const { email, password } = await activatedAccount(request, { prefix: 'keys', firstName: 'Robin', lastName: 'Keys' })
	await signInDirectly(page, email, password)
	await page.goto('/?culture_code=en-US')
	await expect(page.locator('dl.summary dd').first()).toHaveText('Robin Keys')
	await page.goto('/support/service_request')
	await expect(page.locator('input[name="name"]')).toHaveValue('Robin Keys')
	// The profile form asks 姓 first on a Japanese page; the summary above it reads the same way.
	await page.goto('/settings/profile?culture_code=ja-JP')
	await expect(page.locator('dl.summary dd').first()).toHaveText('Keys Robin')
})

test('staff see a Japanese visitor’s name family first on the record and at check-in verify', async ({
	page,
	request,
}) => {
	const { email } = await japaneseAccount(request)
	await signInDirectly(page, STAFF.email, STAFF.password)
	await page.goto(`/settings/admin?user=${encodeURIComponent(email)}`)
	const record = page.getByRole('region', { name: 'User record' })
	await expect(record.getByRole('definition').nth(2)).toHaveText('山田太郎')
	const id = (await record.getByRole('definition').first().textContent())!.trim()

	const pass = await issuePass({ userId: id, event: 'spring-fair-2026' }, SUITE_SESSION_SECRET)
	await page.goto(`/check-in/verify?pass=${encodeURIComponent(pass)}`)
	const result = page.getByRole('region', { name: 'Valid pass' })
	await expect(result).toContainText(`山田太郎 (${email})`)
})
