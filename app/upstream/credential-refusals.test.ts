import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { cloud, reply } from '#tests/mocks/handlers.ts'
import { collectingCredentialErrors } from './credential-refusals.server.ts'
import { upstreamRequest } from './http.server.ts'

const refused = (auth: Parameters<typeof upstreamRequest>[1]['auth']) =>
	upstreamRequest('cloud', { method: 'POST', path: 'api/service', body: {}, auth, schema: z.unknown() }).catch(
		(error: unknown) => error,
	)

describe('errors of calls made with the user’s credentials', () => {
	it('are collected for the request, however the caller handles them', async () => {
		cloud.post('api/service', reply.json({ message: 'Token has expired.' }, 401))
		const { errors } = await collectingCredentialErrors(async () => {
			await refused({ kind: 'bearer', token: 'id-token' })
			await refused({ kind: 'access', token: 'access-token' })
			await refused({ kind: 'raw', token: 'id-token' })
		})
		expect(errors.map((e) => e.message)).toEqual(['Token has expired.', 'Token has expired.', 'Token has expired.'])
	})

	it('leave out calls made with the portal’s own keys or none', async () => {
		cloud.post('api/service', reply.json({ message: 'Access Denied' }, 403))
		const { errors } = await collectingCredentialErrors(async () => {
			await refused(undefined)
			await refused({ kind: 'header', name: 'X-RCP-Security-Token', value: 'signed' })
		})
		expect(errors).toEqual([])
	})

	it('outside a request, are not kept anywhere', async () => {
		cloud.post('api/service', reply.json({ message: 'Token has expired.' }, 401))
		await expect(refused({ kind: 'bearer', token: 'id-token' })).resolves.toMatchObject({ status: 401 })
	})
})
