import type { Resource } from 'i18next'
import type { CatalogueLanguage } from '#app/domain/culture.ts'
import enCloudAccount from './locales/en/cloud-account.json' with { type: 'json' }
import enCloudKey from './locales/en/cloud-key.json' with { type: 'json' }
import enCloudMemberships from './locales/en/cloud-memberships.json' with { type: 'json' }
import enCommon from './locales/en/common.json' with { type: 'json' }
import jaCloudAccount from './locales/ja/cloud-account.json' with { type: 'json' }
import jaCloudKey from './locales/ja/cloud-key.json' with { type: 'json' }
import jaCloudMemberships from './locales/ja/cloud-memberships.json' with { type: 'json' }
import jaCommon from './locales/ja/common.json' with { type: 'json' }
import deCloudAccount from './locales/de/cloud-account.json' with { type: 'json' }
import deCloudKey from './locales/de/cloud-key.json' with { type: 'json' }
import deCloudMemberships from './locales/de/cloud-memberships.json' with { type: 'json' }
import deCommon from './locales/de/common.json' with { type: 'json' }
import frCloudAccount from './locales/fr/cloud-account.json' with { type: 'json' }
import frCloudKey from './locales/fr/cloud-key.json' with { type: 'json' }
import frCloudMemberships from './locales/fr/cloud-memberships.json' with { type: 'json' }
import frCommon from './locales/fr/common.json' with { type: 'json' }
import esCloudAccount from './locales/es/cloud-account.json' with { type: 'json' }
import esCloudKey from './locales/es/cloud-key.json' with { type: 'json' }
import esCloudMemberships from './locales/es/cloud-memberships.json' with { type: 'json' }
import esCommon from './locales/es/common.json' with { type: 'json' }
import itCloudAccount from './locales/it/cloud-account.json' with { type: 'json' }
import itCloudKey from './locales/it/cloud-key.json' with { type: 'json' }
import itCloudMemberships from './locales/it/cloud-memberships.json' with { type: 'json' }
import itCommon from './locales/it/common.json' with { type: 'json' }
import ptCloudAccount from './locales/pt/cloud-account.json' with { type: 'json' }
import ptCloudKey from './locales/pt/cloud-key.json' with { type: 'json' }
import ptCloudMemberships from './locales/pt/cloud-memberships.json' with { type: 'json' }
import ptCommon from './locales/pt/common.json' with { type: 'json' }
import nlCloudAccount from './locales/nl/cloud-account.json' with { type: 'json' }
import nlCloudKey from './locales/nl/cloud-key.json' with { type: 'json' }
import nlCloudMemberships from './locales/nl/cloud-memberships.json' with { type: 'json' }
import nlCommon from './locales/nl/common.json' with { type: 'json' }

export { DEFAULT_NAMESPACE, i18nOptions } from './resources-options.ts'

/**
 * A language's catalogue is one namespace made of several files, one per
 * area, each under its own top-level key, so an area's texts are edited
 * apart from the rest and keys stay `area.key` everywhere.
 */
const en = { ...enCommon, ...enCloudMemberships, ...enCloudAccount, ...enCloudKey }
const ja = { ...jaCommon, ...jaCloudMemberships, ...jaCloudAccount, ...jaCloudKey }
const de = { ...deCommon, ...deCloudMemberships, ...deCloudAccount, ...deCloudKey }
const fr = { ...frCommon, ...frCloudMemberships, ...frCloudAccount, ...frCloudKey }
const es = { ...esCommon, ...esCloudMemberships, ...esCloudAccount, ...esCloudKey }
const it = { ...itCommon, ...itCloudMemberships, ...itCloudAccount, ...itCloudKey }
const pt = { ...ptCommon, ...ptCloudMemberships, ...ptCloudAccount, ...ptCloudKey }
const nl = { ...nlCommon, ...nlCloudMemberships, ...nlCloudAccount, ...nlCloudKey }

/** The English catalogue's shape: every key the portal may ask for. */
export type CatalogueShape = typeof en

/** Every catalogue, one per CATALOGUE_LANGUAGES; server only (the browser gets its one language in the page). */
export const resources = {
	en: { common: en },
	ja: { common: ja },
	de: { common: de },
	fr: { common: fr },
	es: { common: es },
	it: { common: it },
	pt: { common: pt },
	nl: { common: nl },
} satisfies Record<CatalogueLanguage, Resource[string]>

declare module 'i18next' {
	interface CustomTypeOptions {
		defaultNS: 'common'
		resources: { common: typeof en }
	}
}
