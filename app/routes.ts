import { type RouteConfig, route, index } from '@react-router/dev/routes'

/**
 * The route table of spec 1 §2 and spec 2 §2. Each route's id is its screen
 * name; `app/domain/screens.ts` lists the same paths for the guard, and a test
 * keeps the two in step.
 */
const screen = (path: string, id: string, file: string) => route(path, file, { id })

export default [
	index('routes/settings/home.tsx', { id: 'Home' }),
	screen('settings/password', 'PasswordChange', 'routes/settings/password-change.tsx'),
	screen('settings/about', 'About', 'routes/settings/about.tsx'),
	screen('settings/:tab?', 'AccountSettings', 'routes/settings/account-settings.tsx'),

	// Account lifecycle (spec 1 §4)
	screen('signup', 'Register', 'routes/account/signup.tsx'),
	screen('signup/login', 'SignUpLogin', 'routes/account/login.tsx'),
	screen('signup/interests', 'ProductInterest', 'routes/account/product-interest.tsx'),
	screen('signup/finish', 'RegisterFinish', 'routes/account/signup-finish.tsx'),
	screen('migration', 'Migration', 'routes/account/migration.tsx'),
	screen('activation', 'Activation', 'routes/account/activation.tsx'),
	screen('app/signup', 'RegisterByApp', 'routes/account/signup.tsx'),
	screen('app/migration', 'MigrationByApp', 'routes/account/migration.tsx'),
	screen('login', 'HomeLogin', 'routes/account/login.tsx'),
	screen('reset-password', 'ResetPassword', 'routes/account/reset-password.tsx'),
	screen('email-change', 'EmailChange', 'routes/account/email-change.tsx'),
	screen('logout', 'Logout', 'routes/account/logout.tsx'),
	screen('delete-account', 'DeleteAccount', 'routes/account/delete-account.tsx'),
	screen('privacy', 'Privacy', 'routes/account/privacy.tsx'),
	screen('unavailable', 'RegionUnavailable', 'routes/account/region-unavailable.tsx'),
	screen('hc/login', 'ZendeskSSO', 'routes/account/help-centre-login.tsx'),
	screen('oauth2/redirect', 'OAuth2Redirect', 'routes/account/oauth2-redirect.tsx'),
	screen('oauth2/logout', 'OAuth2Logout', 'routes/account/oauth2-logout.tsx'),
	screen('qr', 'QRCodeLP', 'routes/gear/qr-card.tsx'),

	// Visitors: maintenance, event check-in and pass, support tools, the brands' portals
	screen('maintenance', 'Maintenance', 'routes/visit/maintenance.tsx'),
	screen('check-in', 'CheckIn', 'routes/visit/check-in.tsx'),
	screen('check-in/verify', 'CheckInVerify', 'routes/visit/check-in-verify.tsx'),
	screen('pass-login', 'PassLogin', 'routes/visit/check-in.tsx'),
	screen('thank-you', 'ThankYou', 'routes/visit/thank-you.tsx'),
	screen('tools', 'Tools', 'routes/visit/tools.tsx'),
	screen('homes', 'Homes', 'routes/visit/homes.tsx'),
	screen('shop-handoff', 'ShopHandoff', 'routes/visit/shop-handoff.tsx'),

	// Gear, feed, products, surveys
	screen('gear/:tab?', 'MyGear', 'routes/gear/my-gear.tsx'),
	screen('gear/register_product/:registeredProductId', 'RegistrationStatus', 'routes/gear/registration-status.tsx'),
	screen('gear/my_gear/:registeredProductId', 'RegisteredProduct', 'routes/gear/registered-product.tsx'),
	screen('gear/my_gear/:registeredProductId/unregister', 'UnregisterProduct', 'routes/gear/unregister-product.tsx'),
	screen('feed/:tab?', 'MyFeed', 'routes/feed/my-feed.tsx'),
	screen('products/:slug/:tab?', 'ProductsDirect', 'routes/products/product-info.tsx'),
	screen('questionnaire/:registeredProductId', 'Questionnaire', 'routes/gear/questionnaire.tsx'),
	screen('surveys/product/:registeredProductId', 'ProductSurvey', 'routes/gear/product-survey.tsx'),
	screen('surveys/purchase/:registeredProductId', 'ProductSurvey1', 'routes/gear/product-survey.tsx'),
	screen('surveys/satisfaction/:registeredProductId', 'ProductSurvey2', 'routes/gear/product-survey.tsx'),

	// Support (spec 1 §3 forms)
	screen('support/:tab?', 'Support', 'routes/support/support.tsx'),

	// Cloud area (spec 2)
	screen('cloud', 'HomeRVS', 'routes/cloud/home.tsx'),
	screen('cloud/account', 'AccountDetails', 'routes/cloud/account-details.tsx'),
	screen('cloud/account/cancel/:subscriptionId', 'CancelSubscription', 'routes/cloud/cancel-subscription.tsx'),
	screen('cloud/memberships/:tab?', 'Memberships', 'routes/cloud/memberships.tsx'),
	screen('cloud/app/memberships/:tab?', 'MembershipsRCM', 'routes/cloud/memberships.tsx'),
	screen('cloud/memberships-embedded/:tab?', 'MembershipsByReact', 'routes/cloud/memberships.tsx'),
	screen('cloud/checkout', 'ThankYouMembership', 'routes/cloud/checkout-thank-you.tsx'),
	screen('cloud/policies', 'Policies', 'routes/cloud/policies.tsx'),
	screen('cloud/entitlement-key/:tab?', 'EntitlementKey', 'routes/cloud/entitlement-key.tsx'),
	screen('cloud/thank-you', 'ThankYouKey', 'routes/cloud/thank-you-key.tsx'),
	screen('cloud/faq', 'FaqSearch', 'routes/cloud/faq-search.tsx'),
	screen('cloud/faq/:articleId', 'FaqArticle', 'routes/cloud/faq-article.tsx'),
	screen('cloud/support/zenbeats', 'ZenbeatsSupport', 'routes/cloud/app-support.tsx'),
	screen('cloud/support/zentracker', 'ZentrackerSupport', 'routes/cloud/app-support.tsx'),
	screen('cloud/support/btx', 'BtxSupport', 'routes/cloud/app-support.tsx'),
	screen('cloud/contact-us', 'ContactUs', 'routes/cloud/contact-us.tsx'),
	screen('contact-us', 'ContactUsShort', 'routes/cloud/contact-us.tsx'),

	// Resource routes and the fallback
	route('preferences', 'routes/resources/preferences.tsx'),
	route('usage/page-hash', 'routes/resources/page-hash.tsx'),
	route('locales/:file', 'routes/resources/locales.ts'),
	route('*', 'routes/resources/unknown-path.tsx'),
] satisfies RouteConfig
