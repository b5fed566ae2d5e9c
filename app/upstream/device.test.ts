import { describe, expect, it } from 'vitest'
import { device, reply } from '#tests/mocks/handlers.ts'
import { describeNormalisation, failure } from '#tests/mocks/normalisation.ts'
import { getDevices } from './device.server.ts'

describeNormalisation('getDevices (GET app/{userId}/devices)', {
	upstream: 'device',
	method: 'get',
	path: 'app/u1/devices',
	call: (signal) => getDevices('access-token', 'u1', signal),
	wrongShape: [{ pcode: 'TD17', productVer: '1.0' }],
	received: (request) => expect(request.headers.get('authorization')).toBe('access-token'),
})

describe('device calls', () => {
	it('answers the records as the device API sent them', async () => {
		device.get('app/u1/devices', reply.json([{ pcode: 'TD17A1', productVer: ['1.02'] }]))
		expect(await getDevices('access-token', 'u1')).toEqual([{ pcode: 'TD17A1', productVer: ['1.02'] }])
	})

	it("keeps the device API's refusal text", async () => {
		device.get('app/u1/devices', reply.json({ message: 'Failed: No UserId' }, 400))
		expect((await failure(getDevices('access-token', 'u1'))).message).toBe('Failed: No UserId')
	})
})
