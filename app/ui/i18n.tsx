/**
 * Translation in components. The server renders with the request's shared
 * i18next instance; the browser translates from its language's catalogue, a
 * hashed file it fetches once and keeps (ADR 0003), without i18next (it would
 * cost ~21 KB gzip of the 120 KB budget). Both use the catalogue's plain keys
 * and `{{name}}` values, so the two render the same text.
 */
import { createContext, useContext, type ReactNode } from 'react'
import { pluralCategory } from '#app/domain/formats.ts'
import type { CatalogueShape } from '#app/i18n/resources.ts'

/** i18next's plural suffixes: a text `key_one`/`key_other` is asked for as `key` with a `count`. */
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'
type Unplural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base | K : K

type Paths<T, P extends string = ''> = {
	[K in keyof T & string]: T[K] extends string ? Unplural<`${P}${K}`> : Paths<T[K], `${P}${K}.`>
}[keyof T & string]

/** Every key of the catalogue, as `section.key` (a plural text also as its base key). */
export type CatalogueKey = Paths<CatalogueShape>
export type Translate = (key: CatalogueKey, values?: Record<string, string | number>) => string

/** The page's language and where its catalogue is (named by its content, cached for good). */
export interface Catalogue {
	lng: string
	url: string
}

interface I18nValue {
	t: Translate
	catalogue: Catalogue
}

const I18nContext = createContext<I18nValue>({ t: (key) => key, catalogue: { lng: 'en', url: '' } })

export function I18nProvider({ t, catalogue, children }: I18nValue & { children: ReactNode }) {
	return <I18nContext.Provider value={{ t, catalogue }}>{children}</I18nContext.Provider>
}

export function useT(): Translate {
	return useContext(I18nContext).t
}

export function useCatalogue(): Catalogue {
	return useContext(I18nContext).catalogue
}

/**
 * The browser's translator: a key lookup with `{{name}}` interpolation and, with a numeric `count`,
 * the plural text (`key_one`, `key_many`, `key_other`… chosen by the language's `Intl.PluralRules`
 * through formats.ts), as i18next does it for our catalogues in all eight languages.
 */
export function createCatalogueTranslator(resources: Record<string, unknown>, lng = 'en'): Translate {
	return (key, values) => {
		let entry: unknown = resources
		const parts = key.split('.')
		const last = parts.pop()!
		for (const part of parts) {
			entry = entry && typeof entry === 'object' ? (entry as Record<string, unknown>)[part] : undefined
		}
		const texts = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>
		const count = values?.count
		// i18next's order for a count: `_zero` for 0 when the catalogue has it, the language's plural form
		// (`_one`, `_few`, `_many`… by Intl.PluralRules), then the key itself. `_other` last: where i18next
		// would go on to English, the browser has only its language (the catalogue test keeps every form there).
		const forms =
			typeof count === 'number'
				? [...(count === 0 ? ['_zero'] : []), `_${pluralCategory(count, lng)}`, '', '_other']
				: ['']
		entry = forms.map((suffix) => texts[`${last}${suffix}`]).find((text) => typeof text === 'string')
		if (typeof entry !== 'string') return key
		return values ? entry.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? '')) : entry
	}
}
