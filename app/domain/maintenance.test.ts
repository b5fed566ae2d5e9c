import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { i18nOptions, resources } from '#app/i18n/resources.ts'
import {
	isOpenDuringMaintenance,
	localMaintenanceWindowText,
	maintenanceWindowText,
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

	/** The text the page shows: the catalogue's, filled by i18next in the culture's language. */
	function said(text: { key: string; values: Record<string, string> } | null, lng: 'en' | 'ja'): string | null {
		if (!text) return null
		const i18n = createInstance({ ...i18nOptions, resources, lng, initAsync: false })
		void i18n.init()
		return i18n.t(text.key as never, text.values)
	}

	it('tells the window in the culture’s date and time formats, UTC named as such', () => {
		expect(said(maintenanceWindowText(window, 'ja-JP'), 'ja')).toBe('2026年12月1日(火) 1:00～3:00 (UTC)')
		expect(said(maintenanceWindowText(window, 'en-US'), 'en')).toBe('Tue, December 1, 2026, 1:00 AM – 3:00 AM (UTC)')
		expect(said(maintenanceWindowText(window, 'en-JM'), 'en')).toBe('Tue, 1 December 2026, 1:00 am – 3:00 am (UTC)')
		// Across midnight, each end with its day.
		const night = { start: new Date('2026-12-01T23:00:00Z'), end: new Date('2026-12-02T01:30:00Z') }
		expect(said(maintenanceWindowText(night, 'ja-JP'), 'ja')).toBe(
			'2026年12月1日(火) 23:00～2026年12月2日(水) 1:30 (UTC)',
		)
		// A zone the browser made up: UTC, not a failed page.
		expect(maintenanceWindowText(window, 'en-GB', 'Nowhere/Nowhere').values.zone).toBe('UTC')
	})

	it('tells it in the visitor’s zone beside UTC only where that zone’s clock differs', () => {
		expect(said(localMaintenanceWindowText(window, 'ja-JP', 'Asia/Tokyo'), 'ja')).toBe(
			'2026年12月1日(火) 10:00～12:00 (日本標準時)',
		)
		expect(said(localMaintenanceWindowText(window, 'en-US', 'America/New_York'), 'en')).toBe(
			'Mon, November 30, 2026, 8:00 PM – 10:00 PM (Eastern Standard Time)',
		)
		expect(localMaintenanceWindowText(window, 'en-GB', 'UTC')).toBeNull()
		expect(localMaintenanceWindowText(window, 'en-GB', 'Europe/London')).toBeNull()
		expect(localMaintenanceWindowText(window, 'en-GB', 'Nowhere/Nowhere')).toBeNull()
	})
})
