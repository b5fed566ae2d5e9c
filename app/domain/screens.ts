/**
 * The screens of spec 1 §2 and spec 2 §2: where each one lives, which may be
 * reached without signing in, which remember a redirect, which belong to the
 * registration flow, which may be embedded, and which tabs each one shows.
 */
import type { ThemeName } from './theme.ts'
import { isDrumTheme } from './theme.ts'
import { isStaffOnlyTab } from './staff.ts'
import { SUPPORT_TABS, SUPPORT_TABS_DRUMS, SUPPORT_TABS_MAIN } from './support-tabs.ts'
import type { Tab } from './tabs.ts'

export { SUPPORT_TABS } from './support-tabs.ts'
export { selectedTab, swipeTarget, type Tab } from './tabs.ts'

export type ScreenName =
	| 'Home'
	| 'Homes'
	| 'HomeRVS'
	| 'HomeLogin'
	| 'Logout'
	| 'Register'
	| 'RegisterByApp'
	| 'Migration'
	| 'MigrationByApp'
	| 'Activation'
	| 'SignUpLogin'
	| 'ProductInterest'
	| 'RegisterFinish'
	| 'ResetPassword'
	| 'EmailChange'
	| 'QRCodeLP'
	| 'Maintenance'
	| 'DeleteAccount'
	| 'Privacy'
	| 'ZendeskSSO'
	| 'CheckIn'
	| 'CheckInVerify'
	| 'PassLogin'
	| 'OAuth2Redirect'
	| 'OAuth2Logout'
	| 'Tools'
	| 'ShopHandoff'
	| 'Memberships'
	| 'MembershipsRCM'
	| 'MembershipsByReact'
	| 'Policies'
	| 'EntitlementKey'
	| 'ThankYou'
	| 'ThankYouKey'
	| 'ThankYouMembership'
	| 'ZenbeatsSupport'
	| 'ZentrackerSupport'
	| 'BtxSupport'
	| 'ContactUs'
	| 'MyGear'
	| 'RegistrationStatus'
	| 'RegisteredProduct'
	| 'UnregisterProduct'
	| 'MyFeed'
	| 'Support'
	| 'AccountSettings'
	| 'AccountDetails'
	| 'ProductsDirect'
	| 'Questionnaire'
	| 'ProductSurvey'
	| 'ProductSurvey1'
	| 'ProductSurvey2'
	| 'CancelSubscription'
	| 'FaqSearch'
	| 'FaqArticle'
	| 'PasswordChange'
	| 'About'
	| 'RegionUnavailable'
	| 'NotFound'

/** Screens reachable without login (spec 1 §2). */
export const NO_LOGIN_SCREENS: ReadonlySet<ScreenName> = new Set<ScreenName>([
	'HomeLogin',
	'Logout',
	'Register',
	'RegisterByApp',
	'Migration',
	'MigrationByApp',
	'Activation',
	'SignUpLogin',
	'ResetPassword',
	'EmailChange',
	'QRCodeLP',
	'Maintenance',
	'DeleteAccount',
	'Privacy',
	'ZendeskSSO',
	'CheckIn',
	'PassLogin',
	'OAuth2Redirect',
	'OAuth2Logout',
	'Tools',
	'Memberships',
	'MembershipsRCM',
	'MembershipsByReact',
	'Policies',
	'EntitlementKey',
	'ThankYou',
	'ThankYouKey',
	'ZenbeatsSupport',
	'ZentrackerSupport',
	'BtxSupport',
	'ContactUs',
	// Not a screen of the original app's list: the three app support pages, which anyone may open,
	// link to their articles; the help centre's articles are public.
	'FaqArticle',
	// Not screens of the original app's list: the landing for unknown paths, and the China notice (spec 1 §1).
	'NotFound',
	'RegionUnavailable',
])

/** Screens that remember a redirect query (spec 1 §2). */
export const REDIRECT_MEMORY_SCREENS: ReadonlySet<ScreenName> = new Set<ScreenName>([
	'DeleteAccount',
	'EntitlementKey',
	'ZenbeatsSupport',
	'ZentrackerSupport',
	'BtxSupport',
	'ContactUs',
])

/** Registration-flow screens (spec 1 §2). */
export const REGISTRATION_FLOW_SCREENS: ReadonlySet<ScreenName> = new Set<ScreenName>([
	'Register',
	'Migration',
	'Activation',
	'RegisterByApp',
	'MigrationByApp',
	'SignUpLogin',
])

/** Screens made for embedding in a client app (spec 1 §2). */
export const EMBEDDABLE_SCREENS: ReadonlySet<ScreenName> = new Set<ScreenName>([
	'RegisterByApp',
	'MigrationByApp',
	'MembershipsRCM',
])

/** Screens not kept alive between visits (spec 1 §2): their forms start empty each time. */
export const NOT_KEPT_ALIVE_SCREENS: ReadonlySet<ScreenName> = new Set<ScreenName>([
	'Questionnaire',
	'Register',
	'HomeLogin',
	'Logout',
])

/**
 * Screens whose form files a support request with the help centre: limited per account and address
 * (ADR 0009), looked at before the body (and its attachments) is read.
 */
export const SUPPORT_REQUEST_SCREENS: ReadonlySet<ScreenName> = new Set<ScreenName>([
	'Support',
	'ZenbeatsSupport',
	'ZentrackerSupport',
	'BtxSupport',
])

export interface ScreenRoute {
	screen: ScreenName
	/** A path pattern in React Router's syntax. */
	path: string
}

/**
 * Where each screen lives. `app/routes.ts` declares the same paths; a test
 * keeps the two in step. React Router matches; the guard looks the matched
 * pattern up here.
 */
export const SCREEN_ROUTES: readonly ScreenRoute[] = [
	{ screen: 'Home', path: '/' },
	{ screen: 'PasswordChange', path: '/settings/password' },
	{ screen: 'About', path: '/settings/about' },
	{ screen: 'AccountSettings', path: '/settings/:tab?' },
	{ screen: 'Register', path: '/signup' },
	{ screen: 'Migration', path: '/migration' },
	{ screen: 'Activation', path: '/activation' },
	{ screen: 'RegisterByApp', path: '/app/signup' },
	{ screen: 'MigrationByApp', path: '/app/migration' },
	{ screen: 'SignUpLogin', path: '/signup/login' },
	{ screen: 'ProductInterest', path: '/signup/interests' },
	{ screen: 'RegisterFinish', path: '/signup/finish' },
	{ screen: 'HomeLogin', path: '/login' },
	{ screen: 'ResetPassword', path: '/reset-password' },
	{ screen: 'EmailChange', path: '/email-change' },
	{ screen: 'Logout', path: '/logout' },
	{ screen: 'DeleteAccount', path: '/delete-account' },
	{ screen: 'Privacy', path: '/privacy' },
	{ screen: 'RegionUnavailable', path: '/unavailable' },
	{ screen: 'ZendeskSSO', path: '/hc/login' },
	{ screen: 'OAuth2Redirect', path: '/oauth2/redirect' },
	{ screen: 'OAuth2Logout', path: '/oauth2/logout' },
	{ screen: 'QRCodeLP', path: '/qr' },
	{ screen: 'Maintenance', path: '/maintenance' },
	{ screen: 'CheckIn', path: '/check-in' },
	// Not a screen of the original app's list: staff verify an event pass here (ADR 0026).
	{ screen: 'CheckInVerify', path: '/check-in/verify' },
	{ screen: 'PassLogin', path: '/pass-login' },
	{ screen: 'ThankYou', path: '/thank-you' },
	{ screen: 'Tools', path: '/tools' },
	// Not a screen of the original app's list: the shops' service-worker handoff (ADR 0028).
	{ screen: 'ShopHandoff', path: '/shop-handoff' },
	{ screen: 'MyGear', path: '/gear/:tab?' },
	{ screen: 'RegistrationStatus', path: '/gear/register_product/:registeredProductId' },
	{ screen: 'RegisteredProduct', path: '/gear/my_gear/:registeredProductId' },
	{ screen: 'UnregisterProduct', path: '/gear/my_gear/:registeredProductId/unregister' },
	{ screen: 'MyFeed', path: '/feed/:tab?' },
	{ screen: 'Support', path: '/support/:tab?' },
	{ screen: 'ProductsDirect', path: '/products/:slug/:tab?' },
	{ screen: 'Questionnaire', path: '/questionnaire/:registeredProductId' },
	{ screen: 'ProductSurvey', path: '/surveys/product/:registeredProductId' },
	{ screen: 'ProductSurvey1', path: '/surveys/purchase/:registeredProductId' },
	{ screen: 'ProductSurvey2', path: '/surveys/satisfaction/:registeredProductId' },
	{ screen: 'HomeRVS', path: '/cloud' },
	{ screen: 'Homes', path: '/homes' },
	{ screen: 'AccountDetails', path: '/cloud/account' },
	{ screen: 'CancelSubscription', path: '/cloud/account/cancel/:subscriptionId' },
	{ screen: 'Memberships', path: '/cloud/memberships/:tab?' },
	{ screen: 'MembershipsRCM', path: '/cloud/app/memberships/:tab?' },
	{ screen: 'MembershipsByReact', path: '/cloud/memberships-embedded/:tab?' },
	// Not a screen of the original app's list: where the processor's checkout returns (ADR 0023).
	{ screen: 'ThankYouMembership', path: '/cloud/checkout' },
	{ screen: 'Policies', path: '/cloud/policies' },
	{ screen: 'EntitlementKey', path: '/cloud/entitlement-key/:tab?' },
	{ screen: 'ThankYouKey', path: '/cloud/thank-you' },
	{ screen: 'FaqSearch', path: '/cloud/faq' },
	{ screen: 'FaqArticle', path: '/cloud/faq/:articleId' },
	{ screen: 'ZenbeatsSupport', path: '/cloud/support/zenbeats' },
	{ screen: 'ZentrackerSupport', path: '/cloud/support/zentracker' },
	{ screen: 'BtxSupport', path: '/cloud/support/btx' },
	{ screen: 'ContactUs', path: '/cloud/contact-us' },
	{ screen: 'ContactUs', path: '/contact-us' },
]

const SCREEN_BY_PATTERN: ReadonlyMap<string, ScreenName> = new Map(
	SCREEN_ROUTES.map(({ screen, path }) => [path === '/' ? path : path.slice(1), screen]),
)

/**
 * The screen of the route React Router matched, by its pattern as the router
 * gives it to middleware (`settings/:tab?`, `/` for the index): a lookup, so
 * the guard costs nothing per request.
 */
export function screenForPattern(pattern: string): ScreenName {
	return SCREEN_BY_PATTERN.get(pattern) ?? 'NotFound'
}

export function requiresLogin(screen: ScreenName): boolean {
	return !NO_LOGIN_SCREENS.has(screen)
}

// ---------------------------------------------------------------- tabs

const TABS_BY_SCREEN = {
	MyFeed: ['all', 'video', 'community', 'photo'],
	MyGear: ['my_gear', 'register_product'],
	ProductsDirect: ['features', 'specs', 'downloads', 'support', 'articles', 'accessories'],
	AccountSettings: ['profile', 'interests', 'settings', 'admin'],
	Support: SUPPORT_TABS,
	Memberships: ['monthly', 'annual'],
	MembershipsRCM: ['monthly', 'annual'],
	MembershipsByReact: ['monthly', 'annual'],
	EntitlementKey: ['key', 'serial_number'],
} as const satisfies Partial<Record<ScreenName, readonly string[]>>

/** A tab's URL segment; `tab.<id>` is its label, which the type checker then holds to the catalogue. */
export type TabId = (typeof TABS_BY_SCREEN)[keyof typeof TABS_BY_SCREEN][number]

/** A tab a screen shows. */
export type ScreenTab = Tab<TabId>

/** Tabs of each tabbed screen (spec 1 §2 and spec 2 §2); the first is selected by default. */
export const SCREEN_TABS: Partial<Record<ScreenName, readonly TabId[]>> = TABS_BY_SCREEN

/** Screens whose tab bar shows (spec 1 §2: Home hides tabs; AccountDetails and surveys show none). */
const TABBED_SCREENS: ReadonlySet<ScreenName> = new Set<ScreenName>([
	'MyGear',
	'MyFeed',
	'Support',
	'AccountSettings',
	'ProductsDirect',
	'Memberships',
	'MembershipsRCM',
	'MembershipsByReact',
	'EntitlementKey',
])

/** Screens with the bottom bar: the signed-in area; not sign-in screens, embedded screens or 404. */
const BOTTOM_BAR_SCREENS: ReadonlySet<ScreenName> = new Set<ScreenName>([
	'Home',
	'Homes',
	'HomeRVS',
	'MyGear',
	'RegistrationStatus',
	'RegisteredProduct',
	'UnregisterProduct',
	'MyFeed',
	'Support',
	'AccountSettings',
	'About',
	'AccountDetails',
	'ProductsDirect',
	'Questionnaire',
	'ProductSurvey',
	'ProductSurvey1',
	'ProductSurvey2',
	'CancelSubscription',
	'Memberships',
	'EntitlementKey',
	'Policies',
	'FaqSearch',
	'FaqArticle',
	'ContactUs',
	'ZenbeatsSupport',
	'ZentrackerSupport',
	'BtxSupport',
	'Tools',
	'ThankYouKey',
	'ThankYouMembership',
	'Privacy',
	'PasswordChange',
])

/** Screens shown inside another app or site: no header either (ADR 0023). */
const HEADERLESS_SCREENS: ReadonlySet<ScreenName> = new Set<ScreenName>(['MembershipsRCM', 'MembershipsByReact'])

export interface Chrome {
	showTabs: boolean
	showBottomBar: boolean
	showHeader: boolean
}

export function screenChrome(screen: ScreenName): Chrome {
	return {
		showTabs: TABBED_SCREENS.has(screen),
		showBottomBar: BOTTOM_BAR_SCREENS.has(screen),
		showHeader: !HEADERLESS_SCREENS.has(screen),
	}
}

/**
 * The tabs a screen shows for a theme. Support offers the drum brands' forms
 * on drum themes and the other brands' forms elsewhere; a link to a form of
 * the other group still opens that form, shown at the end of the bar (ADR 0021:
 * a customer arriving from a help article never meets a dead end). Staff-only
 * tabs show to staff only.
 */
export function tabsFor(
	screen: ScreenName,
	theme: ThemeName,
	viewer: { staff?: boolean } = {},
	requested?: string,
): ScreenTab[] {
	const ids = (SCREEN_TABS[screen] ?? []).filter((id) => viewer.staff || !isStaffOnlyTab(id))
	if (screen !== 'Support') return ids.map((id) => ({ id }))
	const enabled: readonly string[] = isDrumTheme(theme) ? SUPPORT_TABS_DRUMS : SUPPORT_TABS_MAIN
	const shown = ids.filter((id) => enabled.includes(id))
	const other = ids.find((id) => id === requested && !enabled.includes(id))
	return [...shown, ...(other ? [other] : [])].map((id) => ({ id }))
}

/**
 * Tab screens by base path, for the client's `#tab` fragment rewrite: every route ending in
 * `/:tab?`, with its other parameters as `*` (`/products/*` for `/products/:slug/:tab?`).
 */
export const TAB_BASE_PATHS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
	SCREEN_ROUTES.filter(({ screen, path }) => path.endsWith('/:tab?') && SCREEN_TABS[screen]).map(({ screen, path }) => [
		path.slice(0, -'/:tab?'.length).replace(/:[^/]+/g, '*'),
		SCREEN_TABS[screen]!,
	]),
)

/**
 * Rewrites the original app's URLs to ours: a legacy `#/path?query#hash` into
 * the path, and a `#tab` fragment on a tabbed screen into `/screen/tab`.
 * Returns null when the URL needs no change. Runs in the browser as an inline
 * script (see `ui/url-rewrite.ts`) and on the server in tests.
 */
export function rewriteLegacyUrl(
	url: { pathname: string; search: string; hash: string },
	tabBasePaths: Readonly<Record<string, readonly string[]>> = TAB_BASE_PATHS,
): string | null {
	const hash = url.hash.replace(/^#/, '')
	if (!hash) return null
	if (hash.startsWith('/')) {
		// A path on this site only: `#//host/…`, a backslash or a blank (which browsers drop from
		// URLs, so `/\t/host` is `//host`) would make location.replace leave the portal.
		return /^\/(?![/\\])[^\\\s]*$/.test(hash) ? hash : null
	}
	const tabPath = (path: string) => {
		const base = path.replace(/\/+$/, '') || '/'
		const tabs = tabBasePaths[base] ?? tabBasePaths[base.replace(/\/[^/]+$/, '/*')]
		return tabs && tabs.includes(hash) ? `${base}/${hash}` : null
	}
	const here = tabPath(url.pathname)
	if (here) return here + url.search
	// The guard sent a signed-out visitor here from a tabbed screen, and the fragment came along:
	// the tab goes into the remembered target, so sign-in returns to it.
	const query = new URLSearchParams(url.search)
	const [targetPath = '', targetQuery] = (query.get('redirectTo') ?? '').split('?')
	const target = targetPath.startsWith('/') ? tabPath(targetPath) : null
	if (!target) return null
	query.set('redirectTo', target + (targetQuery ? `?${targetQuery}` : ''))
	return `${url.pathname}?${query.toString()}`
}
