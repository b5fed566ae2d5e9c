/**
 * Surveys (spec 1 §2 Questionnaire and the product surveys, §3 questionnaire answer info, §5, §8, §9):
 * a registered product's surveys, answered over several pages with JavaScript and without, the
 * answers kept on the server between pages, sent as an answer info and its answers, and then never
 * offered again; 'An answer is required.' beside the question left out; 'Survey not found.'.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { createAccount, DEMO, formPost, signIn, toast } from './account.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { apiSignIn, questionnaireCalls, registeredProducts, registerProduct, surveyCard } from './surveys-helpers.ts'

// Each journey signs a new owner up through the screens first.
test.describe.configure({ timeout: 90_000 })

const PRODUCT_SURVEY = 'Tell us about you and your new gear'
const PURCHASE_SURVEY = 'About your purchase'
const SATISFACTION_SURVEY = 'How is your gear working for you?'

/** A fresh owner, signed in, with one registered product. (Axe runs in the page: JavaScript project only.) */
async function ownerWithProduct(page: Page, request: APIRequestContext) {
	const { email, password } = await createAccount(page, request)
	await signIn(page, email, password)
	const product = await registerProduct(request, await apiSignIn(request, email, password))
	return { email, password, product }
}

test('a survey is answered over its pages, sent as an answer info and answers, then not offered again', async ({
	page,
	request,
	javaScript,
}) => {
	const { email, product } = await ownerWithProduct(page, request)

	await page.goto(`/questionnaire/${product.id}`)
	await expect(page.getByRole('heading', { name: 'Surveys about your FP-30X Digital Piano' })).toBeVisible()
	const first = surveyCard(page, PRODUCT_SURVEY)
	await expect(first.getByText('We would like to hear from you: 4 questions')).toBeVisible()
	// Only the survey in line is offered; the next ones wait for it.
	await expect(surveyCard(page, PURCHASE_SURVEY).getByText('after the survey before it')).toBeVisible()
	if (javaScript) await expectAccessible(page)
	await first.getByRole('link', { name: 'Answer the survey' }).click()

	await expect(page).toHaveURL(`/surveys/product/${product.id}`)
	await expect(page.getByText('Page 1 of 2')).toBeVisible()
	await page
		.getByRole('group', { name: /Where did you first hear/ })
		.getByLabel('In a store')
		.check()
	const uses = page.getByRole('group', { name: /What will you mainly use it for/ })
	await uses.getByLabel('Practice at home').check()
	await uses.getByLabel('Recording and production').check()
	await page
		.getByRole('group', { name: /How long have you been playing/ })
		.getByLabel('5 to 10 years')
		.check()
	if (javaScript) await expectAccessible(page)
	await page.getByRole('button', { name: 'Next' }).click()

	await expect(page).toHaveURL(`/surveys/product/${product.id}?page=2`)
	await expect(page.getByText('Page 2 of 2')).toBeVisible()
	// The answers of page 1 are on the server, not in the page.
	await expect(page.locator('main form input[type="hidden"]')).toHaveCount(0)
	const comments = page.getByLabel(/Is there anything else/)
	await comments.fill('Lovely keys.')
	// Back keeps page 2's text and shows page 1 as answered.
	await page.getByRole('button', { name: 'Back' }).click()
	await expect(page).toHaveURL(`/surveys/product/${product.id}?page=1`)
	await expect(page.getByLabel('In a store')).toBeChecked()
	await expect(page.getByLabel('Recording and production')).toBeChecked()
	await expect(page.getByLabel('Worship')).not.toBeChecked()
	await page.getByRole('button', { name: 'Next' }).click()
	await expect(page.getByLabel(/Is there anything else/)).toHaveValue('Lovely keys.')
	await page.getByRole('button', { name: 'Send answers' }).click()

	await expect(page).toHaveURL(`/surveys/product/${product.id}`)
	await expect(toast(page)).toContainText('You have sent successfully.')
	await expect(page.getByText('You answered this survey on')).toBeVisible()
	await expect(page.getByText('Thank you for your answers.')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Send answers' })).toHaveCount(0)

	const calls = await questionnaireCalls(request, email)
	expect(calls.map((call) => [call.path, call.status])).toEqual([
		['/account/questionnaires/1/answerInfos/', 201],
		[expect.stringMatching(/^\/account\/questionnaires\/1\/answerInfos\/[^/]+\/answers$/), 200],
	])
	expect(calls[0]!.body).toMatchObject({ questionnaire: { id: '1' }, product: { id: product.id }, isDeleted: false })
	expect(calls[1]!.body).toEqual({
		answers: [
			{ questionId: 'heard-about', value: 'store' },
			{ questionId: 'uses', value: ['practice', 'recording'] },
			{ questionId: 'experience', value: '5to10' },
			{ questionId: 'comments', value: 'Lovely keys.' },
		],
	})

	// Not offered again: answered on the product's surveys, no way to answer it twice.
	await page.goto(`/questionnaire/${product.id}`)
	await expect(first.getByText('You answered this survey on')).toBeVisible()
	await expect(first.getByRole('link')).toHaveCount(0)
	await expect(surveyCard(page, PURCHASE_SURVEY).getByText('We will ask you about this from')).toBeVisible()
	await page.goto(`/surveys/product/${product.id}`)
	await expect(page.getByText('You answered this survey on')).toBeVisible()
	await expect(page.getByRole('group')).toHaveCount(0)
})

test('a required answer left out is a 400 with the message beside its question, the other answers kept', async ({
	page,
	request,
	javaScript,
}) => {
	const { email, product } = await ownerWithProduct(page, request)
	await page.goto(`/surveys/satisfaction/${product.id}`)
	await expect(page.getByRole('heading', { name: SATISFACTION_SURVEY })).toBeVisible()

	// The rating is a row of radios; leave it out, answer the others.
	const overall = page.getByRole('group', { name: /Overall, how satisfied/ })
	await expect(overall.getByRole('radio')).toHaveCount(5)
	await page
		.getByRole('group', { name: /What do you like most/ })
		.getByLabel('Sound')
		.check()
	await page
		.getByRole('group', { name: /recommend it to a friend/ })
		.getByLabel('Probably')
		.check()
	const next = formPost(page, `/surveys/satisfaction/${product.id}`)
	await page.getByRole('button', { name: 'Next' }).click()
	expect((await next).status()).toBe(400)
	await expect(overall.getByText('An answer is required.')).toBeVisible()
	await expect(overall).toHaveAccessibleDescription('An answer is required.')
	await expect(page.getByLabel('Sound')).toBeChecked()
	await expect(page.getByLabel('Probably')).toBeChecked()
	await expect(page.getByText('An answer is required.')).toHaveCount(1)
	if (javaScript) await expectAccessible(page)

	await overall.getByLabel('4 – Satisfied').check()
	await page.getByRole('button', { name: 'Next' }).click()
	await expect(page).toHaveURL(/\?page=2$/)

	// The last page: a text kept when the required choice beside it is missing.
	await page.getByLabel(/What could we improve/).fill('More presets.')
	const send = formPost(page, `/surveys/satisfaction/${product.id}`)
	await page.getByRole('button', { name: 'Send answers' }).click()
	expect((await send).status()).toBe(400)
	const contact = page.getByRole('group', { name: /May we contact you/ })
	await expect(contact.getByText('An answer is required.')).toBeVisible()
	await expect(page.getByLabel(/What could we improve/)).toHaveValue('More presets.')
	expect(await questionnaireCalls(request, email)).toEqual([])

	await contact.getByLabel('No').check()
	await page.getByRole('button', { name: 'Send answers' }).click()
	await expect(toast(page)).toContainText('You have sent successfully.')
	const [, answers] = await questionnaireCalls(request, email)
	expect(answers!.body).toEqual({
		answers: [
			{ questionId: 'overall', value: '4' },
			{ questionId: 'best-aspects', value: ['sound'] },
			{ questionId: 'recommend', value: 'probably' },
			{ questionId: 'improvements', value: 'More presets.' },
			{ questionId: 'contact-ok', value: 'no' },
		],
	})
})

test('"not now" puts the offer off until its second display', async ({ page, request }) => {
	const { email, product } = await ownerWithProduct(page, request)
	await page.goto(`/questionnaire/${product.id}`)
	const first = surveyCard(page, PRODUCT_SURVEY)
	await first.getByRole('button', { name: 'Not now' }).click()
	await expect(toast(page)).toContainText('We will ask you again later.')
	await expect(first.getByText('We will ask you about this from')).toBeVisible()
	await expect(first.getByRole('button', { name: 'Not now' })).toHaveCount(0)
	// Still there to answer when the owner wants to.
	await expect(first.getByRole('link', { name: 'Answer the survey' })).toBeVisible()
	const calls = await questionnaireCalls(request, email)
	expect(calls.map((call) => [call.path, call.status])).toEqual([['/account/questionnaires/1/answerInfos/', 201]])
})

test('"Survey not found." for an unknown product and for another owner’s product', async ({
	page,
	request,
	javaScript,
}) => {
	const { product } = await ownerWithProduct(page, request)
	const unknown = '00000000-0000-4000-8000-000000000000'
	for (const path of [`/surveys/purchase/${unknown}`, `/questionnaire/${unknown}`]) {
		const response = await page.goto(path)
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Survey not found.')
	}

	const demo = await apiSignIn(request, DEMO.customer.email, DEMO.customer.password)
	const [theirs] = await registeredProducts(request, demo)
	expect(theirs).toBeDefined()
	const response = await page.goto(`/surveys/satisfaction/${theirs!.id}`)
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Survey not found.')
	await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0)
	if (javaScript) await expectAccessible(page)

	// The owner's own product has the survey.
	expect((await page.goto(`/surveys/satisfaction/${product.id}`))?.status()).toBe(200)
})
