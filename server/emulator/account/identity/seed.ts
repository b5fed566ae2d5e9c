/**
 * The demo accounts (demo.ts) as the account API knows them: the customer
 * with phones, interests, an address and a shop id; staff with the cultures
 * they manage; the cloud member; a legacy account from the older portal; and
 * one that signed up but has not activated (its code is in the outbox).
 */
import { randomUUID } from 'node:crypto'
import { SHOP_SERVICE_ID } from '#app/upstream/contract/account-identity.ts'
import type { EmulatorContext } from '../../context.ts'
import { DEMO_ACCOUNTS, type DemoAccountName } from '../../demo.ts'
import { insertUser, type UserStatus } from '../users.ts'
import { issueCode, sendActivationMail } from './codes.ts'
import type { StoredProfile } from './rules.ts'
import { insertInterest, insertPhone, putExternalId } from './tables.ts'

function seedUser(ctx: EmulatorContext, name: DemoAccountName, status: UserStatus, extra: Partial<StoredProfile> = {}) {
	const demo = DEMO_ACCOUNTS[name]
	const profile: StoredProfile = {
		firstName: demo.firstName,
		middleName: null,
		lastName: demo.lastName,
		cultureCode: demo.cultureCode,
		country: demo.country,
		allowEmail: false,
		mailFormatType: 'html',
		signupSource: null,
		birthday: null,
		gender: null,
		address: null,
		cognitoSub: randomUUID(),
		createUserId: 'system',
		updateUserId: 'system',
		...extra,
	}
	return insertUser(ctx, { id: demo.id, email: demo.email, password: demo.password, status, profile: { ...profile } })
}

export function seedIdentity(ctx: EmulatorContext): void {
	const customer = seedUser(ctx, 'customer', 'active', {
		middleName: 'J.',
		allowEmail: true,
		birthday: '1988-04-12',
		gender: 'female',
		address: {
			postalCode: '90040',
			stateProvince: 'CA',
			city: 'Los Angeles',
			addressLine1: '5100 S. Eastern Avenue',
			addressLine2: 'Suite 200',
			addressLine3: null,
		},
	})
	insertPhone(ctx, customer.id, { number: '+1 323 555 0142', type: 'mobile' })
	insertPhone(ctx, customer.id, { number: '+1 323 555 0199', type: 'home' })
	for (const interestId of ['1', '2', '6']) insertInterest(ctx, customer.id, interestId)
	putExternalId(ctx, customer.id, SHOP_SERVICE_ID, '7012345678901')

	seedUser(ctx, 'staff', 'active', { allowEmail: true, managingCultureCodes: ['en-US', 'en-CA', 'fr-CA'] })
	seedUser(ctx, 'cloudMember', 'active', { allowEmail: true })
	// The older portal's account: its old password does not sign in until it migrates.
	seedUser(ctx, 'legacy', 'legacy')
	seedUser(ctx, 'legacySecond', 'legacy')
	const pending = seedUser(ctx, 'unactivated', 'unactivated', {
		phoneticFirstName: 'パット',
		phoneticLastName: 'ペンディング',
	})
	sendActivationMail(ctx, pending.email, issueCode(ctx, pending.id, 'activation'))
}
