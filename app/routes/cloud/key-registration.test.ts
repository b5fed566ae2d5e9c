import { parseWithZod } from '@conform-to/zod/v4'
import { beforeEach, describe, expect, it } from 'vitest'
import { cloud, reply } from '#tests/mocks/handlers.ts'
import { EntitlementKeySchema, SerialNumberSchema } from '#app/domain/cloud-entitlement-key-form.ts'
import { createLruCache } from '#app/upstream/cache.server.ts'
import { setCloudListsCache } from '#app/upstream/cloud-lists.server.ts'
import { registerOrRefuse } from './key-registration.server.ts'

const HARDWARE = [
	{ productCode: 'JD-08', name: 'JD-08 Sound Module', image: 'https://cdn.example/jd-08.svg', productIds: ['jd-800'] },
]

const userProduct = (productId: string, name: string) => ({
	id: `up-${productId}`,
	productId,
	productCode: productId.toUpperCase(),
	name,
	image: `https://cdn.example/${productId}.svg`,
	userProductType: 2,
	productType: 'Purchase',
	ruleType: null,
	UserRuleId: null,
	UserSubscriptionRuleId: null,
	subscriptionId: null,
	entitlementKey: null,
	serialNumber: 'J08D1000',
	grantedDate: '2026-11-26T00:00:00.000Z',
	expiresDate: null,
})

function submission(tab: 'key' | 'serial_number', fields: Record<string, string>) {
	const data = new FormData()
	for (const [name, value] of Object.entries(fields)) data.set(name, value)
	return tab === 'key'
		? parseWithZod(data, { schema: EntitlementKeySchema })
		: parseWithZod(data, { schema: SerialNumberSchema })
}

function send(tab: 'key' | 'serial_number', key: string, productCode = 'JD-08') {
	return registerOrRefuse({
		idToken: 'id-token',
		tab,
		key,
		productCode,
		submission: submission(tab, tab === 'key' ? { key, productCode } : { serialNumber: key, productCode }),
		signal: new AbortController().signal,
	})
}

async function refusal(answer: Awaited<ReturnType<typeof send>>) {
	if (answer.kind !== 'refused') throw new Error('expected a refusal')
	const { data, init } = answer.response as unknown as {
		data: { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> }; outcome: string }
		init: { status: number }
	}
	return { status: init.status, outcome: data.outcome, errors: data.result.error, typed: data.result.initialValue }
}

beforeEach(() => {
	setCloudListsCache(createLruCache())
	cloud.get('content/hardware-products.json', reply.json(HARDWARE))
})

describe('registerOrRefuse', () => {
	it('registers a serial: the receipt names what was registered, the hardware and the products granted', async () => {
		const hub = cloud.post(
			'api/notifications/key/J08D1000/register',
			reply.json({
				message: 'RCM-STATUS-DONE',
				kind: 'SerialNumber',
				key: 'J08D1000',
				productCode: 'JD-08',
				products: [userProduct('jd-800', 'JD-800')],
			}),
		)
		expect(await send('serial_number', 'J08D1000')).toEqual({
			kind: 'registered',
			receipt: {
				tab: 'serial_number',
				registered: 'J08D1000',
				hardwareName: 'JD-08 Sound Module',
				productNames: ['JD-800'],
			},
		})
		expect(hub.last.url.searchParams.get('productCode')).toBe('JD-08')
		expect(hub.last.headers.get('authorization')).toBe('Bearer id-token')
	})

	it('says a refusal on the form (400), what was typed kept', async () => {
		cloud.post(
			'api/notifications/key/RCLK-J8LT-0003-CCCC/register',
			reply.json({ message: 'RCM-STATUS-ALREADY-REGISTERED', code: 'RCM-STATUS-ALREADY-REGISTERED' }, 409),
		)
		expect(await refusal(await send('key', 'RCLK-J8LT-0003-CCCC'))).toEqual({
			status: 400,
			outcome: 'alreadyRegistered',
			errors: { '': ['cloudKey.key.outcomes.alreadyRegistered'] },
			typed: { key: 'RCLK-J8LT-0003-CCCC', productCode: 'JD-08' },
		})
	})

	it('takes a 2xx that is not RCM-STATUS-DONE for a registration that did not happen', async () => {
		cloud.post('api/notifications/key/RCLK-JUNO-1000-CARD/register', reply.json({ message: 'OK' }))
		expect(await refusal(await send('key', 'RCLK-JUNO-1000-CARD'))).toMatchObject({
			status: 400,
			outcome: 'unableToRegister',
			errors: { '': ['cloudKey.key.outcomes.unableToRegister'] },
		})
	})

	it('answers 503 and "try again" when the hub fails', async () => {
		cloud.post('api/notifications/key/J08D1000/register', reply.json({ message: 'Service Unavailable' }, 503))
		expect(await refusal(await send('serial_number', 'J08D1000'))).toMatchObject({
			status: 503,
			outcome: 'unavailable',
			errors: { '': ['toast.tryAgain'] },
		})
		cloud.post('api/notifications/key/J08D1000/register', reply.drop())
		expect(await refusal(await send('serial_number', 'J08D1000'))).toMatchObject({ status: 503 })
	})

	it('refuses a hardware product that is not on the list without asking the hub', async () => {
		const hub = cloud.post('api/notifications/key/J08D1000/register', reply.json({}))
		expect(await refusal(await send('serial_number', 'J08D1000', 'TB-303'))).toMatchObject({
			status: 400,
			errors: { productCode: ['cloudKey.errors.hardwareProductRequired'] },
		})
		expect(hub.calls).toHaveLength(0)
	})
})
