/**
 * The cost per request of choosing the language: remix-i18next's middleware
 * as its documentation sets it up (detection from the request, asynchronous
 * init) against the portal's use of it (the culture the preferences chose,
 * synchronous init). ADR 0003.
 */
import { performance } from 'node:perf_hooks'
import { RouterContextProvider, type MiddlewareFunction } from 'react-router'
import { createI18nextMiddleware } from 'remix-i18next'
import { i18nMiddleware } from '../app/i18n/i18n.server.ts'
import { i18nOptions, resources } from '../app/i18n/resources.ts'
import { preferencesContext, type Preferences } from '../app/request-context.server.ts'

const ITERATIONS = 5_000

const preferences: Preferences = {
	theme: 'dw',
	culture: 'ja-JP',
	countryCode: null,
	sidebar: 'right',
	lite: false,
	liteReason: 'default',
	analytics: null,
}

const [stockMiddleware] = createI18nextMiddleware({
	detection: { supportedLanguages: ['en', 'ja'], fallbackLanguage: 'en' },
	i18next: { ...i18nOptions, resources },
})

async function perCall(middleware: MiddlewareFunction<Response>): Promise<number> {
	const request = new Request('http://localhost/login', { headers: { 'Accept-Language': 'ja' } })
	const next = async () => new Response(null)
	const run = async () => {
		const context = new RouterContextProvider()
		context.set(preferencesContext, preferences)
		await middleware({ request, url: new URL(request.url), pattern: '/login', params: {}, context }, next)
	}
	for (let i = 0; i < 500; i++) await run()
	const start = performance.now()
	for (let i = 0; i < ITERATIONS; i++) await run()
	return ((performance.now() - start) * 1000) / ITERATIONS
}

export async function measureI18nMiddleware() {
	const stockMicroseconds = await perCall(stockMiddleware)
	const portalMicroseconds = await perCall(i18nMiddleware)
	return { iterations: ITERATIONS, stockMicroseconds, portalMicroseconds }
}

if (import.meta.main) {
	const { stockMicroseconds, portalMicroseconds } = await measureI18nMiddleware()
	console.log(`remix-i18next as documented: ${stockMicroseconds.toFixed(1)} µs per request`)
	console.log(`remix-i18next as the portal: ${portalMicroseconds.toFixed(1)} µs per request`)
}
