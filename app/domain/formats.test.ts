import { describe, expect, it } from 'vitest'
import { SUPPORTED_CULTURES } from './culture.ts'
import {
	compareNames,
	formatDateTime,
	formatDateTimeWithZone,
	formatDay,
	formatList,
	formatListWithMore,
	formatLongDate,
	formatMoney,
	formatNumber,
	formatTime,
	formatUnit,
	formatWeekdayDate,
	hostTimeZone,
	isTimeZone,
	languageName,
	pluralCategory,
	regionName,
	timeZoneName,
} from './formats.ts'

const DAY = new Date('2026-11-28T13:05:00Z')

/** Every formatter, once, in a culture: what a page of that culture may ask. */
const FORMATTERS: Record<string, (culture: string) => unknown> = {
	formatDay: (c) => formatDay(DAY, c),
	'formatDay of a calendar day': (c) => formatDay('2026-11-28', c),
	formatLongDate: (c) => formatLongDate('2026-11-28T13:05:00Z', c),
	formatDateTime: (c) => formatDateTime(DAY, c),
	formatDateTimeWithZone: (c) => formatDateTimeWithZone(DAY, c),
	formatWeekdayDate: (c) => formatWeekdayDate(DAY, c, 'Asia/Tokyo'),
	formatTime: (c) => formatTime(DAY, c),
	timeZoneName: (c) => timeZoneName('Europe/Berlin', c, DAY),
	formatMoney: (c) => formatMoney(1234.5, 'EUR', c),
	'formatMoney in an unknown currency': (c) => formatMoney(1234.5, 'XX1', c),
	formatNumber: (c) => formatNumber(1234.5, c, 2),
	formatUnit: (c) => formatUnit(1.5, 'megabyte', c, 1),
	formatList: (c) => formatList(['A', 'B', 'C'], c),
	'formatList of units': (c) => formatList(['Windows', 'macOS'], c, 'unit', 'short'),
	formatListWithMore: (c) => formatListWithMore(['A', 'B'], 2, c, (n) => `${n} more`),
	compareNames: (c) => compareNames(c)('TD-07', 'TD-27'),
	regionName: (c) => regionName('RS', c),
	languageName: (c) => languageName('Lt-sr-SP', c),
	pluralCategory: (c) => pluralCategory(1, c),
}

describe('every formatter answers in every supported culture', () => {
	for (const culture of SUPPORTED_CULTURES) {
		it(culture, () => {
			for (const [name, format] of Object.entries(FORMATTERS)) {
				expect(() => format(culture), `${name} in ${culture}`).not.toThrow()
				expect(format(culture), `${name} in ${culture}`).not.toBe('')
			}
		})
	}
})

describe("the culture's shapes", () => {
	it('a day: 2026/11/28 in ja-JP, 28.11.2026 in de-DE', () => {
		expect(formatDay(DAY, 'ja-JP')).toBe('2026/11/28')
		expect(formatDay(DAY, 'de-DE')).toBe('28.11.2026')
		expect(formatDay('2026-11-28', 'ja-JP')).toBe('2026/11/28')
		expect(formatDay(DAY, 'en-US')).toBe('Nov 28, 2026')
		expect(formatDay(DAY, 'Lt-sr-SP')).toMatch(/28\..*2026/)
	})

	it('a long date', () => {
		expect(formatLongDate(DAY, 'ja-JP')).toBe('2026年11月28日')
		expect(formatLongDate(DAY, 'de-DE')).toBe('28. November 2026')
		expect(formatLongDate(DAY, 'Lt-sr-SP')).toBe('28. novembar 2026.')
	})

	it('a day and a time, in UTC unless told', () => {
		expect(formatDateTime(DAY, 'ja-JP')).toBe('2026/11/28 13:05')
		expect(formatDateTime(DAY, 'de-DE')).toBe('28.11.2026, 13:05')
		expect(formatDateTimeWithZone(DAY, 'en-US')).toBe('Nov 28, 2026, 1:05 PM UTC')
	})

	it('money and numbers', () => {
		expect(formatMoney(1234.5, 'USD', 'en-US')).toBe('$1,234.50')
		expect(formatMoney(1234.5, 'EUR', 'de-DE')).toBe('1.234,50\u00a0€')
		expect(formatMoney(1200, 'JPY', 'ja-JP')).toBe('￥1,200')
		expect(formatMoney(9.99, 'USD', 'ja-JP')).toBe('$9.99')
		expect(formatMoney(9.99, 'XX1', 'de-DE')).toBe('9,99 XX1')
		expect(formatNumber(1234.5, 'de-DE', 2)).toBe('1.234,50')
		expect(formatUnit(1.5, 'megabyte', 'de-DE', 1)).toBe('1,5 MB')
	})

	// Issue 24: the six new catalogue languages read prices, days and numbers in their cultures' own shapes.
	it.each([
		['de-DE', 'EUR', '1.234,50\u00a0€', '28.11.2026', '28. November 2026', '1.234.567,89', 'A, B und C'],
		['de-CH', 'CHF', "CHF\u00a01'234.50", '28.11.2026', '28. November 2026', "1'234'567.89", 'A, B und C'],
		['fr-FR', 'EUR', '1\u202f234,50\u00a0€', '28 nov. 2026', '28 novembre 2026', '1\u202f234\u202f567,89', 'A, B et C'],
		['fr-CA', 'CAD', '1\u00a0234,50\u00a0$', '28 nov. 2026', '28 novembre 2026', '1\u00a0234\u00a0567,89', 'A, B et C'],
		['es-ES', 'EUR', '1234,50\u00a0€', '28 nov 2026', '28 de noviembre de 2026', '1.234.567,89', 'A, B y C'],
		['es-MX', 'MXN', '$1,234.50', '28 nov 2026', '28 de noviembre de 2026', '1,234,567.89', 'A, B y C'],
		['it-IT', 'EUR', '1234,50\u00a0€', '28 nov 2026', '28 novembre 2026', '1.234.567,89', 'A, B e C'],
		['it-CH', 'CHF', 'CHF\u00a01234.50', '28 nov 2026', '28 novembre 2026', "1'234'567.89", 'A, B e C'],
		['pt-BR', 'BRL', 'R$\u00a01.234,50', '28 de nov. de 2026', '28 de novembro de 2026', '1.234.567,89', 'A, B e C'],
		['pt-PT', 'EUR', '1234,50\u00a0€', '28/11/2026', '28 de novembro de 2026', '1\u00a0234\u00a0567,89', 'A, B e C'],
		['nl-NL', 'EUR', '€\u00a01.234,50', '28 nov 2026', '28 november 2026', '1.234.567,89', 'A, B en C'],
	] as const)('%s: a price in %s, a day, a long date, a number and a list', (culture, currency, ...shapes) => {
		const [money, day, longDate, number, list] = shapes
		expect(formatMoney(1234.5, currency, culture)).toBe(money)
		expect(formatDay(DAY, culture)).toBe(day)
		expect(formatLongDate(DAY, culture)).toBe(longDate)
		expect(formatNumber(1234567.891, culture, 2)).toBe(number)
		expect(formatList(['A', 'B', 'C'], culture)).toBe(list)
	})

	it('lists', () => {
		expect(formatList(['A', 'B', 'C'], 'en-US')).toBe('A, B, and C')
		expect(formatList(['A', 'B', 'C'], 'ja-JP')).toBe('A、B、C')
		expect(formatList(['A', 'B', 'C'], 'de-DE')).toBe('A, B und C')
	})

	it('names sort as the culture sorts them, numbers by value', () => {
		expect(['TD-27', 'td-07', 'TD-17'].sort(compareNames('en-US'))).toEqual(['td-07', 'TD-17', 'TD-27'])
		expect(regionName('JP', 'ja-JP')).toBe('日本')
		expect(regionName('not a region', 'en')).toBeNull()
		expect(languageName('Lt-sr-SP', 'en-US')).toBe('Serbian (Latin, Serbia)')
	})

	it('the plural form a count takes', () => {
		expect(pluralCategory(1, 'en-US')).toBe('one')
		expect(pluralCategory(2, 'en-US')).toBe('other')
		expect(pluralCategory(1, 'ja-JP')).toBe('other')
		expect(pluralCategory(3, 'pl-PL')).toBe('few')
		expect(pluralCategory(3, 'Lt-sr-SP')).toBe('few')
		// A million is `many` in French, Spanish, Italian and Portuguese (their `_many` texts); 0 is `one` in fr, pt.
		for (const culture of ['fr-FR', 'es-ES', 'it-IT', 'pt-BR']) expect(pluralCategory(1000000, culture)).toBe('many')
		expect(pluralCategory(0, 'fr-CA')).toBe('one')
		expect(pluralCategory(0, 'pt-BR')).toBe('one')
		expect(pluralCategory(1000000, 'de-DE')).toBe('other')
		expect(pluralCategory(1000000, 'nl-NL')).toBe('other')
	})

	it('time zones', () => {
		expect(isTimeZone('Asia/Tokyo')).toBe(true)
		expect(isTimeZone('Mars/Olympus')).toBe(false)
		expect(timeZoneName('Asia/Tokyo', 'ja-JP', DAY)).toBe('日本標準時')
	})

	it("the machine's own time zone (in the browser, the visitor's)", () => {
		const before = process.env.TZ
		try {
			process.env.TZ = 'Asia/Tokyo'
			expect(hostTimeZone()).toBe('Asia/Tokyo')
			process.env.TZ = 'America/Chicago'
			expect(hostTimeZone()).toBe('America/Chicago')
		} finally {
			if (before === undefined) delete process.env.TZ
			else process.env.TZ = before
		}
	})
})
