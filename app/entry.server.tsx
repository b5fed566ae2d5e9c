import { renderToReadableStream } from 'react-dom/server'
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import type { CatalogueLanguage } from './domain/culture.ts'
import { catalogueUrl, getI18n, translatorFor } from './i18n/i18n.server.ts'
import { nonceContext } from './request-context.server.ts'
import { I18nProvider, type Translate } from './ui/i18n.tsx'
import { NonceProvider } from './ui/nonce.tsx'

// The server reaches these through the build's entry module (server/index.ts).
export { createLoadContext } from './request-context.server.ts'
export { checkStore, closeStore } from './session/store.server.ts'

export const streamTimeout = 5_000

export default async function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}
	const nonce = loadContext.get(nonceContext)
	const i18n = getI18n(loadContext)
	let status = responseStatusCode
	const body = await renderToReadableStream(
		<NonceProvider value={nonce}>
			<I18nProvider t={translatorFor(i18n) as Translate} catalogue={{ lng: i18n.language, url: catalogueUrl(i18n.language as CatalogueLanguage) }}>
				<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
			</I18nProvider>
		</NonceProvider>,
		{
			nonce,
			signal: AbortSignal.timeout(streamTimeout + 1000),
			onError(error: unknown) {
				status = 500
				console.error(error)
			},
		},
	)
	// The whole document at once: every loader has finished before rendering starts (nothing is
	// deferred), so streaming would only split the page into chunks, each compressed and written
	// on its own. One write is cheaper for the server and arrives as soon for the browser.
	await body.allReady
	responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
	return new Response(body, { headers: responseHeaders, status })
}
