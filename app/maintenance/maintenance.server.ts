/**
 * Maintenance in the root middleware chain (ADR 0026). `maintenanceStateMiddleware` goes first: it
 * decides whether maintenance is on for this request and, on the way out, gives the 503 its
 * Retry-After (React Router drops the headers of what a middleware throws, but one before it gets the
 * response). `maintenanceMiddleware` goes after the i18n middleware, so the page is in the visitor's
 * language, and before anything that reads the session or an upstream: during maintenance every page
 * but the maintenance page answers 503 with it, and no upstream is asked. `/healthz`, the assets and
 * the public files are served before the app and are never held.
 */
import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { isOpenDuringMaintenance, maintenanceState, type MaintenanceState } from '#app/domain/maintenance.ts'
import { getEnv } from '#app/env.server.ts'
import { getI18n, translatorFor } from '#app/i18n/i18n.server.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { THEMES } from '#app/domain/theme.ts'
import { htmlLang } from '#app/domain/culture.ts'
import type { MaintenanceView } from '#app/ui/maintenance-notice.tsx'

const maintenanceContext = createContext<MaintenanceState>({ kind: 'none' })

/** Maintenance as the settings and the clock say now. */
export function currentMaintenance(now = Date.now()): MaintenanceState {
	const env = getEnv()
	return maintenanceState({ on: env.MAINTENANCE === 'on', window: env.MAINTENANCE_WINDOW }, now)
}

/** What the maintenance page shows: the state, the window as ISO strings, the culture to tell it in. */
export function maintenanceView(context: Readonly<RouterContextProvider>, state: MaintenanceState): MaintenanceView {
	const window = state.kind === 'none' ? undefined : state.window
	return {
		status: state.kind,
		window: window ? { start: window.start.toISOString(), end: window.end.toISOString() } : null,
		culture: context.get(preferencesContext).culture,
	}
}

export const maintenanceStateMiddleware: MiddlewareFunction<Response> = async ({ url, context }, next) => {
	const state = currentMaintenance()
	context.set(maintenanceContext, state)
	const response = await next()
	if (state.kind === 'active' && response.status === 503 && !isOpenDuringMaintenance(url.pathname)) {
		response.headers.set('Retry-After', String(state.retryAfterSeconds))
		response.headers.set('Cache-Control', 'no-store')
	}
	return response
}

export const maintenanceMiddleware: MiddlewareFunction<Response> = async ({ url, context }, next) => {
	const state = context.get(maintenanceContext)
	if (state.kind !== 'active' || isOpenDuringMaintenance(url.pathname)) return next()
	const { theme, culture } = context.get(preferencesContext)
	const title = `${translatorFor(getI18n(context))('screen.Maintenance')} · ${THEMES[theme].title}`
	throw data(
		{ maintenance: maintenanceView(context, state), theme, lang: htmlLang(culture), title },
		{ status: 503, statusText: 'Service Unavailable' },
	)
}
