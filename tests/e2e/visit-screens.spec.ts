import { accountTest as test, DEMO, signInDirectly, toast } from './account.ts'
import { expect, expectAccessible, themedUrl } from './fixtures.ts'

/** Tools, Homes, the single sign-on's logout landing and the 404 screen (spec 1 §2; ADR 0026). */

test('tools: the portal as support needs it, the summary to copy, and resetting the preferences', async ({
	page,
	context,
	javaScript,
}) => {
	const first = await page.goto('/tools')
	expect(first?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tools')
	const facts = page.getByRole('region', { name: 'Your portal' })
	await expect(facts).toContainText(/Portal version\s*\d+\.\d+\.\d+ \(/)
	await expect(facts).toContainText('Signed inNo')
	await expect(facts).toContainText('Preference cookies setNone')
	const summary = page.getByLabel('Summary', { exact: true })
	await expect(summary).toHaveAttribute('readonly', '')
	await expect(summary).toHaveValue(/Signed in: No\nPreference cookies set: None/)

	// A brand and a culture chosen by link are kept in cookies: the page says which.
	await page.goto('/tools?theme=pdp&culture_code=en-GB')
	await page.goto('/tools')
	await expect(facts).toContainText('Themepdp')
	await expect(facts).toContainText('Cultureen-GB')
	await expect(facts).toContainText('Preference cookies settheme, culture')
	await expect(summary).toHaveValue(/Culture: en-GB\nTheme: pdp\n/)
	if (javaScript) await expectAccessible(page)

	await page.getByRole('button', { name: 'Reset my preferences' }).click()
	await expect(toast(page)).toContainText('Your preferences were reset.')
	await expect(page).toHaveURL('/tools')
	await expect(facts).toContainText('Preference cookies setNone')
	await expect(facts).toContainText('Themedw')
	expect((await context.cookies()).map((c) => c.name).filter((n) => ['theme', 'culture'].includes(n))).toEqual([])

	// Signed in: said so, with the customer's own account id and nothing else of theirs.
	await signInDirectly(page, DEMO.customer.email, DEMO.customer.password)
	await page.goto('/tools')
	await expect(facts).toContainText('Signed inYes')
	await expect(summary).toHaveValue(/Signed in: Yes\nAccount id: [\w-]+\n/)
	await expect(summary).not.toHaveValue(new RegExp(DEMO.customer.email))
})

test('homes: every brand’s portal, its own host where it has one, this one marked', async ({ page, baseURL }) => {
	await signInDirectly(page, DEMO.customer.email, DEMO.customer.password)
	await page.goto('/homes')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText("Our brands' portals")
	const portals = page.getByRole('main').getByRole('listitem')
	await expect(portals).toHaveCount(9)
	await expect(page.getByRole('link', { name: 'Effects Owners Portal' })).toHaveAttribute(
		'href',
		themedUrl('effects', '/', baseURL),
	)
	await expect(page.getByRole('link', { name: 'PDP Owners Portal' })).toHaveAttribute('href', '/?theme=pdp')
	await expect(page.getByRole('link', { name: 'DW Owners Portal' })).toHaveAttribute('aria-current', 'page')

	await page.getByRole('link', { name: 'Effects Owners Portal' }).click()
	await expect(page.getByRole('banner')).toContainText('Effects Owners Portal')
	await page.goto('/homes')
	await page.getByRole('link', { name: 'PDP Owners Portal' }).click()
	await expect(page.getByRole('banner')).toContainText('PDP Owners Portal')
})

test('the single sign-on’s logout landing ends the session and says so', async ({ page, javaScript }) => {
	await signInDirectly(page, DEMO.customer.email, DEMO.customer.password)
	const response = await page.goto('/oauth2/logout')
	expect(response?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signed out')
	await expect(page.getByRole('main').getByRole('status')).toHaveText('You have been signed out.')
	if (javaScript) await expectAccessible(page)
	await page.goto('/settings')
	await expect(page).toHaveURL('/login?redirectTo=%2Fsettings')
	// Signed out already: the page says the same and changes nothing.
	await page.goto('/oauth2/logout')
	await expect(page.getByRole('main').getByRole('status')).toHaveText('You have been signed out.')
})

test('a thrown not-found is the 404 screen inside the portal; an unknown path goes home', async ({
	page,
	javaScript,
}) => {
	await signInDirectly(page, DEMO.customer.email, DEMO.customer.password)
	const response = await page.goto('/gear/register_product/00000000-0000-4000-8000-000000000000')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('banner')).toContainText('DW Owners Portal')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
	await expect(page.getByRole('main')).toContainText('We could not find that page.')
	await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
	await expect(page).toHaveTitle('Page not found · DW Owners Portal')
	if (javaScript) await expectAccessible(page)

	const product = await page.goto('/products/no-such-product')
	expect(product?.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product not found.')
	await page.getByRole('link', { name: 'Go to the home page' }).click()
	await expect(page).toHaveURL('/')

	await page.goto('/no/such/page')
	await expect(page).toHaveURL('/')
})
