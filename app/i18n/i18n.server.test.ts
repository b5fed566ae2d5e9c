import { describe, expect, it } from 'vitest'
import en from './locales/en/common.json' with { type: 'json' }
import ja from './locales/ja/common.json' with { type: 'json' }
import { i18nFor } from './i18n.server.ts'
import { createCatalogueTranslator } from '#app/ui/i18n.tsx'

function keys(value: unknown, prefix = ''): string[] {
	return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
		typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
	)
}

describe('catalogues', () => {
	it('has a Japanese text for every English key', () => {
		expect(keys(ja).sort()).toEqual(keys(en).sort())
	})
})

describe('the shared i18next instances', () => {
	it('reuses one ready instance per language instead of building one per request', () => {
		expect(i18nFor('ja')).toBe(i18nFor('ja'))
		expect(i18nFor('ja').t('screen.HomeLogin')).toBe('ログイン')
		expect(i18nFor('en').t('screen.HomeLogin')).toBe('Log in')
	})

	it('translates in the browser exactly as i18next does on the server', () => {
		for (const lng of ['en', 'ja'] as const) {
			const server = i18nFor(lng)
			const browser = createCatalogueTranslator(server.getResourceBundle(lng, 'common'))
			for (const key of keys(en)) expect(browser(key as never)).toBe(server.t(key as never))
		}
	})
})
