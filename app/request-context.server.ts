/**
 * Values the server puts in React Router's context for one request. Express
 * makes the context with `createLoadContext` (exported by entry.server so the
 * server and the app share these keys); the root middleware fills the rest.
 */
import { createContext, RouterContextProvider } from 'react-router'
import type { CultureCode } from './domain/culture.ts'
import type { LiteMode } from './domain/lite-mode.ts'
import type { ThemeName } from './domain/theme.ts'
import type { ScreenName } from './domain/screens.ts'
import type { PortalSession } from './session/session.server.ts'

/** The CSP nonce of this response, made by the server per request. */
export const nonceContext = createContext<string>('')
/** The client's address as Express sees it (`trust proxy` decides whether forwarded headers count). */
export const clientIpContext = createContext<string>('')

/**
 * The visitor's country when the server decided the region rule before the rendered-HTML cache
 * (ADR 0048); null: the region middleware decides it.
 */
export const regionDecidedContext = createContext<string | null>(null)

export interface Preferences {
	theme: ThemeName
	culture: CultureCode
	/** From `?country_code=` or the cookie it was kept in. */
	countryCode: string | null
	sidebar: 'left' | 'right'
	/** The consent banner's answer; null until the user chose. */
	analytics: boolean | null
	/** Lite mode: no script at all on the page (`app/domain/lite-mode.ts`, ADR 0058). */
	lite: boolean
	liteReason: LiteMode['reason']
}

export const preferencesContext = createContext<Preferences>()
export const sessionContext = createContext<PortalSession>()
export const screenContext = createContext<ScreenName>('NotFound')

export function createLoadContext({
	nonce,
	clientIp = '',
	country = null,
}: {
	nonce: string
	clientIp?: string
	country?: string | null
}) {
	const context = new RouterContextProvider()
	context.set(nonceContext, nonce)
	context.set(clientIpContext, clientIp)
	context.set(regionDecidedContext, country)
	return context
}

/**
 * Whether this request's page is lite (ADR 0058). False when the preferences were never read (a
 * failure before their middleware ran): that error page is the full one, as it always was.
 */
export function isLitePage(context: Readonly<RouterContextProvider>): boolean {
	try {
		return context.get(preferencesContext).lite
	} catch {
		return false
	}
}
