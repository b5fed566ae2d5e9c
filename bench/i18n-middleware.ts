/**
 * The cost per request of choosing the language: remix-i18next's stock
 * middleware (an i18next instance created and initialised for every request)
 * against ours (one shared, ready clone per language). ADR 0003.
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
	analytics: null,
	linkEmail: null,
	linkCode: null,
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
	const sharedMicroseconds = await perCall(i18nMiddleware)
	return { iterations: ITERATIONS, stockMicroseconds, sharedMicroseconds }
}

if (import.meta.main) {
	const { stockMicroseconds, sharedMicroseconds } = await measureI18nMiddleware()
	console.log(`remix-i18next stock middleware: ${stockMicroseconds.toFixed(1)} µs per request`)
	console.log(`shared i18next clone:           ${sharedMicroseconds.toFixed(1)} µs per request`)
}
