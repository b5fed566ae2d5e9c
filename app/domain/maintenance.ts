/**
 * Maintenance (spec 1 §2 Maintenance, §4 "a maintenance window constant exists"): a planned window
 * (`MAINTENANCE_WINDOW`) or maintenance switched on until further notice (`MAINTENANCE=on`). While it
 * lasts every page answers 503 with Retry-After and the maintenance page; outside it the portal works
 * and the maintenance page tells of the next window, if one is planned.
 */

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

const WINDOW_FORMAT: Intl.DateTimeFormatOptions = {
	weekday: 'long',
	year: 'numeric',
	month: 'long',
	day: 'numeric',
	hour: 'numeric',
	minute: '2-digit',
	timeZoneName: 'short',
}

/**
 * The window in a culture's words and a time zone (an IANA name; the server, which cannot know the
 * visitor's, says UTC, and the browser puts its own in). An unknown culture or zone falls back to
 * English and UTC rather than failing the page.
 */
export function formatMaintenanceWindow(window: MaintenanceWindow, culture: string, timeZone = 'UTC'): string {
	let format: Intl.DateTimeFormat
	try {
		format = new Intl.DateTimeFormat(culture, { ...WINDOW_FORMAT, timeZone })
	} catch {
		format = new Intl.DateTimeFormat('en', { ...WINDOW_FORMAT, timeZone: 'UTC' })
	}
	return format.formatRange(window.start, window.end)
}
