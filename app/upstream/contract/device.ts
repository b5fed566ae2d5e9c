/**
 * The device API (spec 2 §7): `GET app/{userId}/devices`, with the access
 * token. The spec names only the fields: each record is a pcode and its
 * productVer. Designed: the answer is a bare JSON array of records;
 * productVer is the list of version strings the device reported (for the
 * wireless dongle, its own firmware first and the pcode of the instrument it
 * is plugged into second).
 */
import { z } from 'zod'

export const DeviceRecordSchema = z.object({
	pcode: z.string(),
	productVer: z.array(z.string()),
})
export type DeviceRecord = z.infer<typeof DeviceRecordSchema>

export const DeviceListSchema = z.array(DeviceRecordSchema)
