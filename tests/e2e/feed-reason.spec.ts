import { createAccount, signInDirectly } from './account.ts'
import { feedRegion } from './feed.ts'
import { expect, test } from './fixtures.ts'
import { accountApiSession, registerProducts } from './gear.ts'

/**
 * The feed's reason (issue 21): an owner of more products than it names is told how many more in
 * words, in English and Japanese ("…, and 1 more"; "…、ほか1件"), never "+1".
 */
test('the reason names three products and says how many more, in words', async ({ page, request }) => {
	const account = await createAccount(page, request)
	const session = await accountApiSession(request, account.email, account.password)
	const slugs = ['fp-30x', 'fp-10', 'hp704', 'lx708']
	await registerProducts(
		request,
		session,
		slugs.map((slug, index) => ({ slug, serialCode: `RSN${String(index + 1).padStart(4, '0')}` })),
	)
	await signInDirectly(page, account.email, account.password)

	await page.goto('/feed/all')
	const reason = feedRegion(page, 'all').getByText(/^Because you own /)
	await expect(reason).toHaveText(/^Because you own [^+]+, and 1 more, this feed shows the news of their brands\.$/)

	// The plural ("and 2 more") is the catalogue's: app/domain/culture.test.ts, app/i18n/i18n.server.test.ts.
	await page.goto('/feed/all?culture_code=ja-JP')
	await expect(page.getByText(/をお持ちなので/)).toHaveText(
		/、ほか1件をお持ちなので、そのブランドの最新情報を表示しています。$/,
	)
})
