/**
 * Maintenance (spec 1 §2 Maintenance, §4 "a maintenance window constant exists"): a planned window
 * (`MAINTENANCE_WINDOW`) or maintenance switched on until further notice (`MAINTENANCE=on`). While it
 * lasts every page answers 503 with Retry-After and the maintenance page; outside it the portal works
 * and the maintenance page tells of the next window, if one is planned.
 */
import { formatTime, formatWeekdayDate, isTimeZone, timeZoneName } from './formats.ts'

export interface MaintenanceWindow {
	start: Date
	end: Date
}

export interface MaintenanceSetting {
	/** `MAINTENANCE=on`: maintenance now, with no end known. */
	on: boolean
	window?: MaintenanceWindow | undefined
}

export type MaintenanceState =
	| { kind: 'active'; window?: MaintenanceWindow; retryAfterSeconds: number }
	| { kind: 'planned'; window: MaintenanceWindow }
	| { kind: 'none' }

/** Retry-After when maintenance has no planned end: clients ask again in ten minutes. */
export const OPEN_ENDED_RETRY_AFTER_SECONDS = 600

/** An ISO 8601 date-time with a time and an explicit offset: a bare local time would be the server's guess. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

/**
 * `MAINTENANCE_WINDOW`: an ISO 8601 interval `start/end` (`2026-12-01T01:00Z/2026-12-01T03:00Z`),
 * each end with its offset. A message for what is wrong, else the window.
 */
export function parseMaintenanceWindow(value: string): MaintenanceWindow | string {
	const parts = value.split('/').map((part) => part.trim())
	if (parts.length !== 2) return 'expected start/end, two ISO 8601 date-times with their offsets'
	const [startText, endText] = parts as [string, string]
	if (!ISO_WITH_OFFSET.test(startText) || !ISO_WITH_OFFSET.test(endText))
		return 'each end needs a date, a time and an offset (Z or ±hh:mm)'
	const start = new Date(startText)
	const end = new Date(endText)
	if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return 'not a real date-time'
	if (end.getTime() <= start.getTime()) return 'the end must come after the start'
	return { start, end }
}

/** Where the portal stands at `now`. */
export function maintenanceState(setting: MaintenanceSetting, now: number): MaintenanceState {
	const { window } = setting
	const inWindow = window !== undefined && window.start.getTime() <= now && now < window.end.getTime()
	if (inWindow)
		return { kind: 'active', window, retryAfterSeconds: Math.max(1, Math.ceil((window.end.getTime() - now) / 1000)) }
	if (setting.on) return { kind: 'active', retryAfterSeconds: OPEN_ENDED_RETRY_AFTER_SECONDS }
	if (window && now < window.start.getTime()) return { kind: 'planned', window }
	return { kind: 'none' }
}

/**
 * Paths that answer as usual during maintenance, besides what the server serves before the app
 * (`/healthz`, `/assets`, the public files): the maintenance page itself and the translation
 * catalogues the page's script reads.
 */
export function isOpenDuringMaintenance(pathname: string): boolean {
	const path = pathname.replace(/\.data$/, '').replace(/\/+$/, '') || '/'
	return path === '/maintenance' || path.startsWith('/locales/')
}

/** The window as the page says it: a catalogue text (one day, or across days) and its values. */
export interface MaintenanceWindowText {
	key: 'maintenance.windowSameDay' | 'maintenance.windowDays'
	values: { date: string; startDate: string; endDate: string; start: string; end: string; zone: string }
}

/**
 * The window in a culture's date and time formats and a time zone (an IANA name), each part formatted
 * apart and put together by the catalogue's text, so each language says it its own way ("Tue,
 * 1 December 2026, 1:00 am – 3:00 am (UTC)"; "2026年12月1日(火) 1:00～3:00 (UTC)"): Intl's own range
 * format reads oddly in some (ja: "2026/12/1火曜日 1時00分～3時00分(UTC)"). An unknown zone says UTC.
 */
export function maintenanceWindowText(
	window: MaintenanceWindow,
	culture: string,
	timeZone = 'UTC',
): MaintenanceWindowText {
	const zone = isTimeZone(timeZone) ? timeZone : 'UTC'
	const [startDate, endDate] = [
		formatWeekdayDate(window.start, culture, zone),
		formatWeekdayDate(window.end, culture, zone),
	]
	return {
		key: startDate === endDate ? 'maintenance.windowSameDay' : 'maintenance.windowDays',
		values: {
			date: startDate,
			startDate,
			endDate,
			start: formatTime(window.start, culture, zone),
			end: formatTime(window.end, culture, zone),
			zone: zone === 'UTC' ? 'UTC' : timeZoneName(zone, culture, window.start),
		},
	}
}

/**
 * The window in the visitor's time zone, to say beside UTC; null when that zone is UTC or keeps
 * UTC's clock through the window (London in winter), where a second line would say the same.
 */
export function localMaintenanceWindowText(
	window: MaintenanceWindow,
	culture: string,
	timeZone: string,
): MaintenanceWindowText | null {
	if (!isTimeZone(timeZone)) return null
	const utc = maintenanceWindowText(window, culture, 'UTC')
	const local = maintenanceWindowText(window, culture, timeZone)
	const sameClock = (['startDate', 'endDate', 'start', 'end'] as const).every((k) => utc.values[k] === local.values[k])
	return sameClock ? null : local
}
