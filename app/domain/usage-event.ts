/**
 * Usage events (spec 2 §3, §4, §9): what a page view or a milestone tells
 * the log service. Only the path is sent, never the query: a link's query
 * may carry an address and a one-time code (`?email=…&code=…`), and the
 * scrubber masks addresses, not codes. The payload is scrubbed again before
 * it leaves (app/upstream/log.server.ts).
 */
import { THEMES, type ThemeName } from './theme.ts'

/** The milestones the screens reach, logged with the page-view fields and their own. */
export const MILESTONES = [
	'signed_up',
	'activated',
	'product_registered',
	'support_sent',
	'trial_started',
	'cancelled',
] as const
export type Milestone = (typeof MILESTONES)[number]

export const PAGE_VIEW = 'page_view'
/** The hash a page was opened with, told by the page itself (the server's page view cannot know it). */
export const PAGE_HASH = 'page_hash'

/** The build a usage event names; '-' where it is unknown (spec 2 §3). */
export interface BuildVersion {
	number: string | null
	commit: string | null
}

export interface PageContext {
	/** The screen's name (the route's id: `MyGear`, `HomeRVS`…). */
	screen: string
	/** The URL's path, with or without the query (which is dropped). */
	path: string
	/** Only the browser knows it; empty when the server logs the view. */
	hash?: string
	/** The page's title as the user sees it. */
	title: string
	/** The user's culture code, else the page's (spec 2 §3). */
	cultureCode: string
	theme: ThemeName
	build: BuildVersion
}

export interface UsageEvent extends Record<string, unknown> {
	event: string
	pageTitle: string
	pagePath: string
	pageHash: string
	cultureCode: string
	brand: string
	appVersionNumber: string
	appVersionHash: string
	routeName: string
}

/** The brand as logs name it: the theme's log name (the cloud theme, RVS, is reported as 'RCS'). */
export function logBrand(theme: ThemeName): string {
	return THEMES[theme].logName
}

/**
 * The page a single-fetch data request (`/gear/my_gear.data`, `/_root.data`
 * for `/`) loads, or the document's own path.
 */
export function pagePathOf(pathname: string): string {
	if (!pathname.endsWith('.data')) return pathname
	const page = pathname.slice(0, -'.data'.length)
	return page === '/_root' ? '/' : page
}

function usageEvent(event: string, page: PageContext, extra: Record<string, unknown> = {}): UsageEvent {
	const hash = page.hash ?? ''
	return {
		...extra,
		event,
		pageTitle: page.title,
		pagePath: pagePathOf(page.path.split('?', 1)[0]!),
		pageHash: hash && !hash.startsWith('#') ? `#${hash}` : hash,
		cultureCode: page.cultureCode,
		brand: logBrand(page.theme),
		appVersionNumber: page.build.number || '-',
		appVersionHash: page.build.commit || '-',
		routeName: page.screen,
	}
}

export function pageViewEvent(page: PageContext): UsageEvent {
	return usageEvent(PAGE_VIEW, page)
}

/** The page's hash, as its own event beside the server's page view of the same page. */
export function pageHashEvent(page: PageContext & { hash: string }): UsageEvent {
	return usageEvent(PAGE_HASH, page)
}

/** What the page-hash beacon may tell: a screen's name, a path of this site and a hash. */
export function pageHashOf(form: { screen: unknown; path: unknown; hash: unknown }, screens: ReadonlySet<string>) {
	const { screen, path, hash } = form
	if (typeof screen !== 'string' || !screens.has(screen)) return null
	if (typeof path !== 'string' || !/^\/(?![/\\])/.test(path) || path.length > 2000) return null
	if (typeof hash !== 'string' || !hash.startsWith('#') || hash.length < 2 || hash.length > 2000) return null
	return { screen, path, hash }
}

/** A milestone: the page-view fields of the page it happened on, and the milestone's own fields. */
export function milestoneEvent(milestone: Milestone, page: PageContext, extra: Record<string, unknown> = {}) {
	return usageEvent(milestone, page, extra)
}
