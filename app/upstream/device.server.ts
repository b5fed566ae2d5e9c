/** The device API (spec 2 §7): the devices the user's instruments reported, with the access token. */
import { DeviceListSchema, type DeviceRecord } from './contract/device.ts'
import { upstreamRequest } from './http.server.ts'

/**
 * `GET app/{userId}/devices`: the user's device records (pcode and productVer); read them with
 * `readDevices` of `#app/domain/device.ts`.
 */
export async function getDevices(accessToken: string, userId: string, signal?: AbortSignal): Promise<DeviceRecord[]> {
	return upstreamRequest('device', {
		path: `app/${encodeURIComponent(userId)}/devices`,
		auth: { kind: 'access', token: accessToken },
		schema: DeviceListSchema,
		signal,
	})
}
