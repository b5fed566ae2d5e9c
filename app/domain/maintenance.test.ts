import { describe, expect, it } from 'vitest'
import {
	formatMaintenanceWindow,
	isOpenDuringMaintenance,
	maintenanceState,
	OPEN_ENDED_RETRY_AFTER_SECONDS,
	parseMaintenanceWindow,
} from './maintenance.ts'

const window = { start: new Date('2026-12-01T01:00:00Z'), end: new Date('2026-12-01T03:00:00Z') }
const at = (iso: string) => new Date(iso).getTime()

describe('maintenance', () => {
	it('reads an ISO 8601 interval with offsets, and says what is wrong otherwise', () => {
		expect(parseMaintenanceWindow('2026-12-01T01:00Z/2026-12-01T12:00+09:00')).toEqual(window)
		expect(parseMaintenanceWindow('2026-12-01T01:00:00Z')).toMatch(/start\/end/)
		expect(parseMaintenanceWindow('2026-12-01T01:00/2026-12-01T03:00')).toMatch(/offset/)
		expect(parseMaintenanceWindow('2026-12-01/2026-12-02')).toMatch(/offset/)
		expect(parseMaintenanceWindow('2026-12-01T03:00Z/2026-12-01T01:00Z')).toMatch(/after the start/)
		expect(parseMaintenanceWindow('2026-13-45T01:00Z/2026-12-01T03:00Z')).toMatch(/real/)
	})

	it('is active inside the window, with Retry-After until its end; planned before; none after', () => {
		expect(maintenanceState({ on: false, window }, at('2026-12-01T02:30:00Z'))).toEqual({
			kind: 'active',
			window,
			retryAfterSeconds: 1800,
		})
		expect(maintenanceState({ on: false, window }, at('2026-12-01T02:59:59.500Z'))).toMatchObject({
			retryAfterSeconds: 1,
		})
		expect(maintenanceState({ on: false, window }, at('2026-11-30T00:00:00Z'))).toEqual({ kind: 'planned', window })
		expect(maintenanceState({ on: false, window }, at('2026-12-01T03:00:00Z'))).toEqual({ kind: 'none' })
		expect(maintenanceState({ on: false }, at('2026-12-01T02:00:00Z'))).toEqual({ kind: 'none' })
	})

	it('MAINTENANCE=on holds the portal with no end known', () => {
		expect(maintenanceState({ on: true }, at('2026-12-01T00:00:00Z'))).toEqual({
			kind: 'active',
			retryAfterSeconds: OPEN_ENDED_RETRY_AFTER_SECONDS,
		})
	})

	it('leaves the maintenance page and the catalogues open, nothing else', () => {
		for (const path of ['/maintenance', '/maintenance/', '/maintenance.data', '/locales/en.abc.json'])
			expect(isOpenDuringMaintenance(path)).toBe(true)
		for (const path of ['/', '/_root.data', '/login', '/maintenance-x', '/settings', '/preferences'])
			expect(isOpenDuringMaintenance(path)).toBe(false)
	})

	it('tells the window in the culture and time zone, UTC named as such', () => {
		expect(formatMaintenanceWindow(window, 'en-US')).toMatch(/Tuesday, December 1, 2026.*1:00.*3:00\s?AM UTC/)
		const tokyo = formatMaintenanceWindow(window, 'ja-JP', 'Asia/Tokyo')
		expect(tokyo).toMatch(/2026\D+12\D+1/)
		expect(tokyo).toContain('10時00分～12時00分')
		expect(tokyo).toContain('JST')
		expect(formatMaintenanceWindow(window, 'en-GB', 'Nowhere/Nowhere')).toContain('UTC')
	})
})
