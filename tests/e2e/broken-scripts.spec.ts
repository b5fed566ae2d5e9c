import type { Page } from '@playwright/test'
import { accountTest as test, createAccount, signIn } from './account.ts'
import { expect } from './fixtures.ts'
import {
	chooseByCategory,
	daysAgo,
	fillSerialAndDate,
	pressRegister,
	REGISTER_PATH,
	uniqueSerial,
} from './gear-register.ts'
import { sendServiceRequestAsNewCustomer } from './support.ts'

/**
 * An old browser (Chrome 80, Safari 13: ADR 0059) may fail to parse the portal's JavaScript, built for
 * current browsers, or a script may throw as it loads. The server-rendered page must then work as it
 * does without JavaScript: the browser here has JavaScript on, but the portal's scripts are replaced
 * by one that throws or does not parse, so nothing hydrates.
 */
test.skip(({ javaScript }) => !javaScript, 'a browser whose JavaScript is on and fails; without it is every journey')

/** Serves the scripts whose path matches `path` with `body` instead; returns the errors the page threw. */
async function breakScripts(page: Page, path: RegExp, body: string) {
	const errors: string[] = []
	page.on('pageerror', (error) => errors.push(error.message))
	await page.route(path, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body }))
	return errors
}

test('the client entry throws at load: sign in, then register a product on the server’s page', async ({
	page,
	request,
}) => {
	const errors = await breakScripts(
		page,
		/\/assets\/entry\.client-[\w-]+\.js$/,
		'throw new Error("this browser cannot run the portal’s scripts")',
	)
	const { email, password } = await createAccount(page, request)
	await signIn(page, email, password)
	await page.goto(REGISTER_PATH)
	// The page never hydrated: the models come by the form's own 'Show models' post, as without JavaScript.
	await chooseByCategory(page, false, 'Pianos', 'FP-30X Digital Piano')
	await fillSerialAndDate(page, uniqueSerial('B'), daysAgo(30))
	expect([302, 202]).toContain(await pressRegister(page))
	await expect(page.getByRole('heading', { name: 'Your product is registered' })).toBeVisible()
	expect(errors).toContain('this browser cannot run the portal’s scripts')
})

test('the root route module does not parse: send a support request on the server’s page', async ({ page }) => {
	// Syntax a browser of 2020 does not know would fail the same way: the module is never run.
	const errors = await breakScripts(page, /\/assets\/root-[\w-]+\.js$/, 'export const broken = ;')
	await sendServiceRequestAsNewCustomer(page)
	expect(errors.some((message) => /SyntaxError|Unexpected token/i.test(message))).toBe(true)
})
