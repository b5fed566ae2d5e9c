import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '#server/emulator/demo.ts'
import { insertProduct } from '#server/emulator/account/products.ts'
import { insertUser, tokenSubject } from '#server/emulator/account/users.ts'
import { failure, startEmulator, type RunningEmulator } from './emulator.ts'

let emu: RunningEmulator
let gear: typeof import('#app/upstream/account-gear.server.ts')

const SLOW_DELAY_SECONDS = 30

beforeAll(async () => {
	emu = await startEmulator()
	gear = await import('#app/upstream/account-gear.server.ts')
	// Fixtures of our own, so these tests do not depend on the catalogue's.
	const db = emu.emulator.context().db
	const product = { brand: 'main', categoryId: 1, image: 'https://images.example/piano.png', data: {} }
	insertProduct(db, {
		...product,
		slug: 'gear-test-piano',
		modelCode: 'GTPIA1',
		name: 'Test Piano',
		registrableCountries: null,
	})
	insertProduct(db, {
		...product,
		slug: 'gear-test-jp-only',
		modelCode: 'GTJPN1',
		name: 'Japan-only Piano',
		registrableCountries: ['JP'],
	})
	insertProduct(db, {
		...product,
		slug: 'gear-test-slow',
		modelCode: 'GTSLW1',
		name: 'Slow Synth',
		registrableCountries: null,
		data: { registrationDelaySeconds: SLOW_DELAY_SECONDS },
	})
})
afterAll(() => emu.stop())

/** A fresh signed-in user of the emulated account API. */
async function newUser(country = 'US') {
	const ctx = emu.emulator.context()
	const user = insertUser(ctx, {
		email: `gear-${randomUUID()}@example.com`,
		password: 'Secret1234',
		status: 'active',
		profile: { firstName: 'Gear', lastName: 'Tester', country, cultureCode: 'en-US' },
	})
	const { accessToken } = await ctx.tokens.issue(tokenSubject(user))
	return { userId: user.id, accessToken }
}

const registration = (serialCode: string, slug = 'gear-test-piano') => ({
	product: { slug },
	serialCode,
	purchaseDate: '2024-05-01',
	purchaseMethod: '1',
	purchaseDealer: 'Corner Music',
})

describe('registered products', () => {
	it("lists the demo customer's seeded gear, one of them with an answered survey", async () => {
		const customer = DEMO_ACCOUNTS.customer
		const { accessToken } = await emu.emulator
			.context()
			.tokens.issue({ id: customer.id, email: customer.email, emailVerified: true })
		const products = await gear.getRegisteredProducts(accessToken, customer.id)
		expect(products.map((p) => p.product.slug)).toEqual(['td-07dmk', 'fp-30x', 'katana-50-mkii'])
		expect(products.every((p) => p.status === 'completed')).toBe(true)
		const piano = products.find((p) => p.product.slug === 'fp-30x')!
		expect(piano).toMatchObject({
			serialCode: 'A1B2345',
			purchaseDate: '2023-03-14',
			purchaseMethod: '1',
			product: { brand: { value: 'main' } },
		})
		expect(piano.answerInfos).toHaveLength(1)
		expect(piano.answerInfos[0]).toMatchObject({ questionnaire: { name: 'ProductSurvey' }, isDeleted: false })
		expect(piano.answerInfos[0]!.answeredDate).not.toBeNull()
	})

	it("refuses another user's list, and a bad token", async () => {
		const me = await newUser()
		const other = await newUser()
		expect(await failure(gear.getRegisteredProducts(me.accessToken, other.userId))).toMatchObject({
			status: 403,
			message: 'Access Denied',
		})
		expect(await failure(gear.getRegisteredProducts('not-a-token', me.userId))).toMatchObject({ status: 401 })
	})

	it("answers another user's registration as not found under one's own id, and leaves it registered", async () => {
		const owner = await newUser()
		const other = await newUser()
		const theirs = await gear.createRegisteredProduct(owner.accessToken, owner.userId, registration('OWN0001'))
		const notFound = { status: 404, message: 'Registered product not found.' }
		expect(await failure(gear.getRegisteredProduct(other.accessToken, other.userId, theirs.id))).toMatchObject(notFound)
		expect(
			await failure(gear.updateRegisteredProduct(other.accessToken, other.userId, theirs.id, { purchaseDealer: 'x' })),
		).toMatchObject(notFound)
		expect(await failure(gear.deleteRegisteredProduct(other.accessToken, other.userId, theirs.id))).toMatchObject(
			notFound,
		)
		expect(await gear.getRegisteredProduct(owner.accessToken, owner.userId, theirs.id)).toMatchObject({
			id: theirs.id,
			purchaseDealer: 'Corner Music',
		})
	})

	it('registers a product by slug or model code and lists it', async () => {
		const user = await newUser()
		const created = await gear.createRegisteredProduct(user.accessToken, user.userId, registration('ab12cd3'))
		expect(created).toMatchObject({
			serialCode: 'AB12CD3',
			status: 'completed',
			purchaseDate: '2024-05-01',
			purchaseDealer: 'Corner Music',
			product: { slug: 'gear-test-piano', modelCode: 'GTPIA1', brand: { value: 'main' } },
			answerInfos: [],
		})
		const byModelCode = await gear.createRegisteredProduct(user.accessToken, user.userId, {
			product: { modelCode: 'GTPIA1' },
			serialCode: 'ZZ99887',
		})
		expect(byModelCode.product.slug).toBe('gear-test-piano')
		const listed = await gear.getRegisteredProducts(user.accessToken, user.userId)
		expect(listed.map((p) => p.id)).toEqual([created.id, byModelCode.id])
	})

	it('registers a 16-digit serial by its last 7 digits', async () => {
		const user = await newUser()
		const created = await gear.createRegisteredProduct(user.accessToken, user.userId, registration('1234567890123456'))
		expect(created.serialCode).toBe('0123456')
	})

	it('refuses an unknown product, a bad serial and a bad purchase date', async () => {
		const user = await newUser()
		expect(
			await failure(
				gear.createRegisteredProduct(user.accessToken, user.userId, registration('ABC1234', 'no-such-product')),
			),
		).toMatchObject({
			status: 404,
			message: 'Product not found.',
		})
		expect(
			await failure(gear.createRegisteredProduct(user.accessToken, user.userId, registration('ABC12'))),
		).toMatchObject({
			status: 400,
			message: 'Serial number must be between 7 and 8 characters long.',
		})
		expect(
			await failure(gear.createRegisteredProduct(user.accessToken, user.userId, registration('ABC123456'))),
		).toMatchObject({ status: 400 })
		for (const purchaseDate of ['2023-02-30', '01/05/2024', '2999-01-01']) {
			const error = await failure(
				gear.createRegisteredProduct(user.accessToken, user.userId, { ...registration('ABC1234'), purchaseDate }),
			)
			expect(error).toMatchObject({ status: 400, message: 'Enter a valid date format or use the calendar.' })
		}
		expect(await gear.getRegisteredProducts(user.accessToken, user.userId)).toEqual([])
	})

	it("refuses a product not registrable in the user's country, and accepts it where it is", async () => {
		const american = await newUser('US')
		const error = await failure(
			gear.createRegisteredProduct(american.accessToken, american.userId, registration('JPN0001', 'gear-test-jp-only')),
		)
		expect(error).toMatchObject({
			status: 400,
			code: 'ProductNotRegistrable',
			message: 'Sorry, this product cannot be added in your Region/Country.',
		})
		const japanese = await newUser('JP')
		const created = await gear.createRegisteredProduct(
			japanese.accessToken,
			japanese.userId,
			registration('JPN0001', 'gear-test-jp-only'),
		)
		expect(created.status).toBe('completed')
	})

	it('refuses a product and serial the user has registered already', async () => {
		const user = await newUser()
		await gear.createRegisteredProduct(user.accessToken, user.userId, registration('DUP1234'))
		const error = await failure(gear.createRegisteredProduct(user.accessToken, user.userId, registration('dup1234')))
		expect(error).toMatchObject({ status: 409, message: 'This product has been added to your account. Thank you!' })
		expect(await gear.getRegisteredProducts(user.accessToken, user.userId)).toHaveLength(1)
		// Someone else may register the same serial: the rule is per user.
		const other = await newUser()
		await gear.createRegisteredProduct(other.accessToken, other.userId, registration('DUP1234'))
	})

	it('fails a registration with the failure fixture serial and keeps nothing', async () => {
		const user = await newUser()
		const error = await failure(gear.createRegisteredProduct(user.accessToken, user.userId, registration('0000123')))
		expect(error).toMatchObject({
			status: 422,
			message: 'An error has occurred during product registration. Please try again from the Register a Product page.',
		})
		expect(await gear.getRegisteredProducts(user.accessToken, user.userId)).toEqual([])
	})

	it('keeps a slow product pending until its time is up, then completes or fails it', async () => {
		const user = await newUser()
		const slow = await gear.createRegisteredProduct(
			user.accessToken,
			user.userId,
			registration('SLOW001', 'gear-test-slow'),
		)
		const doomed = await gear.createRegisteredProduct(
			user.accessToken,
			user.userId,
			registration('0000777', 'gear-test-slow'),
		)
		expect([slow.status, doomed.status]).toEqual(['pending', 'pending'])
		// Pending counts as registered.
		expect(
			await failure(
				gear.createRegisteredProduct(user.accessToken, user.userId, registration('SLOW001', 'gear-test-slow')),
			),
		).toMatchObject({ status: 409 })
		await emu.advanceClock((SLOW_DELAY_SECONDS - 5) * 1000)
		expect((await gear.getRegisteredProduct(user.accessToken, user.userId, slow.id)).status).toBe('pending')
		await emu.advanceClock(6 * 1000)
		expect(await gear.getRegisteredProduct(user.accessToken, user.userId, slow.id)).toMatchObject({
			status: 'completed',
			statusMessage: null,
		})
		const failed = (await gear.getRegisteredProducts(user.accessToken, user.userId)).find((p) => p.id === doomed.id)!
		expect(failed).toMatchObject({
			status: 'failed',
			statusMessage: expect.stringContaining('An error has occurred during product registration'),
		})
		expect(await failure(gear.getRegisteredProduct(user.accessToken, user.userId, randomUUID()))).toMatchObject({
			status: 404,
		})
	})

	it('updates the purchase details and the serial', async () => {
		const user = await newUser()
		const first = await gear.createRegisteredProduct(user.accessToken, user.userId, registration('UPD0001'))
		const second = await gear.createRegisteredProduct(user.accessToken, user.userId, registration('UPD0002'))
		const updated = await gear.updateRegisteredProduct(user.accessToken, user.userId, first.id, {
			purchaseDate: '2023-12-24',
			purchaseDealer: 'Another Dealer',
			serialCode: 'upd0009',
		})
		expect(updated).toMatchObject({
			serialCode: 'UPD0009',
			purchaseDate: '2023-12-24',
			purchaseDealer: 'Another Dealer',
			purchaseMethod: '1',
		})
		const listed = await gear.getRegisteredProducts(user.accessToken, user.userId)
		expect(listed.find((p) => p.id === first.id)).toMatchObject({
			serialCode: 'UPD0009',
			purchaseDealer: 'Another Dealer',
		})

		expect(
			await failure(
				gear.updateRegisteredProduct(user.accessToken, user.userId, first.id, { serialCode: second.serialCode }),
			),
		).toMatchObject({ status: 409 })
		expect(
			await failure(gear.updateRegisteredProduct(user.accessToken, user.userId, first.id, { serialCode: 'X1' })),
		).toMatchObject({
			status: 400,
			message: 'Serial number must be between 7 and 8 characters long.',
		})
		expect(
			await failure(gear.updateRegisteredProduct(user.accessToken, user.userId, randomUUID(), { purchaseDealer: 'x' })),
		).toMatchObject({ status: 404 })
		expect(await failure(gear.updateRegisteredProduct(user.accessToken, user.userId, first.id, {}))).toMatchObject({
			status: 400,
			message: 'Invalid parameters.',
		})
	})

	it('unregisters a product once', async () => {
		const user = await newUser()
		const created = await gear.createRegisteredProduct(user.accessToken, user.userId, registration('DEL0001'))
		await gear.deleteRegisteredProduct(user.accessToken, user.userId, created.id)
		expect(await gear.getRegisteredProducts(user.accessToken, user.userId)).toEqual([])
		expect(await failure(gear.deleteRegisteredProduct(user.accessToken, user.userId, created.id))).toMatchObject({
			status: 404,
		})
		// Unregistered, it may be registered again.
		await gear.createRegisteredProduct(user.accessToken, user.userId, registration('DEL0001'))
	})
})

describe('questionnaires and answer infos', () => {
	it('lists the surveys by label, in English or Japanese', async () => {
		const user = await newUser()
		const all = await gear.getQuestionnaires(user.accessToken)
		expect(all.map((q) => q.name)).toEqual(['ProductSurvey', 'ProductSurvey1', 'ProductSurvey2'])
		expect(all.every((q) => q.questions.length >= 4 && q.questions.length <= 6)).toBe(true)
		const types = new Set(all.flatMap((q) => q.questions.map((question) => question.type)))
		expect(types).toEqual(new Set(['singleChoice', 'multipleChoice', 'freeText', 'rating']))

		const purchase = await gear.getQuestionnaires(user.accessToken, { labelIds: ['2'], cultureCodeIds: ['ja-JP'] })
		expect(purchase).toHaveLength(1)
		expect(purchase[0]).toMatchObject({
			name: 'ProductSurvey1',
			labels: [{ id: '2' }],
			cultureCode: { value: 'ja-JP' },
			management: { cultureCode: 'ja-JP' },
		})
		expect(purchase[0]!.title).toBe('ご購入について')

		// A cultureCodes master-list id picks the same texts.
		const byId = await gear.getQuestionnaires(user.accessToken, {
			labelIds: ['2', '3'],
			cultureCodeIds: [purchase[0]!.cultureCode.id],
		})
		expect(byId.map((q) => q.name)).toEqual(['ProductSurvey1', 'ProductSurvey2'])
		expect(byId[0]!.title).toBe('ご購入について')
		expect(await gear.getQuestionnaires(user.accessToken, { labelIds: ['99'] })).toEqual([])
		expect(await failure(gear.getQuestionnaires('not-a-token'))).toMatchObject({ status: 401 })
	})

	it('reads one survey by id or name, and refuses an unknown one', async () => {
		const user = await newUser()
		const satisfaction = await gear.getQuestionnaire(user.accessToken, '3')
		expect(satisfaction).toMatchObject({ name: 'ProductSurvey2', cultureCode: { value: 'en-JM' } })
		expect((await gear.getQuestionnaire(user.accessToken, 'ProductSurvey2', { cultureCodeIds: ['en-US'] })).id).toBe(
			'3',
		)
		expect(await failure(gear.getQuestionnaire(user.accessToken, '404'))).toMatchObject({
			status: 404,
			message: 'Survey not found.',
		})
	})

	it('creates an answer info for a registered product, once', async () => {
		const user = await newUser()
		const product = await gear.createRegisteredProduct(user.accessToken, user.userId, registration('ANS0001'))
		const body = {
			user: { id: user.userId },
			isDeleted: false,
			questionnaire: { id: '2' },
			product: { id: product.id },
		}
		const info = await gear.createAnswerInfo(user.accessToken, '2', body)
		expect(info).toMatchObject({
			user: { id: user.userId },
			isDeleted: false,
			questionnaire: { id: '2', name: 'ProductSurvey1' },
			product: { id: product.id, slug: 'gear-test-piano' },
			answers: [],
			answeredDate: null,
		})
		expect((await gear.createAnswerInfo(user.accessToken, '2', body)).id).toBe(info.id)
		expect((await gear.getAnswerInfos(user.accessToken, user.userId, product.id)).map((a) => a.id)).toEqual([info.id])

		expect(
			await failure(gear.createAnswerInfo(user.accessToken, '404', { ...body, questionnaire: { id: '404' } })),
		).toMatchObject({
			status: 404,
			message: 'Survey not found.',
		})
		const other = await newUser()
		expect(
			await failure(gear.createAnswerInfo(other.accessToken, '2', { ...body, user: { id: other.userId } })),
		).toMatchObject({
			status: 404,
			message: 'Product not found.',
		})
		expect(await failure(gear.createAnswerInfo(other.accessToken, '2', body))).toMatchObject({ status: 403 })
	})

	it('gives an empty list of answer infos when the call fails', async () => {
		const user = await newUser()
		expect(await gear.getAnswerInfos(user.accessToken, user.userId, randomUUID())).toEqual([])
		expect(await gear.getAnswerInfos('not-a-token', user.userId, randomUUID())).toEqual([])
	})

	it('takes answers when every required question is answered', async () => {
		const user = await newUser()
		const product = await gear.createRegisteredProduct(user.accessToken, user.userId, registration('ANS0002'))
		const info = await gear.createAnswerInfo(user.accessToken, '3', {
			user: { id: user.userId },
			isDeleted: false,
			questionnaire: { id: '3' },
			product: { id: product.id },
		})

		const missing = await failure(
			gear.postAnswers(user.accessToken, '3', info.id, [{ questionId: 'overall', value: '5' }]),
		)
		expect(missing).toMatchObject({ status: 400, message: 'An answer is required.', body: { questionId: 'recommend' } })
		const badChoice = await failure(
			gear.postAnswers(user.accessToken, '3', info.id, [
				{ questionId: 'overall', value: 'superb' },
				{ questionId: 'recommend', value: 'definitely' },
				{ questionId: 'contact-ok', value: 'no' },
			]),
		)
		expect(badChoice).toMatchObject({ status: 400, message: 'Invalid parameters.' })

		const answered = await gear.postAnswers(user.accessToken, '3', info.id, [
			{ questionId: 'overall', value: '4' },
			{ questionId: 'best-aspects', value: ['sound', 'build'] },
			{ questionId: 'recommend', value: 'probably' },
			{ questionId: 'improvements', value: '  More presets please.  ' },
			{ questionId: 'contact-ok', value: 'no' },
		])
		expect(answered.answeredDate).not.toBeNull()
		expect(answered.answers).toContainEqual({ questionId: 'improvements', value: 'More presets please.' })
		const listed = await gear.getRegisteredProducts(user.accessToken, user.userId)
		expect(listed[0]!.answerInfos[0]).toMatchObject({ id: info.id, answers: answered.answers })

		expect(await failure(gear.postAnswers(user.accessToken, '2', info.id, answered.answers))).toMatchObject({
			status: 404,
		})
		const other = await newUser()
		expect(await failure(gear.postAnswers(other.accessToken, '3', info.id, answered.answers))).toMatchObject({
			status: 404,
		})
	})

	it('marks the answer infos of an unregistered product deleted', async () => {
		const user = await newUser()
		const product = await gear.createRegisteredProduct(user.accessToken, user.userId, registration('ANS0003'))
		const info = await gear.createAnswerInfo(user.accessToken, '1', {
			user: { id: user.userId },
			questionnaire: { id: '1' },
			product: { id: product.id },
		})
		await gear.deleteRegisteredProduct(user.accessToken, user.userId, product.id)
		expect(await failure(gear.postAnswers(user.accessToken, '1', info.id, []))).toMatchObject({ status: 404 })
	})
})
