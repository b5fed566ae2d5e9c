import type { InitOptions } from 'i18next'
import { CATALOGUE_LANGUAGES } from '#app/domain/culture.ts'

export const DEFAULT_NAMESPACE = 'common'

/** Options shared by the server's instance and the browser's. */
export const i18nOptions = {
	fallbackLng: 'en',
	supportedLngs: [...CATALOGUE_LANGUAGES],
	defaultNS: DEFAULT_NAMESPACE,
	ns: [DEFAULT_NAMESPACE],
	interpolation: { escapeValue: false },
	returnNull: false,
} satisfies InitOptions
