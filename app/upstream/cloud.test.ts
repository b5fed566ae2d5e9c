import { describe, expect, it } from 'vitest'
import { cloud, reply } from '#tests/mocks/handlers.ts'
import { describeNormalisation, failure } from '#tests/mocks/normalisation.ts'
import {
	anonymizeUser,
	cancelSubscription,
	getOffers,
	getUserSubscriptions,
	putUser,
	registerKey,
	validateToken,
} from './cloud.server.ts'
import { keyRegistrationFailure } from './contract/cloud.ts'

const bearer = (request: { headers: Headers }) => expect(request.headers.get('authorization')).toBe('Bearer id-token')

describeNormalisation('getUserSubscriptions (GET api/account-details/user-subscriptions)', {
	upstream: 'cloud',
	method: 'get',
	path: 'api/account-details/user-subscriptions',
	call: (signal) => getUserSubscriptions('id-token', { signal }),
	wrongShape: [{ id: 's1' }],
	received: bearer,
})

describeNormalisation('putUser (POST api/service, action put-user)', {
	upstream: 'cloud',
	method: 'post',
	path: 'api/service',
	call: (signal) => putUser('id-token', { email: 'member@example.com', country: 'US' }, { signal }),
	received: (request) => {
		bearer(request)
		expect(request.json).toEqual({ action: 'put-user', email: 'member@example.com', country: 'US' })
	},
})

describeNormalisation('validateToken (POST api/token/{source}/validate)', {
	upstream: 'cloud',
	method: 'post',
	path: 'api/token/5/validate',
	call: (signal) => validateToken('id-token', { source: 5, email: 'm@example.com', planIds: ['p1'] }, { signal }),
	received: (request) => {
		bearer(request)
		expect(request.json).toEqual({ ProductIds: [], OfferId: null, Email: 'm@example.com', PlanIds: ['p1'] })
	},
})

describeNormalisation('getOffers (a configured public JSON list)', {
	upstream: 'cloud',
	method: 'get',
	path: 'content/offers.json',
	call: (signal) => getOffers({ signal }),
	wrongShape: { offers: [] },
	received: (request) => expect(request.headers.has('authorization')).toBe(false),
})

describe('cloud calls: their own handling of failures', () => {
	it("anonymize ignores a 'was not found' error, from its message or its error field (spec 2 §8)", async () => {
		const hit = cloud.post(
			'api/service',
			reply.json({ message: 'User u1 was not found' }, 404),
			reply.json({ error: 'Customer was not found.' }, 400),
		)
		expect(await anonymizeUser('id-token')).toBeNull()
		expect(await anonymizeUser('id-token')).toBeNull()
		expect(hit.calls.map((r) => r.json)).toEqual([{ action: 'put-anonymize' }, { action: 'put-anonymize' }])
	})

	it('anonymize passes every other failure on', async () => {
		cloud.post('api/service', reply.text('Not Found', 404, 'text/plain'))
		expect(await failure(anonymizeUser('id-token'))).toMatchObject({
			status: 404,
			message: 'Request failed with status code 404',
		})
		cloud.post('api/service', reply.drop())
		expect((await failure(anonymizeUser('id-token'))).kind).toBe('network')
	})

	it('refuses to anonymize on an answer that is not one', async () => {
		cloud.post('api/service', reply.json({ anonymized: false }))
		expect((await failure(anonymizeUser('id-token'))).kind).toBe('malformed')
	})

	it("rethrows a key registration's refusal with its RCM status (spec 2 §7)", async () => {
		const hit = cloud.post(
			'api/notifications/key/KEY-1/register',
			reply.json({ message: 'RCM-STATUS-ALREADY-REGISTERED', code: 'RCM-STATUS-ALREADY-REGISTERED' }, 409),
		)
		const error = await failure(registerKey('id-token', { key: ' KEY-1 ', productCode: 'TD17' }))
		expect(error).toMatchObject({ status: 409, message: 'RCM-STATUS-ALREADY-REGISTERED' })
		expect(keyRegistrationFailure(error.body)).toBe('alreadyRegistered')
		expect(hit.last.url.searchParams.get('productCode')).toBe('TD17')
		bearer(hit.last)
	})

	it('does not stop renewing a subscription the processor failed to cancel', async () => {
		const processor = cloud.delete(
			'api/Processors/subscription/s1',
			reply.json({ message: 'Processor unavailable' }, 503),
		)
		const service = cloud.post('api/service', reply.json({}))
		const error = await failure(cancelSubscription('id-token', { subscriptionId: 's1', cancellationReason: 'disuse' }))
		expect(error).toMatchObject({ status: 503, message: 'Processor unavailable' })
		expect(processor.calls).toHaveLength(1)
		expect(service.calls).toHaveLength(0)
	})
})
