import type { InitOptions } from 'i18next'

export const DEFAULT_NAMESPACE = 'common'

/** Options shared by the server's instance and the browser's. */
export const i18nOptions = {
	fallbackLng: 'en',
	supportedLngs: ['en', 'ja'],
	defaultNS: DEFAULT_NAMESPACE,
	ns: [DEFAULT_NAMESPACE],
	interpolation: { escapeValue: false },
	returnNull: false,
} satisfies InitOptions
