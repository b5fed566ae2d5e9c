/** The emulator's seeded demo accounts (README, "Demo accounts"). */
export const DEMO = {
	customer: { email: 'owner@example.com', password: 'Owner1234', firstName: 'Alex', lastName: 'Owner' },
	cloudMember: { email: 'member@example.com', password: 'Member1234' },
	staff: { email: 'staff@roland.com', password: 'Staff1234' },
	legacy: { email: 'legacy@example.com' },
	legacySecond: { email: 'legacy2@example.com' },
	unactivated: { email: 'pending@example.com', password: 'Pending1234' },
} as const

/** The demo accounts a journey may start signed in as (`test.use({ signedInAs: 'customer' })`). */
export type DemoSignIn = 'customer' | 'cloudMember' | 'staff'
