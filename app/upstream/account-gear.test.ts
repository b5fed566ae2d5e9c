import { describe, expect, it } from 'vitest'
import { account, reply } from '#tests/mocks/handlers.ts'
import { describeNormalisation, failure } from '#tests/mocks/normalisation.ts'
import {
	createRegisteredProduct,
	deleteRegisteredProduct,
	getAnswerInfos,
	getQuestionnaires,
	getRegisteredProducts,
	postAnswers,
} from './account-gear.server.ts'

const access = (request: { headers: Headers }) => expect(request.headers.get('authorization')).toBe('access-token')

describeNormalisation('getRegisteredProducts (GET users/{id}/registeredProducts)', {
	upstream: 'account',
	method: 'get',
	path: 'users/u1/registeredProducts',
	call: (signal) => getRegisteredProducts('access-token', 'u1', signal),
	wrongShape: [{ id: 'rp1' }],
	received: access,
})

describeNormalisation('createRegisteredProduct (POST users/{id}/registeredProducts)', {
	upstream: 'account',
	method: 'post',
	path: 'users/u1/registeredProducts',
	call: (signal) =>
		createRegisteredProduct('access-token', 'u1', { product: { slug: 'td-17' }, serialCode: ' Z1234567 ' }, signal),
	received: (request) => {
		access(request)
		expect(request.json).toEqual({ product: { slug: 'td-17' }, serialCode: 'Z1234567' })
	},
})

describeNormalisation('postAnswers (POST questionnaires/{id}/answerInfos/{aid}/answers)', {
	upstream: 'account',
	method: 'post',
	path: 'questionnaires/q1/answerInfos/a1/answers',
	call: (signal) => postAnswers('access-token', 'q1', 'a1', [], signal),
	received: (request) => {
		access(request)
		expect(request.json).toEqual({ answers: [] })
	},
})

describeNormalisation('deleteRegisteredProduct (DELETE users/{id}/registeredProducts/{rpId})', {
	upstream: 'account',
	method: 'delete',
	path: 'users/u1/registeredProducts/rp1',
	call: (signal) => deleteRegisteredProduct('access-token', 'u1', 'rp1', signal),
	anyShape: true,
	received: access,
})

describe('gear calls: their own handling of failures', () => {
	it("registers a 16-digit serial by its last 7 characters, and keeps the API's refusal text", async () => {
		const hit = account.post(
			'users/u1/registeredProducts',
			reply.json({ message: 'This product is already registered.', code: 'AlreadyRegistered' }, 409),
		)
		const error = await failure(
			createRegisteredProduct('access-token', 'u1', { product: { modelCode: 'TD17' }, serialCode: '0000000001234567' }),
		)
		expect(error).toMatchObject({
			status: 409,
			code: 'AlreadyRegistered',
			message: 'This product is already registered.',
		})
		expect(hit.last.json).toMatchObject({ serialCode: '1234567' })
	})

	it('takes an empty answer to a deletion', async () => {
		account.delete('users/u1/registeredProducts/rp1', reply.empty(204))
		await expect(deleteRegisteredProduct('access-token', 'u1', 'rp1')).resolves.toBeUndefined()
	})

	for (const [what, answer] of [
		['an error status', reply.json({ message: 'Internal error' }, 500)],
		['a body that is not JSON', reply.notJson()],
		['a wrong shape', reply.json({ items: [] })],
		['a dropped connection', reply.drop()],
	] as const) {
		it(`reads the answer infos as none on ${what} (spec 2 §7)`, async () => {
			const hit = account.get('users/u1/registeredProducts/rp1/answerInfos', answer)
			expect(await getAnswerInfos('access-token', 'u1', 'rp1')).toEqual([])
			expect(hit.calls).toHaveLength(1)
		})
	}

	it('asks questionnaires by label and culture, each repeated', async () => {
		const hit = account.get('questionnaires', reply.json([]))
		await getQuestionnaires('access-token', { labelIds: ['l1', 'l2'], cultureCodeIds: ['30'] })
		expect(hit.last.url.searchParams.getAll('labelIds[]')).toEqual(['l1', 'l2'])
		expect(hit.last.url.searchParams.getAll('cultureCodeIds[]')).toEqual(['30'])
	})
})
