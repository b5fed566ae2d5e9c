/**
 * i18next on the server. remix-i18next's stock middleware builds and
 * initialises an i18next instance on every request (~0.4 ms, half the
 * throughput of a page); here one instance is initialised at start and one
 * clone per catalogue language is reused by every request (ADR 0003).
 */
import { createHash } from 'node:crypto'
import i18next, { type i18n } from 'i18next'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { CATALOGUE_LANGUAGES, catalogueLanguage, type CatalogueLanguage } from '#app/domain/culture.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { DEFAULT_NAMESPACE, i18nOptions, resources } from './resources.ts'

const base = i18next.createInstance()
void base.init({ ...i18nOptions, resources, lng: 'en', initAsync: false })

const instances = new Map<CatalogueLanguage, i18n>(
	CATALOGUE_LANGUAGES.map((lng) => [lng, base.cloneInstance({ lng, initAsync: false })]),
)

/** Each language's catalogue as the browser gets it: the JSON once, named by a hash of its content. */
const browserCatalogues = new Map(
	CATALOGUE_LANGUAGES.map((lng) => {
		const json = JSON.stringify(base.getResourceBundle(lng, DEFAULT_NAMESPACE))
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

/** The shared, ready instance for a catalogue language. */
export function i18nFor(lng: CatalogueLanguage): i18n {
	return instances.get(lng)!
}

const i18nContext = createContext<i18n>(base)

export const i18nMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
	context.set(i18nContext, i18nFor(catalogueLanguage(context.get(preferencesContext).culture)))
	return next()
}

/** The request's i18next instance, for loaders and actions that need text. */
export function getI18n(context: Readonly<RouterContextProvider>): i18n {
	return context.get(i18nContext)
}

export { DEFAULT_NAMESPACE }

const translators = new WeakMap<i18n, (key: string, values?: Record<string, string | number>) => string>()

/**
 * The components' `t` for a shared instance: a text without values is looked
 * up once per language and kept (the catalogues do not change while running).
 */
export function translatorFor(instance: i18n) {
	let translate = translators.get(instance)
	if (!translate) {
		const texts = new Map<string, string>()
		translate = (key, values) => {
			if (values) return instance.t(key as never, values)
			let text = texts.get(key)
			if (text === undefined) {
				text = instance.t(key as never)
				texts.set(key, text)
			}
			return text
		}
		translators.set(instance, translate)
	}
	return translate
}
