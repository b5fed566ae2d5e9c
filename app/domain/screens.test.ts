import { describe, expect, it } from 'vitest'
import routes from '../routes.ts'
import {
	EMBEDDABLE_SCREENS,
	NO_LOGIN_SCREENS,
	REDIRECT_MEMORY_SCREENS,
	REGISTRATION_FLOW_SCREENS,
	rewriteLegacyUrl,
	SCREEN_ROUTES,
	screenChrome,
	screenForPattern,
	swipeTarget,
	tabsFor,
	type Tab,
} from './screens.ts'

describe('the route table', () => {
	it('declares in routes.ts every path the guard knows, and no other screen', () => {
		const declared = routes
			.filter(
				(r) => r.path !== '*' && r.path !== 'preferences' && r.path !== 'usage/page-hash' && r.path !== 'locales/:file',
			)
			.map((r) => (r.index ? '/' : `/${r.path}`))
			.sort()
		expect(declared).toEqual(SCREEN_ROUTES.map((r) => r.path).sort())
	})

	it('names the screen of a matched route pattern, and NotFound for the rest', () => {
		expect(screenForPattern('/')).toBe('Home')
		expect(screenForPattern('support/:tab?')).toBe('Support')
		expect(screenForPattern('settings/:tab?')).toBe('AccountSettings')
		expect(screenForPattern('settings/password')).toBe('PasswordChange')
		expect(screenForPattern('hc/login')).toBe('ZendeskSSO')
		expect(screenForPattern('cloud/contact-us')).toBe('ContactUs')
		expect(screenForPattern('contact-us')).toBe('ContactUs')
		expect(screenForPattern('*')).toBe('NotFound')
		expect(screenForPattern('locales/:file')).toBe('NotFound')
	})

	it('knows the screen of every route the router can match', () => {
		for (const route of routes.filter(
			(r) => r.path !== '*' && r.path !== 'preferences' && r.path !== 'usage/page-hash' && r.path !== 'locales/:file',
		)) {
			expect(screenForPattern(route.index ? '/' : route.path!), route.path).not.toBe('NotFound')
		}
	})
})

describe('screen lists of spec 1 §2', () => {
	it('keeps the spec lists', () => {
		expect(NO_LOGIN_SCREENS.has('HomeLogin')).toBe(true)
		expect(NO_LOGIN_SCREENS.has('ContactUs')).toBe(true)
		expect(NO_LOGIN_SCREENS.has('MyGear')).toBe(false)
		expect(NO_LOGIN_SCREENS.has('Home')).toBe(false)
		expect([...REDIRECT_MEMORY_SCREENS].sort()).toEqual([
			'BtxSupport',
			'ContactUs',
			'DeleteAccount',
			'EntitlementKey',
			'ZenbeatsSupport',
			'ZentrackerSupport',
		])
		expect([...REGISTRATION_FLOW_SCREENS].sort()).toEqual([
			'Activation',
			'Migration',
			'MigrationByApp',
			'Register',
			'RegisterByApp',
			'SignUpLogin',
		])
		expect([...EMBEDDABLE_SCREENS].sort()).toEqual(['MembershipsRCM', 'MigrationByApp', 'RegisterByApp'])
	})

	it('shows tabs and bars per screen', () => {
		expect(screenChrome('Home')).toEqual({ showTabs: false, showBottomBar: true, showHeader: true })
		for (const screen of ['MyGear', 'MyFeed', 'Support', 'AccountSettings'] as const) {
			expect(screenChrome(screen).showTabs).toBe(true)
		}
		expect(screenChrome('AccountDetails').showTabs).toBe(false)
		expect(screenChrome('ProductSurvey1').showTabs).toBe(false)
		expect(screenChrome('NotFound')).toEqual({ showTabs: false, showBottomBar: false, showHeader: true })
		// The embedded memberships: the plans and their tabs, none of the portal's bars.
		expect(screenChrome('MembershipsByReact')).toEqual({ showTabs: true, showBottomBar: false, showHeader: false })
		expect(screenChrome('MembershipsRCM')).toEqual({ showTabs: true, showBottomBar: false, showHeader: false })
	})

	it('offers the drum support forms on drum themes and the others elsewhere', () => {
		expect(tabsFor('Support', 'dw').map((t) => t.id)).toContain('dw_service_request')
		expect(tabsFor('Support', 'dw').map((t) => t.id)).not.toContain('order_status')
		expect(tabsFor('Support', 'main').map((t) => t.id)).toContain('order_status')
		// A link to a form of the other group opens it: the tab joins the bar at its end.
		expect(
			tabsFor('Support', 'main', {}, 'dw_service_request')
				.map((t) => t.id)
				.at(-1),
		).toBe('dw_service_request')
		expect(tabsFor('Support', 'main', {}, 'order_status').filter((t) => t.id === 'order_status')).toHaveLength(1)
		expect(tabsFor('Support', 'dw', {}, 'no_such_tab').map((t) => t.id)).not.toContain('no_such_tab')
		expect(tabsFor('AccountSettings', 'main').map((t) => t.id)).toEqual(['profile', 'interests', 'settings'])
		expect(tabsFor('AccountSettings', 'main', { staff: true }).map((t) => t.id)).toEqual([
			'profile',
			'interests',
			'settings',
			'admin',
		])
	})
})

describe('swipeTarget', () => {
	const tabs: Tab[] = [{ id: 'a' }, { id: 'b', disabled: true }, { id: 'c' }, { id: 'd' }]
	it('moves in a circle and skips disabled tabs', () => {
		expect(swipeTarget(tabs, 'a', 1)?.id).toBe('c')
		expect(swipeTarget(tabs, 'c', -1)?.id).toBe('a')
		expect(swipeTarget(tabs, 'd', 1)?.id).toBe('a')
		expect(swipeTarget(tabs, 'a', -1)?.id).toBe('d')
	})
	it('goes nowhere with a single enabled tab or an unknown one', () => {
		expect(swipeTarget([{ id: 'a' }, { id: 'b', disabled: true }], 'a', 1)).toBeUndefined()
		expect(swipeTarget(tabs, 'zzz', 1)).toBeUndefined()
	})
})

describe('rewriteLegacyUrl', () => {
	it('turns #tab fragments of tabbed screens into paths', () => {
		expect(rewriteLegacyUrl({ pathname: '/support', search: '', hash: '#order_status' })).toBe('/support/order_status')
		expect(rewriteLegacyUrl({ pathname: '/support/', search: '?a=1', hash: '#repair_status' })).toBe(
			'/support/repair_status?a=1',
		)
		expect(rewriteLegacyUrl({ pathname: '/support', search: '', hash: '#not-a-tab' })).toBeNull()
		expect(rewriteLegacyUrl({ pathname: '/login', search: '', hash: '#order_status' })).toBeNull()
	})
	it('turns legacy #/path?query#hash URLs into paths', () => {
		expect(rewriteLegacyUrl({ pathname: '/', search: '', hash: '#/support?x=1#order_status' })).toBe(
			'/support?x=1#order_status',
		)
		expect(rewriteLegacyUrl({ pathname: '/', search: '', hash: '' })).toBeNull()
	})
	it('puts the tab into the target a signed-out visitor was sent to sign in for', () => {
		expect(rewriteLegacyUrl({ pathname: '/login', search: '?redirectTo=%2Fsupport', hash: '#order_status' })).toBe(
			'/login?redirectTo=%2Fsupport%2Forder_status',
		)
		expect(
			rewriteLegacyUrl({
				pathname: '/oauth2/redirect',
				search: '?redirectTo=%2Fgear%3Fmdl%3DTD-17',
				hash: '#register_product',
			}),
		).toBe('/oauth2/redirect?redirectTo=%2Fgear%2Fregister_product%3Fmdl%3DTD-17')
		expect(rewriteLegacyUrl({ pathname: '/login', search: '?redirectTo=%2Fsupport', hash: '#nope' })).toBeNull()
		expect(
			rewriteLegacyUrl({ pathname: '/login', search: '?redirectTo=%2F%2Fsupport', hash: '#order_status' }),
		).toBeNull()
		expect(rewriteLegacyUrl({ pathname: '/login', search: '', hash: '#order_status' })).toBeNull()
	})
	it('never leaves the portal', () => {
		for (const hash of [
			'#//evil.example/x',
			'#/\\evil.example',
			'#/\t/evil.example',
			'#/ /evil.example',
			'#/\\/evil.example',
		]) {
			expect(rewriteLegacyUrl({ pathname: '/', search: '', hash }), hash).toBeNull()
		}
		expect(rewriteLegacyUrl({ pathname: '/', search: '', hash: '#/%2F%2Fevil.example' })).toBe('/%2F%2Fevil.example')
	})
	it('knows the tabs of every tabbed screen, parameters included', () => {
		expect(rewriteLegacyUrl({ pathname: '/products/td-17', search: '', hash: '#specs' })).toBe('/products/td-17/specs')
		expect(rewriteLegacyUrl({ pathname: '/cloud/app/memberships', search: '', hash: '#annual' })).toBe(
			'/cloud/app/memberships/annual',
		)
		expect(rewriteLegacyUrl({ pathname: '/cloud/memberships-embedded', search: '', hash: '#annual' })).toBe(
			'/cloud/memberships-embedded/annual',
		)
		expect(rewriteLegacyUrl({ pathname: '/cloud/entitlement-key', search: '', hash: '#serial_number' })).toBe(
			'/cloud/entitlement-key/serial_number',
		)
		expect(rewriteLegacyUrl({ pathname: '/products', search: '', hash: '#specs' })).toBeNull()
	})
})
