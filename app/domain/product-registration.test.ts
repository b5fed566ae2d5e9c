import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import {
	categoriesByBrand,
	deviceOffers,
	registeredToast,
	deviceSerial,
	findCategory,
	hasSerialLength,
	isHandheldUserAgent,
	isLongSerial,
	lastSevenOf,
	modelsOf,
	normaliseModelCode,
	prefillFromCard,
	REGISTRATION_CATEGORIES,
	registerPathForCard,
	registerSchema,
	registrationCardOf,
	registrationOf,
	registrationOutcome,
	registrationRefusal,
	withProduct,
	EMPTY_REGISTER_VALUES,
	type CatalogueProduct,
} from './product-registration.ts'

const CATALOGUE: CatalogueProduct[] = [
	{ slug: 'fp-30x', modelCode: 'FP30X0', name: 'FP-30X Digital Piano', categoryId: 1 },
	{ slug: 'rd-2000', modelCode: 'RD2000', name: 'RD-2000 Stage Piano', categoryId: 1 },
	{ slug: 'juno-x', modelCode: 'JUNOX0', name: 'JUNO-X Synthesizer', categoryId: 3 },
	{ slug: 'ds-1', modelCode: 'DS1000', name: 'DS-1 Distortion', categoryId: 12 },
]

describe('the registration categories (spec 1 §3)', () => {
	it('are the 21 of the spec, ids 1, 3–21 and 23, each of the main or the effects brand', () => {
		expect(REGISTRATION_CATEGORIES).toHaveLength(21)
		expect(REGISTRATION_CATEGORIES.map((c) => c.id)).toEqual([
			1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23,
		])
		expect(new Set(REGISTRATION_CATEGORIES.map((c) => c.labelKey)).size).toBe(21)
	})

	it('group by brand, the main brand first, in the spec order within each', () => {
		const groups = categoriesByBrand()
		expect(groups.map((g) => g.brand)).toEqual(['main', 'effects'])
		expect(groups[0]!.categories.map((c) => c.name)).toEqual([
			'pianos',
			'synthesizers',
			'accordions',
			'keyboards',
			'drums & percussion',
			'production',
			'amplifiers',
			'aira & dj',
			'accessories',
			'video',
		])
		expect(groups[1]!.categories.map((c) => c.id)).toEqual([6, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21])
	})

	it('are found by id, as a number or as the form sends it', () => {
		expect(findCategory('12')?.name).toBe('stompboxes')
		expect(findCategory(23)?.name).toBe('video')
		expect(findCategory('2')).toBeUndefined()
		expect(findCategory('1; drop')).toBeUndefined()
	})

	it('list their models by name; an unknown category has none', () => {
		expect(modelsOf(CATALOGUE, '1').map((p) => p.slug)).toEqual(['fp-30x', 'rd-2000'])
		expect(modelsOf(CATALOGUE, '4')).toEqual([])
		expect(modelsOf(CATALOGUE, '')).toEqual([])
	})
})

describe('serial numbers (spec 1 §5, §9)', () => {
	it.each([
		['1234567', true],
		['AB123456', true],
		[' Z1A2345 ', true],
		['123456', false],
		['123456789', false],
		['', false],
	])('%j has the length of a serial: %s', (serial, ok) => {
		expect(hasSerialLength(serial)).toBe(ok)
	})

	it('recognises a 16-digit serial and keeps its last 7', () => {
		expect(isLongSerial('1234567890123456')).toBe(true)
		expect(isLongSerial(' 1234567890123456 ')).toBe(true)
		expect(isLongSerial('123456789012345')).toBe(false)
		expect(isLongSerial('12345678901234567')).toBe(false)
		expect(isLongSerial('ABCDEFGHIJ123456')).toBe(false)
		expect(lastSevenOf('1234567890123456')).toBe('0123456')
	})
})

describe('model codes', () => {
	it('are six letters or digits, upper-cased', () => {
		expect(normaliseModelCode(' fp30x0 ')).toBe('FP30X0')
		expect(normaliseModelCode('FP-30X')).toBeNull()
		expect(normaliseModelCode('FP30X00')).toBeNull()
	})
})

const TODAY = '2026-11-23'
const schema = registerSchema({ today: TODAY, purchaseMethods: ['1', '2', '3', '4'] })

function parse(fields: Record<string, string>) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	return parseWithZod(form, { schema })
}

function errorsOf(fields: Record<string, string>) {
	const submission = parse(fields)
	expect(submission.status).toBe('error')
	return submission.reply().error ?? {}
}

describe('the register form', () => {
	it('takes a model of a category with a serial and a purchase date', () => {
		const submission = parse({ category: '1', slug: 'fp-30x', serialCode: 'Z1A2345', purchaseDate: '2026-11-01' })
		expect(submission.status).toBe('success')
		if (submission.status !== 'success') return
		expect(registrationOf(submission.value, [])).toEqual({
			product: { slug: 'fp-30x' },
			serialCode: 'Z1A2345',
			purchaseDate: '2026-11-01',
			purchaseMethod: null,
			purchaseDealer: null,
		})
	})

	it('prefers a typed model code to the model chosen, and keeps a dealer of the list as its id', () => {
		const submission = parse({
			slug: 'rd-2000',
			modelCode: 'fp30x0',
			serialCode: 'Z1A2345',
			purchaseDate: TODAY,
			purchaseMethod: '2',
			purchaseDealer: 'harmony hall music',
		})
		expect(submission.status).toBe('success')
		if (submission.status !== 'success') return
		expect(registrationOf(submission.value, [{ id: 's1', name: 'Harmony Hall Music' }])).toMatchObject({
			product: { modelCode: 'FP30X0' },
			purchaseMethod: '2',
			purchaseDealer: 's1',
		})
		expect(registrationOf({ ...submission.value, purchaseDealer: 'Corner Shop' }, []).purchaseDealer).toBe(
			'Corner Shop',
		)
	})

	it('reports every error at once, in the spec’s words', () => {
		expect(errorsOf({ serialCode: '123', purchaseDate: '2026-02-30', purchaseMethod: 'bartered' })).toEqual({
			slug: ['register.productRequired'],
			serialCode: ['register.serialLength'],
			purchaseDate: ['validation.purchaseDateInvalid'],
			purchaseMethod: ['validation.purchaseMethodInvalid'],
		})
	})

	it('asks for the serial and the purchase date', () => {
		expect(errorsOf({ slug: 'fp-30x' })).toEqual({
			serialCode: ['register.serialLength'],
			purchaseDate: ['validation.purchaseDateRequired'],
		})
	})

	it('refuses a purchase date in the future with its own message', () => {
		expect(errorsOf({ slug: 'fp-30x', serialCode: 'Z1A2345', purchaseDate: '2026-12-01' })).toEqual({
			purchaseDate: ['validation.purchaseDateFuture'],
		})
	})

	it('refuses a serial with a space or a character outside the serial alphabet (spec 1 §5)', () => {
		for (const serialCode of ['jx-12 34', 'JX12 345', 'JX-12345', 'JX12345.', 'JX1234é', 'JX12<34', 'Ｊ－１２３４５'])
			expect(errorsOf({ slug: 'fp-30x', serialCode, purchaseDate: TODAY }), serialCode).toEqual({
				serialCode: ['register.serialCharacters'],
			})
	})

	it('takes letters of either case and digits, full-width ones made half-width', () => {
		for (const [typed, sent] of [
			['jx12345', 'jx12345'],
			[' Z1A2345 ', 'Z1A2345'],
			['Ｚ１Ａ２３４５', 'Z1A2345'],
		]) {
			const submission = parse({ slug: 'fp-30x', serialCode: typed!, purchaseDate: TODAY })
			expect(submission.status, typed).toBe('success')
			if (submission.status === 'success') expect(registrationOf(submission.value, []).serialCode).toBe(sent)
		}
	})

	it('tells a 16-digit serial to enter its last 7', () => {
		expect(errorsOf({ slug: 'fp-30x', serialCode: '1234567890123456', purchaseDate: TODAY })).toEqual({
			serialCode: ['register.serialLastSeven'],
		})
	})

	it('finds no product for a model code that cannot be one', () => {
		expect(errorsOf({ modelCode: 'FP-30X', serialCode: 'Z1A2345', purchaseDate: TODAY })).toEqual({
			modelCode: ['register.productNotFound'],
		})
	})
})

describe('registration cards (QR: ?mdl=&serial=, or kept as ProductRegistrationUsingQR)', () => {
	it('need a model code; a serial is kept when it looks like one', () => {
		expect(registrationCardOf({ modelCode: 'fp30x0', serialCode: 'Z1A2345' })).toEqual({
			modelCode: 'FP30X0',
			serialCode: 'Z1A2345',
		})
		expect(registrationCardOf({ modelCode: 'FP30X0', serialCode: '<script>' })).toEqual({
			modelCode: 'FP30X0',
			serialCode: '',
		})
		expect(registrationCardOf({ modelCode: 'nope' })).toBeNull()
		expect(registrationCardOf({ modelCode: 42 })).toBeNull()
		expect(registrationCardOf({})).toBeNull()
	})

	it('fill the form: category and model from the catalogue, the last 7 of a 16-digit serial', () => {
		expect(prefillFromCard({ modelCode: 'FP30X0', serialCode: '1234567890123456' }, CATALOGUE, true)).toEqual({
			values: { ...EMPTY_REGISTER_VALUES, category: '1', slug: 'fp-30x', serialCode: '0123456', fromCard: '1' },
			longSerial: true,
		})
	})

	it('keep a model code the catalogue does not know as typed', () => {
		expect(withProduct(EMPTY_REGISTER_VALUES, CATALOGUE, 'zz9999')).toMatchObject({
			category: '',
			slug: '',
			modelCode: 'ZZ9999',
		})
	})

	it('open the register form by a query', () => {
		expect(registerPathForCard({ modelCode: 'FP30X0', serialCode: 'Z1A2345' })).toBe(
			'/gear/register_product?mdl=FP30X0&serial=Z1A2345',
		)
		expect(registerPathForCard({ modelCode: 'FP30X0', serialCode: '' })).toBe('/gear/register_product?mdl=FP30X0')
	})
})

describe('outcomes (spec 1 §4, §8)', () => {
	it('read the status of a registration the API took', () => {
		expect(registrationOutcome('pending')).toBe('pending')
		expect(registrationOutcome('completed')).toBe('done')
		expect(registrationOutcome('failed')).toBe('failed')
	})

	it.each([
		[{ status: 404, code: 'ProductNotFound', message: 'Product not found.' }, 'productNotFound', 400, 'product'],
		[{ status: 400, code: 'InvalidSerialCode', message: 'x' }, 'serialLength', 400, 'serialCode'],
		[{ status: 400, code: 'InvalidPurchaseDate', message: 'x' }, 'purchaseDate', 400, 'purchaseDate'],
		[{ status: 400, code: 'ProductNotRegistrable', message: 'x' }, 'notRegistrable', 403, undefined],
		[{ status: 409, code: 'AlreadyRegistered', message: 'x' }, 'alreadyRegistered', 409, undefined],
		[{ status: 422, code: 'RegistrationFailed', message: 'x' }, 'failed', 422, undefined],
		[{ status: 502, message: 'Bad gateway' }, 'unavailable', 503, undefined],
		[{ kind: 'timeout', message: 'timed out' }, 'unavailable', 503, undefined],
		[{ status: 401, code: 'TokenExpired', message: 'Token has expired.' }, 'tokenExpired', 401, undefined],
		[{ status: 400, code: 'Whatever', message: 'Something else' }, 'other', 400, undefined],
	])('%j is %s (%i)', (failure, kind, status, field) => {
		const refusal = registrationRefusal({ kind: 'status', ...failure })
		expect(refusal).toMatchObject({ kind, status })
		expect(refusal.field).toBe(field)
	})

	it('read the spec’s messages from an upstream that sends none of our codes', () => {
		const of = (message: string) => registrationRefusal({ kind: 'status', status: 400, message }).key
		expect(of('Product not found.')).toBe('register.productNotFound')
		expect(of('Serial number must be between 7 and 8 characters long.')).toBe('register.serialLength')
		expect(of('Enter a valid date format or use the calendar.')).toBe('validation.purchaseDateInvalid')
		expect(of('Sorry, this product cannot be added in your Region/Country.')).toBe('register.notRegistrable')
		expect(of('This product has been added to your account. Thank you!')).toBe('register.alreadyRegistered')
		expect(
			of('An error has occurred during product registration. Please try again from the Register a Product page.'),
		).toBe('errors.registrationFailed')
	})
})

describe('connected devices to offer (spec 2 §3)', () => {
	const devices = [
		{ pcode: 'FP30X0Z1A2345', modelCode: 'FP30X0', serial: 'Z1A2345', viaDongle: false },
		{ pcode: 'RD2000AB123456', modelCode: 'RD2000', serial: 'AB123456', viaDongle: false },
		{ pcode: 'TD17KVZ2B3456', modelCode: 'TD17KV', serial: 'Z2B3456', viaDongle: false },
		{ pcode: 'DS10001234567890123456', modelCode: 'DS1000', serial: '1234567890123456', viaDongle: true },
	]

	it('leave out what the user has registered, by model and serial (a failed registration does not count)', () => {
		const offers = deviceOffers(
			devices,
			[
				{ product: { slug: 'fp-30x' }, serialCode: 'z1a2345', status: 'completed' },
				{ product: { slug: 'rd-2000' }, serialCode: 'AB123456', status: 'failed' },
			],
			CATALOGUE,
		)
		expect(offers.map((o) => o.modelCode)).toEqual(['RD2000', 'TD17KV', 'DS1000'])
	})

	it('name the catalogue product, or none, and take the last 7 of a 16-digit serial', () => {
		const offers = deviceOffers(devices, [], CATALOGUE)
		expect(offers[2]).toEqual({
			pcode: 'TD17KVZ2B3456',
			modelCode: 'TD17KV',
			serialCode: 'Z2B3456',
			product: null,
			serialUnusable: false,
		})
		expect(offers[3]).toMatchObject({ serialCode: '0123456', product: { slug: 'ds-1' }, serialUnusable: false })
		expect(deviceSerial({ serial: 'ABC' })).toBe('ABC')
		expect(deviceOffers([{ ...devices[0]!, serial: 'ABC' }], [], CATALOGUE)[0]!.serialUnusable).toBe(true)
		expect(deviceOffers([{ ...devices[0]!, serial: 'AB-1234' }], [], CATALOGUE)[0]!.serialUnusable).toBe(true)
	})

	it('match a registration by the model code it carries, when the catalogue lacks it', () => {
		const offers = deviceOffers(
			devices.slice(2, 3),
			[{ product: { slug: 'td-17kv', modelCode: 'td17kv' }, serialCode: 'Z2B3456' }],
			CATALOGUE,
		)
		expect(offers).toEqual([])
	})
})

describe('the smartphone-only notice (spec 1 §8)', () => {
	it.each([
		['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', true],
		['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36', true],
		['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15', true],
		['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', false],
		['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15', false],
		['', false],
	])('%s is handheld: %s', (userAgent, handheld) => {
		expect(isHandheldUserAgent(userAgent)).toBe(handheld)
	})
})

describe('the message of a registration that is done', () => {
	it('names what was registered, not a bare "Updated."', () => {
		expect(registeredToast({ slug: 'fp-30x', name: 'FP-30X Digital Piano' })).toEqual({
			type: 'success',
			message: 'toast.productRegistered',
			values: { name: 'FP-30X Digital Piano' },
		})
		expect(registeredToast({ slug: 'fp-30x', name: null }).values).toEqual({ name: 'fp-30x' })
	})
})
