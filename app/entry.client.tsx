import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { createCatalogueTranslator, I18nProvider } from './ui/i18n.tsx'

/**
 * The page names its catalogue (root Layout); the browser fetches it once and
 * keeps it (its name changes with its content). Should it not arrive, the page
 * stays as the server rendered it: every screen works without JavaScript.
 */
async function hydrate() {
	const url = document.querySelector<HTMLMetaElement>('meta[name="i18n-catalogue"]')?.content
	const lng = document.documentElement.lang || 'en'
	if (!url) return
	const response = await fetch(url)
	if (!response.ok) return
	const resources = (await response.json()) as Record<string, unknown>
	startTransition(() => {
		hydrateRoot(
			document,
			<I18nProvider t={createCatalogueTranslator(resources, lng)} catalogue={{ lng, url }}>
				<StrictMode>
					<HydratedRouter />
				</StrictMode>
			</I18nProvider>,
		)
	})
}

void hydrate()
