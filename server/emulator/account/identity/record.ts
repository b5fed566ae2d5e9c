/**
 * The user record the account API answers for `me`, `admin/users/{id}` and a
 * profile update (spec 1 §3): the profile, phones, interests, registered
 * products, the shop id, staff cultures, and the bookkeeping fields the
 * portal drops before storing.
 */
import type { z } from 'zod'
import { SHOP_SERVICE_ID, type UserRecordSchema } from '#app/upstream/contract/account-identity.ts'
import type { EmulatorContext } from '../../context.ts'
import { presentRegisteredProduct } from '../gear/registered-products.ts'
import { listRegisteredProducts } from '../registered-products-table.ts'
import { isStaffAccount, type UserRow } from '../users.ts'
import { cultureCodeRef, findInterest } from './masters.ts'
import { profileOf } from './rules.ts'
import { findExternalId, listInterests, listPhones } from './tables.ts'

type UserRecordAnswer = z.input<typeof UserRecordSchema>

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/** The gear calls own registered products: `me` shows them the same way, settled when their time is up. */
function registeredProducts(ctx: EmulatorContext, userId: string): UserRecordAnswer['registeredProducts'] {
	return listRegisteredProducts(ctx.db, userId).map((row) => presentRegisteredProduct(ctx, row))
}

export function userRecord(ctx: EmulatorContext, user: UserRow): UserRecordAnswer {
	const profile = profileOf(user)
	const address = profile.address
	return {
		id: user.id,
		email: user.email,
		firstName: profile.firstName,
		middleName: text(profile.middleName),
		lastName: profile.lastName,
		phoneticFirstName: text(profile.phoneticFirstName),
		phoneticLastName: text(profile.phoneticLastName),
		allowEmail: profile.allowEmail,
		// Stored as a date; answered as the date-time the API's database column gives.
		birthday: profile.birthday ? `${profile.birthday}T00:00:00.000Z` : null,
		address: address
			? {
					postalCode: text(address.postalCode),
					stateProvince: text(address.stateProvince),
					city: text(address.city),
					addressLine1: text(address.addressLine1),
					addressLine2: text(address.addressLine2),
					addressLine3: text(address.addressLine3),
				}
			: null,
		country: text(profile.country),
		cultureCode: cultureCodeRef(profile.cultureCode) ?? null,
		phones: listPhones(ctx.db, user.id).map((p) => ({
			id: p.id,
			number: p.number,
			type: p.type as 'mobile' | 'home' | 'work',
		})),
		interests: listInterests(ctx.db, user.id).flatMap((row) => {
			const interest = findInterest(row.interestId)
			return interest ? [{ id: row.id, interest }] : []
		}),
		gender: text(profile.gender),
		registeredProducts: registeredProducts(ctx, user.id),
		shopifyId: findExternalId(ctx.db, user.id, SHOP_SERVICE_ID)?.id ?? null,
		managingCultureCodes: isStaffAccount(user.email)
			? (profile.managingCultureCodes ?? []).flatMap((value) => {
					const ref = cultureCodeRef(value)
					return ref ? [ref] : []
				})
			: [],
		createDate: user.createDate,
		createUserId: profile.createUserId,
		updateDate: user.updateDate,
		updateUserId: profile.updateUserId,
		isDeleted: false,
		isVisible: true,
		previousEmail: text(profile.previousEmail),
		cognitoSub: profile.cognitoSub,
	}
}
