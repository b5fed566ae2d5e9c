/**
 * Device records from the device API (spec 2 §3, §7): `pcode` is the model
 * code (its first 6 characters) followed by the serial. The wireless dongle
 * reports its own pcode; the instrument it is plugged into is the second
 * item of its `productVer`.
 */

export const MODEL_CODE_LENGTH = 6
/** The model code of the wireless dongle. */
export const DONGLE_MODEL_CODE = 'WM1D00'
export const PCODE_ERROR = "Can't get pcode from productVer"

export interface DeviceRecord {
	pcode: string
	productVer: readonly string[]
}

export interface Device {
	pcode: string
	modelCode: string
	serial: string
	/** Reported through the dongle rather than by the instrument itself. */
	viaDongle: boolean
}

export class DeviceRecordError extends Error {
	constructor() {
		super(PCODE_ERROR)
		this.name = 'DeviceRecordError'
	}
}

/** A model code of 6 letters or digits followed by a serial of letters or digits. */
const PCODE = new RegExp(`^[A-Za-z0-9]{${MODEL_CODE_LENGTH}}[A-Za-z0-9]+$`)

export function isDongle(pcode: string): boolean {
	return pcode.trim().slice(0, MODEL_CODE_LENGTH).toUpperCase() === DONGLE_MODEL_CODE
}

/** The pcode of the instrument a record stands for; throws DeviceRecordError when there is none. */
export function devicePcode(record: DeviceRecord): string {
	const own = typeof record.pcode === 'string' ? record.pcode.trim() : ''
	const pcode = isDongle(own) ? (record.productVer?.[1] ?? '').trim() : own
	if (!PCODE.test(pcode) || isDongle(pcode)) throw new DeviceRecordError()
	return pcode
}

/** The model code and serial of a record's instrument; throws DeviceRecordError when there is none. */
export function readDevice(record: DeviceRecord): Device {
	const pcode = devicePcode(record)
	return {
		pcode,
		modelCode: pcode.slice(0, MODEL_CODE_LENGTH).toUpperCase(),
		serial: pcode.slice(MODEL_CODE_LENGTH),
		viaDongle: isDongle(record.pcode ?? ''),
	}
}

/**
 * Every usable record read, in order, an instrument reported twice (by
 * itself and through the dongle) once; the unusable records apart.
 */
export function readDevices(records: readonly DeviceRecord[]): { devices: Device[]; unusable: DeviceRecord[] } {
	const devices: Device[] = []
	const unusable: DeviceRecord[] = []
	const seen = new Set<string>()
	for (const record of records) {
		let device: Device
		try {
			device = readDevice(record)
		} catch (error) {
			if (!(error instanceof DeviceRecordError)) throw error
			unusable.push(record)
			continue
		}
		const key = `${device.modelCode}${device.serial}`.toUpperCase()
		if (seen.has(key)) continue
		seen.add(key)
		devices.push(device)
	}
	return { devices, unusable }
}
