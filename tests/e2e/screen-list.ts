/**
 * Every screen of the route table (`app/routes.ts`; each route id is a screen name) as concrete URLs
 * to open on the built-in emulator: with sample parameters from its seed data, the demo account that
 * must be signed in, and the theme the screen belongs to. The narrow-screens journey
 * (narrow-screens.spec.ts) and `npm run screens` (scripts/screens.ts) both open this list, and
 * `tests/screen-list.test.ts` fails when a route is added without an entry here (issue 21).
 *
 * Kept free of the test runner's imports, so the script can load it in plain Node.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { SUPPORT_TABS_DRUMS, SUPPORT_TABS_MAIN } from '../../app/domain/support-tabs.ts'
import { DEMO, type DemoSignIn } from './demo-accounts.ts'

/** The themes a host chooses (`THEME_BY_HOST` of the suite's portal) and the default drum theme. */
export type ScreenTheme = 'dw' | 'main' | 'effects' | 'cloud' | 'proav'
export const SCREEN_THEMES: readonly ScreenTheme[] = ['dw', 'main', 'effects', 'cloud', 'proav']

/** Sample parameters, from the emulator's seed (server/emulator/**): fixed ids, or found when the run starts. */
export const SAMPLES = {
	/** The demo member's Pro subscription (server/emulator/cloud/seed.ts). */
	subscriptionId: 'sub_demo_member_pro',
	/** The first help-centre article (server/emulator/account/help-centre/article-seed.ts). */
	faqArticleId: '360001000001',
	/** A product of the demo customer's gear with every tab (server/emulator/account/gear/seed.ts). */
	productSlug: 'fp-30x',
	/** The effects brand's product of the demo customer's gear. */
	effectsProductSlug: 'katana-50-mkii',
	/** The model code of fp-30x, as a QR card or a link names it. */
	modelCode: 'FP30X0',
	/** An event the emulator seeds for the check-in (tests/e2e/visit-check-in.spec.ts). */
	event: 'spring-fair-2026',
} as const

/**
 * Written into a path where the id of one of the demo customer's registered products goes: the seed
 * makes them with random ids, so the run reads one from the gear list (`registeredProductId`).
 */
export const REGISTERED_PRODUCT = '{registeredProductId}'

export interface ScreenVisit {
	/** The route id in app/routes.ts. */
	screen: string
	/** Unique among the entries: the screen, and its tab or variant when it has several. */
	name: string
	/** Path and query to open (may hold REGISTERED_PRODUCT). */
	path: string
	/** Who is signed in; none: a visitor. */
	account?: DemoSignIn
	/** The theme the screen is seen in by its customers. */
	theme: ScreenTheme
	/** Why the screen may land elsewhere when opened directly. */
	note?: string
}

export interface SkippedRoute {
	/** The route id, or the file of a resource route (which has no id). */
	screen: string
	reason: string
}

const PRODUCT_TABS = ['features', 'specs', 'downloads', 'support', 'articles', 'accessories'] as const
const FLOW_NOTE = 'outside a sign-up in progress the registration flow sends the visitor on'

const v = (
	screen: string,
	path: string,
	theme: ScreenTheme,
	account?: DemoSignIn,
	extra: { name?: string; note?: string } = {},
): ScreenVisit => ({ screen, name: extra.name ?? screen, path, theme, account, note: extra.note })

/** Every screen to open, grouped as the route table is. */
export const SCREENS: readonly ScreenVisit[] = [
	v('Home', '/', 'dw', 'customer'),
	v('PasswordChange', '/settings/password', 'dw', 'customer'),
	v('About', '/settings/about', 'dw', 'customer'),
	...(['profile', 'interests', 'settings'] as const).map((tab) =>
		v('AccountSettings', `/settings/${tab}`, 'dw', 'customer', { name: `AccountSettings/${tab}` }),
	),
	v('AccountSettings', '/settings/admin', 'main', 'staff', { name: 'AccountSettings/admin' }),

	v('Register', '/signup', 'main'),
	v('SignUpLogin', '/signup/login', 'main'),
	v('ProductInterest', '/signup/interests', 'main', 'customer', { note: FLOW_NOTE }),
	v('RegisterFinish', '/signup/finish', 'main', 'customer', { note: FLOW_NOTE }),
	v('Migration', '/migration', 'main'),
	v('Activation', '/activation', 'main'),
	v('RegisterByApp', '/app/signup', 'main'),
	v('MigrationByApp', '/app/migration', 'main'),
	v('HomeLogin', '/login', 'dw'),
	v('ResetPassword', '/reset-password', 'dw'),
	v('EmailChange', '/email-change', 'dw'),
	v('DeleteAccount', '/delete-account', 'dw', 'customer'),
	v('Privacy', '/privacy', 'dw', 'customer'),
	v('RegionUnavailable', '/unavailable', 'main'),
	v('OAuth2Logout', '/oauth2/logout', 'main'),
	v('QRCodeLP', `/qr?mdl=${SAMPLES.modelCode}&serial=Z1A2345`, 'main'),

	v('Maintenance', '/maintenance', 'main'),
	v('CheckIn', `/check-in?event=${SAMPLES.event}`, 'proav'),
	v('CheckInVerify', '/check-in/verify', 'proav', 'staff'),
	v('PassLogin', `/pass-login?event=${SAMPLES.event}`, 'proav'),
	v('ThankYou', '/thank-you', 'proav'),
	v('Tools', '/tools', 'dw'),
	v('Homes', '/homes', 'dw', 'customer'),

	v('MyGear', '/gear/my_gear', 'main', 'customer', { name: 'MyGear/my_gear' }),
	v('MyGear', '/gear/register_product', 'main', 'customer', { name: 'MyGear/register_product' }),
	v('MyGear', `/gear/register_product?mdl=${SAMPLES.modelCode}`, 'main', 'customer', {
		name: 'MyGear/register_product?mdl',
	}),
	v('RegistrationStatus', `/gear/register_product/${REGISTERED_PRODUCT}`, 'main', 'customer'),
	v('RegisteredProduct', `/gear/my_gear/${REGISTERED_PRODUCT}`, 'main', 'customer'),
	v('UnregisterProduct', `/gear/my_gear/${REGISTERED_PRODUCT}/unregister`, 'main', 'customer'),
	...(['all', 'video', 'community', 'photo'] as const).map((tab) =>
		v('MyFeed', `/feed/${tab}`, 'main', 'customer', { name: `MyFeed/${tab}` }),
	),
	...PRODUCT_TABS.map((tab) =>
		v('ProductsDirect', `/products/${SAMPLES.productSlug}/${tab}`, 'main', 'customer', {
			name: `ProductsDirect/${tab}`,
		}),
	),
	v('ProductsDirect', `/products/${SAMPLES.effectsProductSlug}/features`, 'effects', 'customer', {
		name: `ProductsDirect/${SAMPLES.effectsProductSlug}`,
	}),
	v('Questionnaire', `/questionnaire/${REGISTERED_PRODUCT}`, 'main', 'customer'),
	v('ProductSurvey', `/surveys/product/${REGISTERED_PRODUCT}`, 'main', 'customer'),
	v('ProductSurvey1', `/surveys/purchase/${REGISTERED_PRODUCT}`, 'main', 'customer'),
	v('ProductSurvey2', `/surveys/satisfaction/${REGISTERED_PRODUCT}`, 'effects', 'customer'),

	// The main brands' forms on the main theme (pro A/V's demo booking on its own), the drums' on the default.
	...SUPPORT_TABS_MAIN.map((tab) =>
		v('Support', `/support/${tab}`, tab === 'book_a_demo' ? 'proav' : 'main', 'customer', { name: `Support/${tab}` }),
	),
	...SUPPORT_TABS_DRUMS.map((tab) => v('Support', `/support/${tab}`, 'dw', 'customer', { name: `Support/${tab}` })),

	v('HomeRVS', '/cloud', 'cloud', 'cloudMember'),
	v('AccountDetails', '/cloud/account', 'cloud', 'cloudMember'),
	v('CancelSubscription', `/cloud/account/cancel/${SAMPLES.subscriptionId}`, 'cloud', 'cloudMember'),
	...(['monthly', 'annual'] as const).flatMap((tab) => [
		v('Memberships', `/cloud/memberships/${tab}`, 'cloud', 'cloudMember', { name: `Memberships/${tab}` }),
		v('MembershipsRCM', `/cloud/app/memberships/${tab}`, 'cloud', undefined, { name: `MembershipsRCM/${tab}` }),
		v('MembershipsByReact', `/cloud/memberships-embedded/${tab}`, 'cloud', undefined, {
			name: `MembershipsByReact/${tab}`,
		}),
	]),
	v('Memberships', '/cloud/memberships/monthly', 'cloud', 'customer', { name: 'Memberships/monthly (trial)' }),
	v('ThankYouMembership', '/cloud/checkout', 'cloud', 'cloudMember', {
		note: 'without a checkout to take, it sends the member back to the memberships',
	}),
	v('Policies', '/cloud/policies', 'cloud', 'cloudMember'),
	...(['key', 'serial_number'] as const).map((tab) =>
		v('EntitlementKey', `/cloud/entitlement-key/${tab}`, 'cloud', 'cloudMember', { name: `EntitlementKey/${tab}` }),
	),
	v('ThankYouKey', '/cloud/thank-you', 'cloud', 'cloudMember'),
	v('FaqSearch', '/cloud/faq', 'cloud', 'cloudMember'),
	v('FaqArticle', `/cloud/faq/${SAMPLES.faqArticleId}`, 'cloud', 'cloudMember'),
	v('ZenbeatsSupport', '/cloud/support/zenbeats', 'cloud', 'cloudMember'),
	v('ZentrackerSupport', '/cloud/support/zentracker', 'cloud', 'cloudMember'),
	v('BtxSupport', '/cloud/support/btx', 'cloud', 'cloudMember'),
	v('ContactUs', '/cloud/contact-us', 'cloud', 'cloudMember'),
	v('ContactUsShort', '/contact-us', 'cloud'),
]

/** Routes with nothing to see: they answer with a redirect or data only. */
export const SKIPPED: readonly SkippedRoute[] = [
	{ screen: 'Logout', reason: 'signs out and redirects: no page' },
	{ screen: 'ZendeskSSO', reason: 'redirects to the help centre with a token: no page' },
	{ screen: 'OAuth2Redirect', reason: 'the single sign-on callback: redirects on' },
	{
		screen: 'ShopHandoff',
		reason: 'hands an id token to an allowed shop and goes on there: no page of its own to see',
	},
	{ screen: 'routes/resources/preferences', reason: 'resource route (a form post, then a redirect)' },
	{ screen: 'routes/resources/page-hash', reason: 'resource route (data)' },
	{ screen: 'routes/resources/locales', reason: 'resource route (the catalogues)' },
	{ screen: 'routes/resources/unknown-path', reason: 'the fallback: sends an unknown path home' },
]

/** The themes each theme-less host or cookie is reached by: a host of the portal's THEME_BY_HOST. */
export function themeHost(theme: ScreenTheme): string {
	return theme === 'dw' ? 'localhost' : `${theme}.localhost`
}

/** The screen's URL on a portal at `baseURL`, in a theme, with its parameters filled in. */
export function screenUrl(
	visit: Pick<ScreenVisit, 'path'>,
	theme: ScreenTheme,
	baseURL: string,
	params: { registeredProductId: string },
): string {
	const url = new URL(visit.path.replace(REGISTERED_PRODUCT, params.registeredProductId), baseURL)
	url.hostname = themeHost(theme)
	return url.toString()
}

/** One of the demo customer's registered products, read from the gear list of a page signed in as them. */
export async function findRegisteredProductId(page: Page, baseURL: string): Promise<string> {
	await page.goto(new URL('/gear/my_gear', baseURL).toString())
	const hrefs = await page
		.locator('a[href^="/gear/my_gear/"]')
		.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
	const id = hrefs.map((href) => /^\/gear\/my_gear\/([^/?#]+)$/.exec(href)?.[1]).find(Boolean)
	if (!id) throw new Error(`no registered product linked from /gear/my_gear (${hrefs.length} links)`)
	return id
}

/**
 * Signs a demo account in through the portal's login form (posted as a browser without JavaScript
 * would) and gives the request context's cookies: for `npm run screens`, which has no test fixtures
 * (the journeys' `demoSessions` fixture does the same).
 */
export async function demoSessionCookies(request: APIRequestContext, who: DemoSignIn) {
	const { email, password } = DEMO[who]
	const response = await request.post('/login', { form: { email, password }, maxRedirects: 0 })
	if (response.status() !== 302) throw new Error(`the demo ${who} could not sign in (${response.status()})`)
	return (await request.storageState()).cookies
}

/**
 * The session of a signed-in account as cookies for every theme's host: a browser keeps a host's
 * cookies to that host, and the themes are told apart by host.
 */
export function cookiesForEveryHost<C extends { domain: string }>(cookies: readonly C[]): C[] {
	return SCREEN_THEMES.flatMap((theme) => cookies.map((cookie) => ({ ...cookie, domain: themeHost(theme) })))
}

/** What the page reads to name the elements wider than the viewport. */
export interface Overflow {
	scrollWidth: number
	clientWidth: number
	/**
	 * The elements that reach past the right edge while their parent does not, rightmost first, as
	 * `parent > tag.class "label" (width, right edge) because of the innermost element that widens it`.
	 */
	widest: string[]
}

/**
 * Runs in the page (self-contained: it is sent as text): whether the document scrolls sideways, and
 * which elements reach past the viewport's right edge. Fixed bars as wide as the page (bottom bar,
 * consent banner) follow the page's width rather than cause it, so they are named only when nothing
 * else is found.
 */
export function measureOverflow(): Overflow {
	const root = document.documentElement
	const clientWidth = root.clientWidth
	if (root.scrollWidth <= clientWidth) return { scrollWidth: root.scrollWidth, clientWidth, widest: [] }
	const name = (el: Element) => {
		const cls =
			typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
		return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls}`
	}
	const label = (el: Element) => {
		const text =
			el.getAttribute('name') ??
			el.getAttribute('aria-label') ??
			(el.tagName === 'FIELDSET' ? el.querySelector('legend')?.textContent : null) ??
			(el.tagName === 'LABEL' ? el.textContent : null)
		return text ? ` "${text.trim().slice(0, 40)}"` : ''
	}
	const box = (el: Element) => {
		const rect = el.getBoundingClientRect()
		return `(width ${Math.round(rect.width)} px, right edge ${Math.round(rect.right)} px)`
	}
	const past = (el: Element) => el.getBoundingClientRect().right > clientWidth + 0.5
	// An element inside a box that scrolls or clips sideways does not widen the page.
	const clipped = (el: Element) => {
		for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
			if (getComputedStyle(up).overflowX !== 'visible') return true
		return false
	}
	const fixed = (el: Element) => getComputedStyle(el).position === 'fixed'
	const outermost = [...document.body.querySelectorAll('*')].filter(
		(el) =>
			past(el) && !(el.parentElement && el.parentElement !== document.body && past(el.parentElement)) && !clipped(el),
	)
	const causes = outermost.some((el) => !fixed(el)) ? outermost.filter((el) => !fixed(el)) : outermost
	const depth = (el: Element) => {
		let n = 0
		for (let up = el.parentElement; up; up = up.parentElement) n++
		return n
	}
	// What makes it wide: the innermost element inside it without which it is narrower (a control
	// or a picture whose own width a box's min-content keeps, say). Tried one at a time.
	const culprit = (el: Element) => {
		// A table is wide by its columns: the table itself is the thing to change.
		if (el.tagName === 'TABLE') return undefined
		const wide = el.getBoundingClientRect().width
		let found: Element | undefined
		for (const inner of [...el.querySelectorAll('*')].slice(0, 400)) {
			if (!(inner instanceof HTMLElement || inner instanceof SVGElement)) continue
			const before = inner.style.display
			inner.style.display = 'none'
			const narrower = el.getBoundingClientRect().width < wide - 0.5
			inner.style.display = before
			if (narrower && (!found || depth(inner) > depth(found))) found = inner
		}
		return found
	}
	const describe = (el: Element) => {
		const parent = el.parentElement && el.parentElement !== document.body ? `${name(el.parentElement)} > ` : ''
		const inner = culprit(el)
		const via = inner ? ` because of ${name(inner)}${label(inner)} ${box(inner)}` : ''
		return `${parent}${name(el)}${label(el)} ${box(el)}${via}`
	}
	return {
		scrollWidth: root.scrollWidth,
		clientWidth,
		widest: causes
			.sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)
			.slice(0, 3)
			.map(describe),
	}
}
