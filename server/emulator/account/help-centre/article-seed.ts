/** Help-centre articles: cloud membership FAQ and product support topics, with label names. */
export interface SeedArticle {
	id: string
	title: string
	section: string
	labelNames: string[]
	body: string
	/** Days before seeding it was last updated: the newest come first. */
	ageDays: number
}

export const ARTICLES: readonly SeedArticle[] = [
	{
		id: '360001000001',
		title: 'How do I start my free trial?',
		section: 'Cloud membership',
		labelNames: ['cloud', 'trial', 'subscription'],
		body: '<p>First-time members can try the top membership tier free for 30 days. Sign in, open Memberships and choose <strong>Start free trial</strong>. You will not be charged until the trial ends, and you can cancel at any time before that.</p>',
		ageDays: 3,
	},
	{
		id: '360001000002',
		title: 'How do I cancel my subscription?',
		section: 'Cloud membership',
		labelNames: ['cloud', 'subscription', 'billing'],
		body: '<p>Open Account details, choose the subscription and select <strong>Cancel subscription</strong>. Tell us why, optionally add details, and confirm. Your membership stays active until the end of the current billing cycle, and lifetime keys you own stay yours.</p>',
		ageDays: 5,
	},
	{
		id: '360001000003',
		title: 'Where can I see my billing history?',
		section: 'Billing',
		labelNames: ['cloud', 'billing'],
		body: '<p>Your billing history lists every payment with its date, amount and plan. Open Account details and scroll to <strong>Billing history</strong>. To change your payment method, use the payment information link of the subscription.</p>',
		ageDays: 12,
	},
	{
		id: '360001000004',
		title: 'Monthly or annual plan: which one is right for me?',
		section: 'Billing',
		labelNames: ['cloud', 'billing', 'subscription'],
		body: '<p>Both plans include the same instruments and features. The annual plan is billed once a year and saves up to 17% compared with paying monthly. You can switch plans at the end of a billing cycle.</p>',
		ageDays: 20,
	},
	{
		id: '360001000005',
		title: 'How does the Play2-4Life loyalty program work?',
		section: 'Cloud membership',
		labelNames: ['cloud', 'loyalty'],
		body: '<p>While your membership runs, you earn reward instruments that stay yours for life. Choose them in the loyalty program section of Account details. If your membership ends, your choice becomes final.</p>',
		ageDays: 30,
	},
	{
		id: '360001000006',
		title: 'Registering an entitlement key or a hardware serial number',
		section: 'Cloud membership',
		labelNames: ['cloud', 'entitlement_key'],
		body: '<p>Some products come with an entitlement key or unlock software with their serial number. Open the key activation page, choose the <strong>Key</strong> or <strong>Serial Number</strong> tab, enter it with the hardware product and submit. A key can be registered to one account only.</p>',
		ageDays: 8,
	},
	{
		id: '360001000007',
		title: 'Installing the cloud manager app',
		section: 'Getting started',
		labelNames: ['cloud', 'installation'],
		body: '<p>Download the manager app for Windows or macOS, sign in with your account and choose the instruments to install. Keep the app running while it downloads; large libraries can take a while on slower connections.</p>',
		ageDays: 45,
	},
	{
		id: '360001000008',
		title: 'How do I register my product?',
		section: 'Product registration',
		labelNames: ['product_registration', 'account'],
		body: '<p>Sign in, open My Gear and choose <strong>Register a product</strong>. Pick the product, enter its serial number (7 to 8 characters; for a 16-digit serial, enter the last 7), the purchase date and where you bought it. Registration can take up to a minute to complete.</p>',
		ageDays: 2,
	},
	{
		id: '360001000009',
		title: 'Where do I find the serial number?',
		section: 'Product registration',
		labelNames: ['product_registration'],
		body: '<p>The serial number is printed on a label on the bottom or back panel of the product, and on the box. It is 7 or 8 characters long. If your label shows 16 digits, use the last 7.</p>',
		ageDays: 60,
	},
	{
		id: '360001000010',
		title: 'My product cannot be registered in my country',
		section: 'Product registration',
		labelNames: ['product_registration', 'account'],
		body: '<p>Some products are sold only in certain regions and can be registered only there. Check that the country in your profile is where you live. If it is right and the product still cannot be added, contact support with your serial number.</p>',
		ageDays: 15,
	},
	{
		id: '360001000011',
		title: 'Updating the firmware of your V-Drums module',
		section: 'Product support',
		labelNames: ['firmware', 'v-drums'],
		body: '<p>Copy the update file to the root of a USB flash drive, connect it to the module, then switch the module on while holding the update button combination in the owner’s manual. Do not switch it off until the update finishes.</p>',
		ageDays: 25,
	},
	{
		id: '360001000012',
		title: 'Connecting a digital piano to an app over Bluetooth',
		section: 'Product support',
		labelNames: ['piano', 'bluetooth'],
		body: '<p>Turn on Bluetooth on your phone or tablet, then pair from inside the app rather than the system settings. If the piano does not appear, switch it off and on again and make sure no other device is connected to it.</p>',
		ageDays: 18,
	},
	{
		id: '360001000013',
		title: 'Resetting a BOSS effects pedal to factory settings',
		section: 'Product support',
		labelNames: ['boss', 'factory_reset'],
		body: '<p>A factory reset returns every setting to how it left the factory and erases your patches. Back them up first with the editor app, then follow the reset procedure in the owner’s manual of your model.</p>',
		ageDays: 40,
	},
	{
		id: '360001000014',
		title: 'What does the warranty cover and how do I request a repair?',
		section: 'Service and repair',
		labelNames: ['warranty', 'repair', 'service_request'],
		body: '<p>The warranty covers defects in materials and workmanship for the period stated for your country. Send a service request from the Support page with your serial number, purchase date and dealer; we answer within 48 working hours.</p>',
		ageDays: 10,
	},
	{
		id: '360001000015',
		title: 'I forgot my password',
		section: 'Your account',
		labelNames: ['account', 'password'],
		body: '<p>On the login page choose <strong>Forgot password</strong> and enter your email address. If an account exists for it, we send a code and a link to set a new password. The code expires, so use it soon.</p>',
		ageDays: 7,
	},
	{
		id: '360001000016',
		title: 'Ordering spare parts',
		section: 'Service and repair',
		labelNames: ['parts_order_request', 'repair'],
		body: '<p>Use the parts order form on the Support page to request up to three parts at a time with their descriptions and quantities. We acknowledge every order within 72 hours. Some parts are available to authorized service centers only.</p>',
		ageDays: 33,
	},
]
