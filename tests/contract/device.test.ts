import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '#server/emulator/demo.ts'
import { failure, startEmulator, type RunningEmulator } from './emulator.ts'

let emu: RunningEmulator
let getDevices: typeof import('#app/upstream/device.server.ts').getDevices
let readDevices: typeof import('#app/domain/device.ts').readDevices
let readDevice: typeof import('#app/domain/device.ts').readDevice

beforeAll(async () => {
	emu = await startEmulator()
	;({ getDevices } = await import('#app/upstream/device.server.ts'))
	;({ readDevices, readDevice } = await import('#app/domain/device.ts'))
})
afterAll(() => emu.stop())

const { customer, cloudMember } = DEMO_ACCOUNTS

async function tokensFor(account: { id: string; email: string }) {
	return emu.emulator.context().tokens.issue({ id: account.id, email: account.email, emailVerified: true })
}

describe('getDevices: GET app/{userId}/devices', () => {
	it("lists the demo owner's devices, the dongle's instrument read from its second productVer item", async () => {
		const { accessToken } = await tokensFor(customer)
		const records = await getDevices(accessToken, customer.id)
		expect(records).toHaveLength(4)
		expect(records[3]).toEqual({ pcode: 'WM1D00A0012345', productVer: ['1.03', 'GO6100Z3C4567'] })
		const { devices, unusable } = readDevices(records)
		expect(devices.map((d) => [d.modelCode, d.serial])).toEqual([
			['FP30X0', 'Z1A2345'],
			['RD2000', 'AB123456'],
			['TD17KV', 'Z2B3456'],
			['GO6100', 'Z3C4567'],
		])
		expect(devices[3]!.viaDongle).toBe(true)
		expect(unusable).toEqual([])
	})

	it("gives a record with a bad pcode that the domain refuses: Can't get pcode from productVer", async () => {
		const { accessToken } = await tokensFor(cloudMember)
		const records = await getDevices(accessToken, cloudMember.id)
		expect(records.map((r) => r.pcode)).toEqual(['FP30X0Z9Y8765', 'WM1D00A0099999'])
		expect(() => readDevice(records[1]!)).toThrow("Can't get pcode from productVer")
		expect(readDevices(records).devices.map((d) => d.modelCode)).toEqual(['FP30X0'])
	})

	it('answers an empty list for a user without devices', async () => {
		const { staff } = DEMO_ACCOUNTS
		const { accessToken } = await tokensFor(staff)
		expect(await getDevices(accessToken, staff.id)).toEqual([])
	})

	it("refuses another user's devices with Access Denied", async () => {
		const { accessToken } = await tokensFor(customer)
		const error = await failure(getDevices(accessToken, cloudMember.id))
		expect(error).toMatchObject({ kind: 'status', status: 403, message: 'Access Denied' })
	})

	it('refuses an id token, a forged token and no token', async () => {
		const { idToken } = await tokensFor(customer)
		expect(await failure(getDevices(idToken, customer.id))).toMatchObject({ status: 401, message: 'Invalid token' })
		expect(await failure(getDevices('not-a-token', customer.id))).toMatchObject({ status: 401 })
		expect(await failure(getDevices('', customer.id))).toMatchObject({ status: 401, message: 'Unauthorized' })
	})

	it('refuses an expired access token as expired', async () => {
		const { accessToken } = await tokensFor(customer)
		await emu.advanceClock(2 * 3600 * 1000)
		const error = await failure(getDevices(accessToken, customer.id))
		expect(error).toMatchObject({ status: 401, code: 'TokenExpired', message: 'Access Token has expired' })
		const fresh = await tokensFor(customer)
		expect(await getDevices(fresh.accessToken, customer.id)).toHaveLength(4)
	})

	it('comes back seeded after a reset', async () => {
		await emu.reset()
		const { accessToken } = await tokensFor(customer)
		expect(await getDevices(accessToken, customer.id)).toHaveLength(4)
	})
})
