/**
 * The demo accounts the emulator seeds (listed in the README). Every service
 * that seeds data for them uses these ids, so the account API, the cloud API
 * and the device API agree on who is who.
 */
export const DEMO_ACCOUNTS = {
	customer: {
		id: '6f1c2a7e-0000-4000-8000-000000000001',
		email: 'owner@example.com',
		password: 'Owner1234',
		firstName: 'Alex',
		lastName: 'Owner',
		cultureCode: 'en-US',
		country: 'US',
	},
	staff: {
		id: '6f1c2a7e-0000-4000-8000-000000000002',
		email: 'staff@roland.com',
		password: 'Staff1234',
		firstName: 'Sam',
		lastName: 'Staff',
		cultureCode: 'en-US',
		country: 'US',
	},
	cloudMember: {
		id: '6f1c2a7e-0000-4000-8000-000000000003',
		email: 'member@example.com',
		password: 'Member1234',
		firstName: 'Casey',
		lastName: 'Member',
		cultureCode: 'en-GB',
		country: 'GB',
	},
	legacy: {
		id: '6f1c2a7e-0000-4000-8000-000000000004',
		email: 'legacy@example.com',
		password: 'Legacy1234',
		firstName: 'Lee',
		lastName: 'Legacy',
		cultureCode: 'en-US',
		country: 'US',
	},
	/** A second legacy account: migrating is once only, and the journey runs with and without JavaScript. */
	legacySecond: {
		id: '6f1c2a7e-0000-4000-8000-000000000006',
		email: 'legacy2@example.com',
		password: 'Legacy1234',
		firstName: 'Lou',
		lastName: 'Legacy',
		cultureCode: 'de-DE',
		country: 'DE',
	},
	unactivated: {
		id: '6f1c2a7e-0000-4000-8000-000000000005',
		email: 'pending@example.com',
		password: 'Pending1234',
		firstName: 'Pat',
		lastName: 'Pending',
		cultureCode: 'ja-JP',
		country: 'JP',
	},
} as const

export type DemoAccountName = keyof typeof DEMO_ACCOUNTS
