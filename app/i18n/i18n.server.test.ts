import { createInstance } from 'i18next'
import { RouterContextProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { CATALOGUE_LANGUAGES, type CatalogueLanguage, type CultureCode } from '#app/domain/culture.ts'
import { preferencesContext, type Preferences } from '#app/request-context.server.ts'
import { createCatalogueTranslator } from '#app/ui/i18n.tsx'
import { getI18n, getLocale, i18nMiddleware, translatorFor } from './i18n.server.ts'
import { i18nOptions, resources } from './resources.ts'

const en = resources.en.common
const ja = resources.ja.common

/** A culture of each catalogue language, as the preferences middleware hands it on. */
const CULTURE_OF: Record<CatalogueLanguage, CultureCode> = {
	en: 'en-US',
	ja: 'ja-JP',
	de: 'de-AT',
	fr: 'fr-CA',
	es: 'es-MX',
	it: 'it-CH',
	pt: 'pt-PT',
	nl: 'nl-BE',
}

function keys(value: unknown, prefix = ''): string[] {
	return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
		typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
	)
}

/** Runs remix-i18next's middleware for a request whose preferences chose `culture`; returns its context. */
async function contextFor(culture: CultureCode, acceptLanguage = 'en') {
	const context = new RouterContextProvider()
	context.set(preferencesContext, { culture } as Preferences)
	const request = new Request('http://localhost/login?lng=ja', { headers: { 'Accept-Language': acceptLanguage } })
	await i18nMiddleware(
		{ request, url: new URL(request.url), params: {}, pattern: '/login', context },
		async () => new Response(null),
	)
	return context
}

/** Counts that fall in different plural forms across the eight languages (0 is one in French, a million many). */
const COUNTS = [0, 1, 2, 21, 1000000]

describe('the language of a request (remix-i18next middleware)', () => {
	it('follows the culture the preferences chose, not its own query or header detection', async () => {
		const japanese = await contextFor('ja-JP', 'en-US')
		expect(getLocale(japanese)).toBe('ja')
		expect(getI18n(japanese).t('screen.HomeLogin')).toBe('ログイン')

		const english = await contextFor('en-GB', 'ja')
		expect(getLocale(english)).toBe('en')
		expect(getI18n(english).t('screen.HomeLogin')).toBe('Log in')
	})

	it.each(CATALOGUE_LANGUAGES)('reads the catalogue of %s in its cultures, whatever their region', async (lng) => {
		const context = await contextFor(CULTURE_OF[lng])
		expect(getLocale(context)).toBe(lng)
		expect(getI18n(context).t('screen.HomeLogin')).toBe(resources[lng].common.screen.HomeLogin)
	})

	it('reads cultures without a catalogue in English', async () => {
		const serbian = await contextFor('Lt-sr-SP')
		expect(getLocale(serbian)).toBe('en')
		expect(getI18n(serbian).t('screen.HomeLogin')).toBe('Log in')
	})

	it('keeps a text looked up once per language, and fills values every time', async () => {
		const t = translatorFor(getI18n(await contextFor('ja-JP')))
		expect(t('screen.HomeLogin')).toBe('ログイン')
		expect(translatorFor(getI18n(await contextFor('en-US')))('screen.HomeLogin')).toBe('Log in')
		expect(t('toast.codeResent')).toBe(ja.toast.codeResent)
	})

	it('keeps a text with values for those values, each language and values its own', async () => {
		const instance = getI18n(await contextFor('en-US'))
		const lookups = vi.spyOn(instance, 't')
		const t = translatorFor(instance)
		const first = t('gear.showing', { from: 1, to: 12, total: 13 })
		expect(first).toBe(instance.t('gear.showing', { from: 1, to: 12, total: 13 }))
		lookups.mockClear()
		expect(t('gear.showing', { from: 1, to: 12, total: 13 })).toBe(first)
		expect(lookups).not.toHaveBeenCalled()
		expect(t('gear.showing', { from: 13, to: 13, total: 13 })).not.toBe(first)
		expect(translatorFor(getI18n(await contextFor('ja-JP')))('gear.showing', { from: 1, to: 12, total: 13 })).toBe(
			getI18n(await contextFor('ja-JP')).t('gear.showing', { from: 1, to: 12, total: 13 }),
		)
	})

	it('translates in the browser exactly as i18next does on the server', async () => {
		for (const culture of Object.values(CULTURE_OF)) {
			const server = getI18n(await contextFor(culture))
			const browser = createCatalogueTranslator(server.getResourceBundle(server.language, 'common'), server.language)
			for (const key of keys(server.getResourceBundle(server.language, 'common')))
				expect(browser(key as never), `${culture} ${key}`).toBe(server.t(key as never))
		}
	})

	it('picks the plural text in the browser as i18next does on the server, in every language', async () => {
		const plurals = [
			...new Set(keys(en).flatMap((key) => (/_(one|other)$/.test(key) ? [key.replace(/_\w+$/, '')] : []))),
		]
		expect(plurals).toContain('feed.reason.more')
		for (const culture of Object.values(CULTURE_OF)) {
			const server = getI18n(await contextFor(culture))
			const browser = createCatalogueTranslator(server.getResourceBundle(server.language, 'common'), server.language)
			for (const key of plurals)
				for (const count of COUNTS) {
					// With every other value a plural text takes (the two differ only on a value left out).
					const values = { count, tier: 'Pro', date: 'May 1' }
					expect(browser(key as never, values), `${culture} ${key} ${count}`).toBe(server.t(key as never, values))
				}
		}
		const english = createCatalogueTranslator(resources.en.common, 'en')
		expect(english('cloudMemberships.statusTrialDaysLeft', { count: 1 })).toBe('free trial, 1 day left')
		expect(english('cloudMemberships.statusTrialDaysLeft', { count: 30 })).toBe('free trial, 30 days left')
	})

	it.each(CATALOGUE_LANGUAGES)(
		'%s: the browser picks zero, one, two, few, many or other as i18next does, each form its own text',
		(lng) => {
			// Texts that differ in every form, so a wrong pick shows even where a catalogue's forms read alike.
			const forms = ['zero', 'one', 'two', 'few', 'many', 'other']
			const catalogue = {
				t: {
					...Object.fromEntries(forms.map((form) => [`n_${form}`, `${form} {{count}}`])),
					...Object.fromEntries(forms.slice(1).map((form) => [`m_${form}`, `m ${form} {{count}}`])),
					plain: 'plain {{count}}',
					both: 'both {{count}}',
					both_one: 'both one {{count}}',
					both_other: 'both other {{count}}',
				},
			}
			const server = createInstance({ ...i18nOptions, lng, resources: { [lng]: { common: catalogue } } })
			void server.init()
			const browser = createCatalogueTranslator(catalogue, lng)
			for (const key of ['t.n', 't.m', 't.plain', 't.both'])
				for (const count of [...COUNTS, 3, 5, 11, 1.5]) {
					expect(browser(key as never, { count }), `${lng} ${key} ${count}`).toBe(server.t(key as never, { count }))
				}
		},
	)

	it('a count reads right for 1: texts with a count are plural keys (issue 22)', async () => {
		// Counts said as a label ("Articles found: 1") need no plural.
		const labels = new Set(['faq.count'])
		const counted = keys(en).filter(
			(key) =>
				/\{\{count\}\}/.test(String(key.split('.').reduce<unknown>((v, k) => (v as never)[k], en))) &&
				!/_(one|other)$/.test(key),
		)
		expect(counted.filter((key) => !labels.has(key))).toEqual([])
		const server = getI18n(await contextFor('en-US'))
		const t = (key: string, values: Record<string, unknown>) => server.t(key as never, values)
		expect(t('cloudAccount.home.days', { count: 1 })).toBe('1 day')
		expect(t('cloudAccount.home.days', { count: 30 })).toBe('30 days')
		expect(t('cloudMemberships.thankYouTrial', { count: 1, tier: 'Pro', date: 'May 1' })).toBe(
			'Your free trial of Pro runs until May 1: 1 day left.',
		)
		expect(t('cloudMemberships.instruments', { count: 1 })).toBe('1 instrument or app')
		expect(t('cloudMemberships.instruments', { count: 12 })).toBe('12 instruments and apps')
		expect(t('cloudMemberships.ctaFreeTrialNote', { count: 1, tier: 'Pro' })).toBe(
			'1 day of Pro free, for first-time members.',
		)
		expect(t('cloudAccount.loyalty.choose', { count: 1 })).toBe('Choose up to 1 reward instrument')
		expect(t('survey.offered', { count: 1 })).toBe('We would like to hear from you: 1 question, a few minutes.')
		expect(t('productInfo.warranty', { count: 1 })).toContain('for 1 year from')
		const japanese = getI18n(await contextFor('ja-JP'))
		expect(japanese.t('cloudAccount.home.days' as never, { count: 1 })).toBe('1日')
	})
})
