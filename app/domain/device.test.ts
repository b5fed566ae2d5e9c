import { describe, expect, it } from 'vitest'
import {
	DeviceRecordError,
	devicePcode,
	DONGLE_MODEL_CODE,
	isDongle,
	PCODE_ERROR,
	readDevice,
	readDevices,
} from './device.ts'

describe('readDevice (spec 2 §3: model code is the first 6 characters, the rest the serial)', () => {
	it('splits a pcode into model code and serial', () => {
		expect(readDevice({ pcode: 'FP30X0Z1A2345', productVer: ['1.02'] })).toEqual({
			pcode: 'FP30X0Z1A2345',
			modelCode: 'FP30X0',
			serial: 'Z1A2345',
			viaDongle: false,
		})
	})

	it('keeps an 8-character serial whole and trims blanks', () => {
		expect(readDevice({ pcode: ' RD2000AB123456 ', productVer: [] })).toMatchObject({
			modelCode: 'RD2000',
			serial: 'AB123456',
		})
	})

	it('upper-cases the model code only', () => {
		expect(readDevice({ pcode: 'fp30x0z1a2345', productVer: [] })).toMatchObject({
			modelCode: 'FP30X0',
			serial: 'z1a2345',
		})
	})

	it('uses the second productVer item for the dongle model', () => {
		const record = { pcode: `${DONGLE_MODEL_CODE}A0012345`, productVer: ['1.03', 'GO6100Z3C4567'] }
		expect(readDevice(record)).toEqual({
			pcode: 'GO6100Z3C4567',
			modelCode: 'GO6100',
			serial: 'Z3C4567',
			viaDongle: true,
		})
		expect(devicePcode(record)).toBe('GO6100Z3C4567')
	})

	it('recognises the dongle whatever the case', () => {
		expect(isDongle('wm1d00A0012345')).toBe(true)
		expect(isDongle('FP30X0Z1A2345')).toBe(false)
	})

	it.each([
		['a dongle with no instrument behind it', { pcode: 'WM1D00A0012345', productVer: ['1.03'] }],
		['a dongle with an empty second item', { pcode: 'WM1D00A0012345', productVer: ['1.03', ''] }],
		['a dongle whose second item is a version, not a pcode', { pcode: 'WM1D00A0012345', productVer: ['1.03', '1.0'] }],
		['a dongle reporting another dongle', { pcode: 'WM1D00A0012345', productVer: ['1.03', 'WM1D00A0099999'] }],
		['a pcode with only a model code', { pcode: 'FP30X0', productVer: [] }],
		['a pcode shorter than a model code', { pcode: 'FP3', productVer: [] }],
		['an empty pcode', { pcode: '', productVer: [] }],
		['a pcode with punctuation', { pcode: 'FP-30X-Z1A2345', productVer: [] }],
		['a record without a pcode', { productVer: ['1.0'] } as unknown as { pcode: string; productVer: string[] }],
		['a dongle without productVer', { pcode: 'WM1D00A0012345' } as unknown as { pcode: string; productVer: string[] }],
	])('refuses %s with the spec message', (_name, record) => {
		expect(() => readDevice(record)).toThrow(DeviceRecordError)
		expect(() => readDevice(record)).toThrow(PCODE_ERROR)
		expect(PCODE_ERROR).toBe("Can't get pcode from productVer")
	})
})

describe('readDevices', () => {
	it('reads the usable records in order and sets the unusable ones apart', () => {
		const broken = { pcode: 'WM1D00A0012345', productVer: ['1.03'] }
		const result = readDevices([
			{ pcode: 'FP30X0Z1A2345', productVer: ['1.02'] },
			broken,
			{ pcode: 'WM1D00A0054321', productVer: ['1.03', 'TD17KVZ2B3456'] },
		])
		expect(result.devices.map((d) => d.modelCode)).toEqual(['FP30X0', 'TD17KV'])
		expect(result.unusable).toEqual([broken])
	})

	it('lists an instrument reported by itself and through the dongle once', () => {
		const result = readDevices([
			{ pcode: 'GO6100Z3C4567', productVer: ['2.00'] },
			{ pcode: 'WM1D00A0012345', productVer: ['1.03', 'go6100Z3C4567'] },
		])
		expect(result.devices).toHaveLength(1)
		expect(result.devices[0]).toMatchObject({ modelCode: 'GO6100', viaDongle: false })
	})

	it('gives nothing for nothing', () => {
		expect(readDevices([])).toEqual({ devices: [], unusable: [] })
	})
})
