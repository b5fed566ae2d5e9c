import { type RouteConfig, route, index } from '@react-router/dev/routes'

/**
 * The route table of spec 1 §2 and spec 2 §2. Each route's id is its screen
 * name; `app/domain/screens.ts` lists the same paths for the guard, and a test
 * keeps the two in step. Screens whose feature a later issue builds use the
 * coming-soon module until then.
 */
const comingSoon = 'routes/coming-soon.tsx'
const screen = (path: string, id: string, file = comingSoon) => route(path, file, { id })

export default [
	index('routes/home.tsx', { id: 'Home' }),
	screen('settings/:tab?', 'AccountSettings', 'routes/settings.tsx'),

	// Account lifecycle (spec 1 §4)
	screen('signup', 'Register'),
	screen('signup/login', 'SignUpLogin'),
	screen('migration', 'Migration'),
	screen('activation', 'Activation'),
	screen('app/signup', 'RegisterByApp'),
	screen('app/migration', 'MigrationByApp'),
	screen('login', 'HomeLogin'),
	screen('reset-password', 'ResetPassword'),
	screen('email-change', 'EmailChange'),
	screen('logout', 'Logout'),
	screen('delete-account', 'DeleteAccount'),
	screen('privacy', 'Privacy'),
	screen('hc/login', 'ZendeskSSO'),
	screen('oauth2/redirect', 'OAuth2Redirect'),
	screen('oauth2/logout', 'OAuth2Logout'),
	screen('qr', 'QRCodeLP'),
	screen('maintenance', 'Maintenance'),
	screen('check-in', 'CheckIn'),
	screen('pass-login', 'PassLogin'),
	screen('thank-you', 'ThankYou'),
	screen('tools', 'Tools'),
	screen('homes', 'Homes'),

	// Gear, feed, products, surveys
	screen('gear/:tab?', 'MyGear'),
	screen('feed/:tab?', 'MyFeed'),
	screen('products/:slug/:tab?', 'ProductsDirect'),
	screen('questionnaire/:registeredProductId', 'Questionnaire'),
	screen('surveys/product/:registeredProductId', 'ProductSurvey'),
	screen('surveys/purchase/:registeredProductId', 'ProductSurvey1'),
	screen('surveys/satisfaction/:registeredProductId', 'ProductSurvey2'),

	// Support (spec 1 §3 forms)
	screen('support/:tab?', 'Support'),

	// Cloud area (spec 2)
	screen('cloud', 'HomeRVS'),
	screen('cloud/account', 'AccountDetails'),
	screen('cloud/account/cancel/:subscriptionId', 'CancelSubscription'),
	screen('cloud/memberships/:tab?', 'Memberships'),
	screen('cloud/app/memberships/:tab?', 'MembershipsRCM'),
	screen('cloud/memberships-embedded/:tab?', 'MembershipsByReact'),
	screen('cloud/policies', 'Policies'),
	screen('cloud/entitlement-key/:tab?', 'EntitlementKey'),
	screen('cloud/thank-you', 'ThankYouKey'),
	screen('cloud/faq', 'FaqSearch'),
	screen('cloud/support/zenbeats', 'ZenbeatsSupport'),
	screen('cloud/support/zentracker', 'ZentrackerSupport'),
	screen('cloud/support/btx', 'BtxSupport'),
	screen('cloud/contact-us', 'ContactUs'),
	screen('contact-us', 'ContactUsShort'),

	// Resource routes and the fallback
	route('preferences', 'routes/preferences.ts'),
	route('*', 'routes/unknown-path.ts'),
] satisfies RouteConfig
