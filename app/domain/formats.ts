/**
 * Every format a page shows in the culture's words: days and long dates, times, money, numbers,
 * units, lists, names of countries and languages, the order names sort in, and the plural a count
 * takes (ADR 0044). The only module that builds `Intl` objects: each culture reaches Intl through
 * culture.ts's one mapping (`intlLocale`: the spec's `Lt-sr-SP` is no locale Intl takes), and each
 * formatter is built once per locale and options, then kept.
 */
import { intlLocale } from './culture.ts'

// Building a formatter costs far more than formatting with one (tens of microseconds against one or
// two): kept per locale and options. The spec's cultures times a handful of styles: a bounded map.
const KEEP_AT_MOST = 2000
const kept = new Map<string, unknown>()

function keep<T>(kind: string, locale: string, options: object, make: () => T): T {
	const key = `${kind} ${locale} ${JSON.stringify(options)}`
	let value = kept.get(key) as T | undefined
	if (value === undefined) {
		value = make()
		if (kept.size < KEEP_AT_MOST) kept.set(key, value)
	}
	return value
}

function dateTimeFormat(culture: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
	const locale = intlLocale(culture)
	return keep('date', locale, options, () => new Intl.DateTimeFormat(locale, options))
}

function numberFormat(culture: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
	const locale = intlLocale(culture)
	return keep('number', locale, options, () => new Intl.NumberFormat(locale, options))
}

/** An ISO string or a Date as a Date; null when it names no instant. */
function instant(value: Date | string): Date | null {
	const date =
		typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) : value
	return Number.isNaN(date.getTime()) ? null : date
}

// ── Dates and times ─────────────────────────────────────────────────────
// Days are said in UTC unless a zone is given: the server does not know the visitor's zone, and a
// calendar day (YYYY-MM-DD) names the same day everywhere.

/** A day, short: "Nov 28, 2026", "2026/11/28", "28.11.2026". Text that names no date is given back as it is. */
export function formatDay(value: Date | string, culture: string, timeZone = 'UTC'): string {
	const date = instant(value)
	return date ? dateTimeFormat(culture, { dateStyle: 'medium', timeZone }).format(date) : String(value)
}

/** A day with the month in words: "November 28, 2026", "2026年11月28日", "28. November 2026". */
export function formatLongDate(value: Date | string, culture: string, timeZone = 'UTC'): string {
	const date = instant(value)
	return date ? dateTimeFormat(culture, { dateStyle: 'long', timeZone }).format(date) : String(value)
}

/** A day and a time of day: "Nov 28, 2026, 1:05 PM", "2026/11/28 13:05". */
export function formatDateTime(value: Date | string, culture: string, timeZone = 'UTC'): string {
	const date = instant(value)
	return date
		? dateTimeFormat(culture, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date)
		: String(value)
}

/** A day and a time with the zone named: "Nov 28, 2026, 1:05 PM UTC" (an event pass's validity). */
export function formatDateTimeWithZone(value: Date | string, culture: string, timeZone = 'UTC'): string {
	const date = instant(value)
	if (!date) return String(value)
	return dateTimeFormat(culture, {
		year: 'numeric',
		month: 'short',
		day: 'numeric',
		hour: 'numeric',
		minute: '2-digit',
		timeZoneName: 'short',
		timeZone,
	}).format(date)
}

/** A day with its weekday, as the culture writes it: "Tue, 1 December 2026", "2026年12月1日(火)". */
export function formatWeekdayDate(date: Date, culture: string, timeZone = 'UTC'): string {
	return dateTimeFormat(culture, {
		year: 'numeric',
		month: 'long',
		day: 'numeric',
		weekday: 'short',
		timeZone,
	}).format(date)
}

/** A time of day in hours and minutes, as the culture writes it: "1:00 am", "1:00". */
export function formatTime(date: Date, culture: string, timeZone = 'UTC'): string {
	return dateTimeFormat(culture, { hour: 'numeric', minute: '2-digit', timeZone }).format(date)
}

/** A time zone's name in the culture, as it stands at `at`: "Japan Standard Time", "日本標準時". */
export function timeZoneName(timeZone: string, culture: string, at: Date): string {
	const parts = dateTimeFormat(culture, { timeZone, timeZoneName: 'long' }).formatToParts(at)
	return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone
}

/**
 * The time zone of the machine this runs on, an IANA name: in the browser, the visitor's own. 'UTC' where
 * the machine names none.
 */
export function hostTimeZone(): string {
	return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** Whether Intl knows the IANA time zone (a browser may send anything). */
export function isTimeZone(timeZone: string): boolean {
	try {
		dateTimeFormat('en', { timeZone })
		return true
	} catch {
		return false
	}
}

// ── Numbers and money ───────────────────────────────────────────────────

/** An amount in its currency, in the culture's number format: "$9.99", "9,99 €", "￥1,200". */
export function formatMoney(amount: number, currency: string, culture: string): string {
	try {
		return numberFormat(culture, { style: 'currency', currency }).format(amount)
	} catch {
		// A currency code Intl does not know (the upstream's data): the amount, then the code as given.
		return `${numberFormat(culture, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`
	}
}

/** A number grouped as the culture groups it, with exactly `fractionDigits` decimals (else up to three). */
export function formatNumber(value: number, culture: string, fractionDigits?: number): string {
	const options: Intl.NumberFormatOptions =
		fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }
	return numberFormat(culture, options).format(value)
}

/** A quantity with its unit in short words: "1.5 MB", "1,5 MB". Units are Intl's (`byte`, `megabyte`…). */
export function formatUnit(value: number, unit: string, culture: string, maximumFractionDigits = 0): string {
	return numberFormat(culture, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits }).format(value)
}

// ── Lists ───────────────────────────────────────────────────────────────

/** Items joined as the culture lists them ("A, B and C"; "A、B、C"); `unit` style for values ("Windows, macOS"). */
export function formatList(
	items: readonly string[],
	culture: string,
	type: Intl.ListFormatType = 'conjunction',
	style: Intl.ListFormatStyle = 'long',
): string {
	const locale = intlLocale(culture)
	const options = { type, style }
	return keep('list', locale, options, () => new Intl.ListFormat(locale, options)).format(items)
}

/**
 * Names and the number of those left unnamed, as one list ("A, B, C and 2 more"): `more` says the
 * rest in the catalogue's words, with its plural.
 */
export function formatListWithMore(
	items: readonly string[],
	left: number,
	culture: string,
	more: (count: number) => string,
): string {
	return formatList(left > 0 ? [...items, more(left)] : items, culture)
}

// ── Names and order ─────────────────────────────────────────────────────

/** Compares names as the culture sorts them, numbers by value (`TD-07` before `TD-27`), case and accents aside. */
export function compareNames(culture: string): (a: string, b: string) => number {
	const locale = intlLocale(culture)
	const options: Intl.CollatorOptions = { numeric: true, sensitivity: 'base' }
	return keep('collator', locale, options, () => new Intl.Collator(locale, options)).compare
}

function displayNames(culture: string, type: Intl.DisplayNamesType): Intl.DisplayNames {
	const locale = intlLocale(culture)
	// English where the culture has no name for it.
	return keep('names', locale, { type }, () => new Intl.DisplayNames([locale, 'en'], { type }))
}

/** A country's name (ISO 3166 code) in the culture's language; null for a code that names none. */
export function regionName(code: string, culture: string): string | null {
	try {
		return displayNames(culture, 'region').of(code) ?? null
	} catch {
		return null
	}
}

/** A language's name (a BCP 47 tag, or one of the spec's culture codes) in the culture's language. */
export function languageName(code: string, culture: string): string | null {
	try {
		return displayNames(culture, 'language').of(intlLocale(code)) ?? null
	} catch {
		return null
	}
}

// ── Plurals ─────────────────────────────────────────────────────────────

/**
 * The plural form a count takes in a language (`one`, `few`, `other`…): the suffix of the
 * catalogue's plural keys, as i18next picks it on the server. The browser's translator asks this.
 */
export function pluralCategory(count: number, culture: string): Intl.LDMLPluralRule {
	return pluralRules(culture).select(count)
}

/** Every plural form a language has (`one`, `many`, `other`…): the plural keys its catalogue needs. */
export function pluralCategories(culture: string): Intl.LDMLPluralRule[] {
	return pluralRules(culture).resolvedOptions().pluralCategories
}

function pluralRules(culture: string): Intl.PluralRules {
	const locale = intlLocale(culture)
	return keep('plural', locale, {}, () => new Intl.PluralRules(locale))
}
