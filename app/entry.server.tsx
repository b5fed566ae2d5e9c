import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import { getI18n } from './i18n/i18n.server.ts'
import { nonceContext } from './request-context.server.ts'
import { I18nProvider, type Translate } from './ui/i18n.tsx'
import { NonceProvider } from './ui/nonce.tsx'

// The server reaches these through the build's entry module (server/index.ts).
export { createLoadContext } from './request-context.server.ts'
export { checkStore, closeStore } from './session/store.server.ts'

export const streamTimeout = 5_000

export default function handleRequest(
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

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')
		// Crawlers and very old browsers get the whole document at once.
		const readyOption: keyof RenderToPipeableStreamOptions =
			(userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<I18nProvider t={i18n.t as Translate} catalogue={{ lng: i18n.language, resources: i18n.getResourceBundle(i18n.language, 'common') }}>
					<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
				</I18nProvider>
			</NonceProvider>,
			{
				nonce,
				[readyOption]() {
					shellRendered = true
					const body = new PassThrough({
						final(callback) {
							clearTimeout(timeoutId)
							timeoutId = undefined
							callback()
						},
					})
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					pipe(body)
					resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) console.error(error)
				},
			},
		)
	})
}
