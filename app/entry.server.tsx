import { Writable } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from 'react-router'
import type { CatalogueLanguage } from './domain/culture.ts'
import { LITE_VARY } from './domain/lite-mode.ts'
import { serverErrorLog } from './logging/server-errors.ts'
import { catalogueUrl, getI18n, translatorFor } from './i18n/i18n.server.ts'
import { usageTailScriptFor } from './logging/analytics-script.server.ts'
import { isLitePage, nonceContext } from './request-context.server.ts'
import { I18nProvider, type Translate } from './ui/i18n.tsx'
import { InlineScriptsProvider } from './ui/head-script.tsx'
import { InlineStyleProvider } from './ui/inline-style.tsx'
import { LiteProvider } from './ui/lite.tsx'
import { scriptsAfterFirstPaint } from './ui/scripts-after-first-paint.ts'
import { joined } from './ui/document-bytes.ts'
import { NonceProvider } from './ui/nonce.tsx'
import { urlRewriteScript } from './ui/url-rewrite.ts'
import appCss from './ui/app.css?inline'

// The server reaches these through the build's entry module (server/index.ts).
export { createLoadContext } from './request-context.server.ts'
export { checkStore, closeStore } from './session/store.server.ts'
export { startSupportOutbox, stopSupportOutbox } from './outbox/support-outbox.server.ts'
export { checkReadiness } from './readiness.server.ts'
export { flushUsageLog } from './logging/usage-log.server.ts'
export { analyticsScriptOrigins } from './logging/analytics-script.server.ts'
export { answerPicture } from './upstream/pictures.server.ts'
export { anonymousPage } from './html-cache.server.ts'

export const streamTimeout = 5_000

/** A visitor's mistake is one line at warn; the portal's own failure keeps its stack (app/logging/server-errors.ts). */
export const handleError: HandleErrorFunction = (error, { request }) => {
	const log = serverErrorLog(error, { method: request.method, url: request.url, aborted: request.signal.aborted })
	if (log.level === 'warn') console.warn(log.line)
	else if (log.level === 'error') console.error(log.error)
}

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
	// Lite mode (ADR 0058): no script at all. The root leaves out its scripts and <Scripts/>, without which
	// React Router streams no hydration data either.
	const lite = isLitePage(loadContext)
	const { html, failed } = await renderDocument(
		<NonceProvider value={nonce}>
			<LiteProvider value={lite}>
				<InlineScriptsProvider
					value={lite ? { head: '', tail: '' } : { head: urlRewriteScript, tail: usageTailScriptFor(loadContext) }}
				>
					<I18nProvider
						t={translatorFor(i18n) as Translate}
						catalogue={{ lng: i18n.language, url: catalogueUrl(i18n.language as CatalogueLanguage) }}
					>
						<InlineStyleProvider value={appCss}>
							<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
						</InlineStyleProvider>
					</I18nProvider>
				</InlineScriptsProvider>
			</LiteProvider>
		</NonceProvider>,
		nonce,
	)
	// Every page is lite or not by these two: no cache may give one visitor's kind to the other.
	for (const name of LITE_VARY) responseHeaders.append('Vary', name)
	responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
	responseHeaders.set('Content-Length', String(html.byteLength))
	return new Response(html, { headers: responseHeaders, status: failed ? 500 : responseStatusCode })
}

/**
 * The whole document as one buffer. Every loader has finished before rendering starts (nothing is
 * deferred), so streaming would only cut the page into React's small chunks, each of which the
 * adapter writes and the compressor flushes on its own. One buffer is one write and one
 * compression pass: cheaper for the server, and no later for the browser (ADR 0008).
 */
function renderDocument(
	element: ReactNode,
	nonce: string,
): Promise<{ html: Uint8Array<ArrayBuffer>; failed: boolean }> {
	return new Promise((resolve, reject) => {
		let failed = false
		const chunks: (Uint8Array | string)[] = []
		const sink = new Writable({
			// React writes its longer texts as strings: kept as they are, not each turned into a buffer of its own.
			decodeStrings: false,
			write(chunk: Uint8Array | string, _encoding, done) {
				chunks.push(chunk)
				done()
			},
			final(done) {
				clearTimeout(timer)
				// A buffer of our own (allocUnsafe), never shared memory; its type just does not say so.
				resolve({ html: scriptsAfterFirstPaint(joined(chunks)) as Uint8Array<ArrayBuffer>, failed })
				done()
			},
		})
		const { pipe, abort } = renderToPipeableStream(element, {
			nonce,
			onAllReady: () => pipe(sink),
			onShellError: (error) => {
				clearTimeout(timer)
				reject(error)
			},
			onError(error: unknown) {
				failed = true
				console.error(error)
			},
		})
		const timer = setTimeout(abort, streamTimeout + 1000)
	})
}
