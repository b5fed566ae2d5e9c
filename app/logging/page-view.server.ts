/**
 * Page views logged by the server (issue 14), so they are logged with or
 * without JavaScript: a document request, or the data request of a
 * navigation with JavaScript, that rendered a screen (200) for a visitor who
 * opted in (the analytics choice is `granted`). Opted out or undecided:
 * nothing at all is sent.
 */
import type { MiddlewareFunction, RouterContextProvider } from 'react-router'
import { milestoneEvent, pageViewEvent, type Milestone, type PageContext } from '#app/domain/usage-event.ts'
import { THEMES } from '#app/domain/theme.ts'
import { BUILD } from '#app/build-info.server.ts'
import { getI18n, translatorFor } from '#app/i18n/i18n.server.ts'
import { preferencesContext, screenContext, sessionContext } from '#app/request-context.server.ts'
import { logUsage } from './usage-log.server.ts'

/** Whether this request's visitor has opted in to usage logging. */
export function usageLoggingAllowed(context: Readonly<RouterContextProvider>): boolean {
	return context.get(preferencesContext).analytics === true
}

/** The page-view fields of the screen this request shows. */
export function pageContextOf(
	context: Readonly<RouterContextProvider>,
	path: string,
	screen: string = context.get(screenContext),
): PageContext {
	const { theme, culture } = context.get(preferencesContext)
	const translate = translatorFor(getI18n(context))
	return {
		screen,
		path,
		title: `${translate(`screen.${screen}`)} · ${THEMES[theme].title}`,
		cultureCode: culture,
		theme,
		build: { number: BUILD.number, commit: BUILD.commit },
	}
}

/** The signed-in user's id token, which usage events are sent with (spec 2 §6). */
export function usageIdToken(context: Readonly<RouterContextProvider>): string | undefined {
	return context.get(sessionContext).get('credentials')?.idToken || undefined
}

export const pageViewMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
	const response = await next()
	if (request.method !== 'GET' || response.status !== 200 || !usageLoggingAllowed(context)) return response
	// Resource routes (catalogues, the preferences form's redirect) render no screen.
	if (context.get(screenContext) === 'NotFound') return response
	logUsage(pageViewEvent(pageContextOf(context, url.pathname)), usageIdToken(context))
	return response
}

/**
 * A milestone the user reached on this request's screen (signed up, activated, product registered,
 * support sent, trial started, cancelled), logged like a page view when the visitor opted in.
 */
export function logMilestone(
	context: Readonly<RouterContextProvider>,
	path: string,
	milestone: Milestone,
	extra: Record<string, unknown> = {},
): void {
	if (!usageLoggingAllowed(context)) return
	logUsage(milestoneEvent(milestone, pageContextOf(context, path), extra), usageIdToken(context))
}
