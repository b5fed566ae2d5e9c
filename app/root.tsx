import { useEffect } from 'react'
import {
	data,
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	redirect,
	Scripts,
	ScrollRestoration,
	useRouteError,
	useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { useCatalogue, useT, type CatalogueKey } from '#app/ui/i18n.tsx'
import { htmlLang } from './domain/culture.ts'
import { screenChrome, selectedTab, tabsFor } from './domain/screens.ts'
import { isStaffEmail, isStaffOnlyTab } from './domain/staff.ts'
import { DEFAULT_THEME, isThemeName, THEMES, themeColours, themeHasConsent, type ThemeName } from './domain/theme.ts'
import { formBodyMiddleware } from './forms/form-body.server.ts'
import { getI18n, i18nMiddleware, translatorFor } from './i18n/i18n.server.ts'
import { pageViewMiddleware } from './logging/page-view.server.ts'
import { postLimitMiddleware, retryAfterMiddleware } from './limits/post-limit.server.ts'
import { preferencesContext, screenContext, sessionContext } from './request-context.server.ts'
import { guardMiddleware, sessionMiddleware } from './session/guard.server.ts'
import { sessionLifetimeMiddleware } from './session/session-lifetime.server.ts'
import { forgetMeAfterSaves } from './session/me.server.ts'
import { sessionEndMiddleware } from './session/session-end.server.ts'
import { maintenanceMiddleware, maintenanceStateMiddleware } from './maintenance/maintenance.server.ts'
import { matchedRouteMiddleware } from './observability/matched-route.server.ts'
import { preferencesMiddleware } from './preferences/preferences.server.ts'
import { regionMiddleware } from './preferences/region.server.ts'
import { hasCredentials } from './session/session.server.ts'
import { BottomBar } from './ui/bottom-bar.tsx'
import { ConsentBanner } from './ui/consent-banner.tsx'
import { useInlineScripts } from './ui/head-script.tsx'
import { useInlineStyle } from './ui/inline-style.tsx'
import { useLite } from './ui/lite.tsx'
import { LiteFooter } from './ui/lite-footer.tsx'
import { useNonce } from './ui/nonce.tsx'
import { PendingIndicator } from './ui/pending-indicator.tsx'
import { TabBar } from './ui/tab-bar.tsx'
import { Toast } from './ui/toast.tsx'
import { MaintenanceNotice, type MaintenanceView } from './ui/maintenance-notice.tsx'
import { NotFoundScreen } from './ui/not-found.tsx'

export const middleware: Route.MiddlewareFunction[] = [
	matchedRouteMiddleware,
	maintenanceStateMiddleware,
	preferencesMiddleware,
	// Needs only the preferences; before maintenance, whose page is in the visitor's language.
	i18nMiddleware,
	// Before the geo lookup and the session: during maintenance no upstream or store is asked.
	maintenanceMiddleware,
	regionMiddleware,
	sessionMiddleware,
	// Before anything reads the session: one past its lifetime is signed out first.
	sessionLifetimeMiddleware,
	// Inside the session middleware, which saves the signed-out session it makes.
	sessionEndMiddleware,
	forgetMeAfterSaves,
	pageViewMiddleware,
	retryAfterMiddleware,
	postLimitMiddleware,
	// Whether the request is wanted (signed in where it must be, within its limits) is decided before its body is read.
	guardMiddleware,
	formBodyMiddleware,
]

export async function loader({ context, params, url }: Route.LoaderArgs) {
	const preferences = context.get(preferencesContext)
	const session = context.get(sessionContext)
	const screen = context.get(screenContext)
	const translate = translatorFor(getI18n(context))
	const chrome = screenChrome(screen)
	const staff = isStaffEmail(session.get('credentials')?.email)
	const tabs = chrome.showTabs ? tabsFor(screen, preferences.theme, { staff }, params.tab) : []
	const tab = selectedTab(tabs, params.tab)
	const pathname = url.pathname.replace(/\/+$/, '') || '/'
	const basePath = params.tab ? pathname.slice(0, pathname.lastIndexOf('/')) : pathname
	// A staff-only tab is not redirected away: its own loader answers 'Not Roland Account' (403).
	if (params.tab && tab?.id !== params.tab && !isStaffOnlyTab(params.tab)) throw redirect(basePath + url.search)

	const toast = session.get('toast')
	return data({
		theme: preferences.theme,
		culture: preferences.culture,
		lang: htmlLang(preferences.culture),
		sidebar: preferences.sidebar,
		analytics: preferences.analytics,
		lite: preferences.lite,
		liteReason: preferences.liteReason,
		showConsent: themeHasConsent(preferences.theme) && preferences.analytics === null,
		signedIn: hasCredentials(session),
		screen,
		title: `${translate(`screen.${screen}`)} · ${THEMES[preferences.theme].title}`,
		notFoundTitle: `${translate('screen.NotFound')} · ${THEMES[preferences.theme].title}`,
		// Search results and shared links show it under the title (ADR 0061).
		description: translate(`screenDescription.${screen}`),
		notFoundDescription: translate('screenDescription.NotFound'),
		chrome,
		tabs,
		selectedTab: tab?.id,
		basePath,
		toast: toast
			? { id: crypto.randomUUID(), type: toast.type, message: translate(toast.message, toast.values) }
			: null,
	})
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
	const maintenance = maintenanceOf(error)
	if (maintenance)
		return [{ title: maintenance.title }, { name: 'theme-color', content: THEMES[maintenance.theme].primary }]
	if (!loaderData) return [{ title: 'Owners Portal' }]
	const notFound = isRouteErrorResponse(error) && error.status === 404
	return [
		{ title: notFound ? loaderData.notFoundTitle : loaderData.title },
		{ name: 'description', content: notFound ? loaderData.notFoundDescription : loaderData.description },
		{ name: 'theme-color', content: THEMES[loaderData.theme].primary },
	]
}

/** The maintenance middleware's 503 (app/maintenance): its page, its theme and title. */
function maintenanceOf(
	error: unknown,
): { maintenance: MaintenanceView; theme: ThemeName; lang: string; title: string } | null {
	if (!isRouteErrorResponse(error) || error.status !== 503 || !error.data?.maintenance) return null
	const { maintenance, theme, lang, title } = error.data as Record<string, unknown>
	return {
		maintenance: maintenance as MaintenanceView,
		theme: isThemeName(theme) ? theme : DEFAULT_THEME,
		lang: String(lang),
		title: String(title),
	}
}

export function Layout({ children }: { children: React.ReactNode }) {
	const root = useRouteLoaderData<typeof loader>('root')
	const maintenance = maintenanceOf(useRouteError())
	const nonce = useNonce()
	const scripts = useInlineScripts()
	// Lite mode (ADR 0058): not one script, preload or hydration; the page works as it does without JavaScript.
	const lite = useLite()
	const style = useInlineStyle()
	const catalogue = useCatalogue()
	const theme = root?.theme ?? maintenance?.theme ?? DEFAULT_THEME
	return (
		<html
			lang={root?.lang ?? maintenance?.lang ?? catalogue.lng}
			data-theme={theme}
			data-sidebar={root?.sidebar ?? 'right'}
			style={themeColours(theme) as React.CSSProperties}
		>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				{lite ? null : (
					<script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts.head }} />
				)}
				<link rel="icon" type="image/svg+xml" href={`/icons/${theme}.svg`} />
				{lite ? null : (
					<>
						<meta name="i18n-catalogue" content={catalogue.url} />
						<link rel="preload" href={catalogue.url} as="fetch" crossOrigin="anonymous" />
					</>
				)}
				<Meta />
				<Links />
				<style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: style }} />
			</head>
			<body>
				{children}
				{lite ? null : (
					<>
						<ScrollRestoration />
						<Scripts />
						<script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts.tail }} />
					</>
				)}
			</body>
		</html>
	)
}

export default function App({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const catalogue = useCatalogue()
	useEffect(() => {
		// The browser holds one catalogue; a navigation that changed the language needs the new page whole (ADR 0003).
		if (loaderData.lang !== catalogue.lng) window.location.reload()
	}, [loaderData.lang, catalogue.lng])
	useEffect(() => {
		// The page is live: every screen's own effects (a parent's run after its children's) have attached
		// what needs JavaScript, such as the tab bar's swipes. Journeys wait on it rather than on time.
		document.documentElement.dataset.hydrated = 'true'
	}, [])
	const { chrome, screen, tabs, selectedTab, basePath, toast, showConsent, theme, lite, liteReason } = loaderData
	return (
		<>
			<a className="skip-link" href="#main">
				{t('app.skipToContent')}
			</a>
			<PendingIndicator />
			{chrome.showHeader ? (
				<header className="app-header">
					<img src={`/icons/${theme}.svg`} alt="" width="32" height="32" />
					<span className="app-title">{THEMES[theme].title}</span>
				</header>
			) : null}
			<Toast toast={toast} />
			<div className={chrome.showBottomBar ? 'app-body with-bottom-bar' : 'app-body'}>
				{chrome.showBottomBar ? <BottomBar /> : null}
				<main id="main" tabIndex={-1}>
					<h1>{t(`screen.${screen}` as CatalogueKey)}</h1>
					{chrome.showTabs && tabs.length > 0 ? (
						<TabBar tabs={tabs} selected={selectedTab} basePath={basePath} />
					) : null}
					<Outlet />
				</main>
			</div>
			{chrome.showHeader ? <LiteFooter lite={lite} reason={liteReason} /> : null}
			{showConsent ? <ConsentBanner /> : null}
		</>
	)
}

/**
 * Errors inside the portal's header (the root's data is there when a screen's loader threw): the 404
 * screen for every thrown not-found, the maintenance page, or what went wrong. Like the spec's 404,
 * no tabs or bottom bar.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const t = useT()
	const root = useRouteLoaderData<typeof loader>('root')
	const maintenance = maintenanceOf(error)
	const theme = root?.theme ?? maintenance?.theme ?? DEFAULT_THEME
	const notFound = isRouteErrorResponse(error) && error.status === 404
	const errorKey =
		isRouteErrorResponse(error) && typeof error.data?.errorKey === 'string'
			? (error.data.errorKey as CatalogueKey)
			: null
	const errorValues =
		isRouteErrorResponse(error) && typeof error.data?.errorValues === 'object'
			? (error.data.errorValues as Record<string, string>)
			: undefined
	// Only `notFound()`'s own words title the 404 screen; another 404's errorKey may be an upstream's text.
	const notFoundKey =
		notFound && typeof error.data?.notFoundKey === 'string' ? (error.data.notFoundKey as CatalogueKey) : null
	return (
		<>
			<a className="skip-link" href="#main">
				{t('app.skipToContent')}
			</a>
			<header className="app-header">
				<img src={`/icons/${theme}.svg`} alt="" width="32" height="32" />
				<span className="app-title">{THEMES[theme].title}</span>
			</header>
			<div className="app-body">
				<main id="main" tabIndex={-1} className="error-page">
					{maintenance ? (
						<>
							<h1>{t('screen.Maintenance')}</h1>
							<MaintenanceNotice view={maintenance.maintenance} />
						</>
					) : notFound ? (
						<NotFoundScreen errorKey={notFoundKey} />
					) : (
						<>
							<h1>{t('error.title')}</h1>
							<p>{errorKey ? t(errorKey, errorValues) : t('error.text')}</p>
							<p>
								<a href="/">{t('notFound.home')}</a>
							</p>
						</>
					)}
				</main>
			</div>
		</>
	)
}
