/**
 * i18next on the server. remix-i18next's stock middleware builds and
 * initialises an i18next instance on every request (~0.4 ms, half the
 * throughput of a page); here one instance is initialised at start and one
 * clone per catalogue language is reused by every request (ADR 0003).
 */
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
