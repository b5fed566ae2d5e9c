import type { Resource } from 'i18next'
import enCloudAccount from './locales/en/cloud-account.json' with { type: 'json' }
import enCloudKey from './locales/en/cloud-key.json' with { type: 'json' }
import enCloudMemberships from './locales/en/cloud-memberships.json' with { type: 'json' }
import enCommon from './locales/en/common.json' with { type: 'json' }
import jaCloudAccount from './locales/ja/cloud-account.json' with { type: 'json' }
import jaCloudKey from './locales/ja/cloud-key.json' with { type: 'json' }
import jaCloudMemberships from './locales/ja/cloud-memberships.json' with { type: 'json' }
import jaCommon from './locales/ja/common.json' with { type: 'json' }

export { DEFAULT_NAMESPACE, i18nOptions } from './resources-options.ts'

/**
 * A language's catalogue is one namespace made of several files, one per
 * area, each under its own top-level key, so an area's texts are edited
 * apart from the rest and keys stay `area.key` everywhere.
 */
const en = { ...enCommon, ...enCloudMemberships, ...enCloudAccount, ...enCloudKey }
const ja = { ...jaCommon, ...jaCloudMemberships, ...jaCloudAccount, ...jaCloudKey }

/** The English catalogue's shape: every key the portal may ask for. */
export type CatalogueShape = typeof en

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
