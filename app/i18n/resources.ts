import type { Resource } from 'i18next'
import en from './locales/en/common.json' with { type: 'json' }
import ja from './locales/ja/common.json' with { type: 'json' }

export { DEFAULT_NAMESPACE, i18nOptions } from './resources-options.ts'

/** Every catalogue; server only (the browser gets its one language in the page). */
export const resources = {
	en: { common: en },
	ja: { common: ja },
} satisfies Resource

declare module 'i18next' {
	interface CustomTypeOptions {
		defaultNS: 'common'
		resources: { common: typeof en }
	}
}
