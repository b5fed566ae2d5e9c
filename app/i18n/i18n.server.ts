/**
 * i18next on the server, through remix-i18next's middleware: it gives every
 * request its own i18next instance in the language of the request's culture,
 * and loaders, actions and the document read the locale and `t` through its
 * getters (ADR 0003).
 */
import { createHash } from 'node:crypto'
import type { i18n } from 'i18next'
import { LRUCache } from 'lru-cache'
import type { RouterContextProvider } from 'react-router'
import { createI18nextMiddleware } from 'remix-i18next'
import { CATALOGUE_LANGUAGES, catalogueLanguage, type CatalogueLanguage } from '#app/domain/culture.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { DEFAULT_NAMESPACE, i18nOptions, resources } from './resources.ts'

const [middleware, getLocaleOf, getInstanceOf] = createI18nextMiddleware({
	detection: {
		supportedLanguages: [...CATALOGUE_LANGUAGES],
		fallbackLanguage: 'en',
		// The spec's culture priority (?culture_code=, its cookie, Accept-Language, en-JM, each
		// normalised) is decided once, by the preferences middleware before this one, which also keeps
		// the query's culture in its cookie. The catalogue is that culture's language.
		order: ['custom'],
		findLocale: async ({ context }) => catalogueLanguage(context.get(preferencesContext).culture),
	},
	// `initAsync: false` initialises each request's instance synchronously: the catalogues are
	// in memory, so waiting for a promise would only cost time (ADR 0003 gives the figures).
	i18next: { ...i18nOptions, resources, initAsync: false },
})

export const i18nMiddleware = middleware

/** The request's catalogue language (one of CATALOGUE_LANGUAGES), as remix-i18next decided it. */
export function getLocale(context: Readonly<RouterContextProvider>): CatalogueLanguage {
	return getLocaleOf(context as RouterContextProvider) as CatalogueLanguage
}

/** The request's i18next instance, for loaders and actions that need text. */
export function getI18n(context: Readonly<RouterContextProvider>): i18n {
	return getInstanceOf(context as RouterContextProvider)
}

/** Each language's catalogue as the browser gets it: the JSON once, named by a hash of its content. */
const browserCatalogues = new Map(
	CATALOGUE_LANGUAGES.map((lng) => {
		const json = JSON.stringify(resources[lng][DEFAULT_NAMESPACE])
		const hash = createHash('sha256').update(json).digest('base64url').slice(0, 12)
		return [lng, { json, hash, url: `/locales/${lng}.${hash}.json` }] as const
	}),
)

export function catalogueUrl(lng: CatalogueLanguage): string {
	return browserCatalogues.get(lng)!.url
}

/** The catalogue file for `/locales/{lng}.{hash}.json`; `current` says whether the hash is today's. */
export function browserCatalogue(lng: string, hash: string): { json: string; current: boolean } | null {
	const catalogue = browserCatalogues.get(lng as CatalogueLanguage)
	return catalogue ? { json: catalogue.json, current: catalogue.hash === hash } : null
}

export { DEFAULT_NAMESPACE }

/** Texts without values, per language: the catalogues do not change while the server runs. */
const texts = new Map<string, Map<string, string>>(CATALOGUE_LANGUAGES.map((lng) => [lng, new Map()]))

/**
 * Texts with values, per language, the most recent few thousand: a text is a pure function of its key and
 * values (plurals and formats follow the language), and most pages fill the same ones again (a page count,
 * a tier's name), while an i18next lookup with values costs some 10 µs. Bounded, as values can be anything
 * a user has; kept in memory only.
 */
const filledTexts = new Map<string, LRUCache<string, string>>(
	CATALOGUE_LANGUAGES.map((lng) => [lng, new LRUCache<string, string>({ max: 5000 })]),
)

/**
 * The components' `t` for a request's instance: a text without values is
 * looked up once per language and kept, so a page of a hundred texts does not
 * cost a hundred i18next lookups on every request; a text with values is kept
 * for its values.
 */
export function translatorFor(instance: i18n) {
	const known = texts.get(instance.language) ?? new Map<string, string>()
	const filled = filledTexts.get(instance.language)
	return (key: string, values?: Record<string, string | number>): string => {
		if (values) {
			if (!filled) return instance.t(key as never, values)
			const id = `${key}\u0000${JSON.stringify(values)}`
			let text = filled.get(id)
			if (text === undefined) {
				text = instance.t(key as never, values)
				filled.set(id, text)
			}
			return text
		}
		let text = known.get(key)
		if (text === undefined) {
			text = instance.t(key as never)
			known.set(key, text)
		}
		return text
	}
}
