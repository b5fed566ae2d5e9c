import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { createCatalogueTranslator, I18nProvider, type Catalogue } from './ui/i18n.tsx'

/** The page carries its one catalogue (root Layout); the browser bundle holds none. */
function readCatalogue(): Catalogue {
	const element = document.getElementById('i18n-catalogue')
	return element?.textContent ? (JSON.parse(element.textContent) as Catalogue) : { lng: 'en', resources: {} }
}

const catalogue = readCatalogue()

startTransition(() => {
	hydrateRoot(
		document,
		<I18nProvider t={createCatalogueTranslator(catalogue)} catalogue={catalogue}>
			<StrictMode>
				<HydratedRouter />
			</StrictMode>
		</I18nProvider>,
	)
})
