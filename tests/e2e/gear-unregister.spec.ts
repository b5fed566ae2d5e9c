/**
 * Unregistering someone else's product: the unregister form of one's own product, its address
 * changed to another user's registration (what a forged post does), is answered not found, and the
 * other user's product stays registered (ADR 0031).
 */
import { accountTest as test, createAccount, formPost, signIn } from './account.ts'
import { activatedAccount } from './emulator.ts'
import { expect } from './fixtures.ts'
import { accountApiSession, registerProducts, registrationChanges } from './gear.ts'

test('a forged unregister of another user’s product is not found, and nothing is unregistered', async ({
	page,
	request,
}) => {
	const victim = await activatedAccount(request, { prefix: 'victim', firstName: 'Vic', lastName: 'Tim' })
	const victimSession = await accountApiSession(request, victim.email, victim.password)
	const [theirs] = await registerProducts(request, victimSession, [
		{ slug: 'fp-30x', serialCode: 'VIC0001', purchaseDate: '2023-03-14' },
	])

	const me = await createAccount(page, request)
	const mySession = await accountApiSession(request, me.email, me.password)
	const [mine] = await registerProducts(request, mySession, [
		{ slug: 'katana-50-mkii', serialCode: 'OWN0001', purchaseDate: '2024-06-02' },
	])
	await signIn(page, me.email, me.password)

	await page.goto(`/gear/my_gear/${mine!.id}/unregister`)
	const confirm = page.getByRole('button', { name: 'Unregister' })
	await expect(confirm).toBeVisible()
	const forged = `/gear/my_gear/${theirs!.id}/unregister`
	// The form's own address changed, as a forged post would have it; with or without JavaScript it posts there.
	await page.locator('form', { has: confirm }).evaluate((form, action) => form.setAttribute('action', action), forged)
	const submitted = formPost(page, forged)
	await confirm.click()
	expect((await submitted).status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'This product is not among your registered products.' })).toBeVisible()

	// No delete was asked for, and both products are still registered.
	expect(await registrationChanges(request, me.email)).toEqual([])
	expect(await registrationChanges(request, victim.email)).toEqual([])
	const stillTheirs = await request.get(`/_emulator/account/users/${victimSession.userId}/registeredProducts`, {
		headers: { Authorization: victimSession.accessToken },
	})
	expect(((await stillTheirs.json()) as { id: string }[]).map((p) => p.id)).toEqual([theirs!.id])
	await page.goto(`/gear/my_gear/${mine!.id}`)
	await expect(page.getByText('KATANA-50 MkII Amplifier').first()).toBeVisible()
})
