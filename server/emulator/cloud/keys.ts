/**
 * The notification hub's registration of an entitlement key (a lifetime key)
 * or of a hardware serial number with its product code (spec 2 §4): success
 * (RCM-STATUS-DONE), not found, already registered, unable to register, or
 * invalid key. A registration grants user products for life: Key for a
 * lifetime key, Other (Purchase) for hardware.
 */
import type { z } from 'zod'
import {
	ENTITLEMENT_KEY_PATTERN,
	KEY_REGISTRATION_DONE,
	KEY_REGISTRATION_FAILURES,
	SERIAL_NUMBER_PATTERN,
	type KeyRegistrationFailure,
	type KeyRegistrationResponseSchema,
} from '#app/upstream/contract/cloud.ts'
import type { EmulatorContext } from '../context.ts'
import { findHardware, listLifetimeKeys } from './catalogue.ts'
import { CloudError, insertUserProduct, iso } from './store.ts'
import { userProducts } from './subscriptions.ts'

const STATUS: Record<KeyRegistrationFailure, number> = {
	notFound: 404,
	alreadyRegistered: 409,
	unableToRegister: 422,
	invalidKey: 400,
}

function refuse(failure: KeyRegistrationFailure): CloudError {
	const message = KEY_REGISTRATION_FAILURES[failure]
	return new CloudError(STATUS[failure], message, message)
}

type Registration = z.input<typeof KeyRegistrationResponseSchema>

export function registerKey(
	ctx: EmulatorContext,
	userId: string,
	rawKey: string,
	productCode: string | undefined,
): Registration {
	const key = rawKey.trim().toUpperCase()
	const hardware = productCode ? findHardware(ctx, productCode) : undefined
	const now = iso(ctx.clock.now())
	const grant = (productIds: string[], kind: { entitlementKey: string } | { serialNumber: string }) => {
		const ids = productIds.map(
			(productId) =>
				insertUserProduct(ctx, {
					userId,
					productId,
					userProductType: 'entitlementKey' in kind ? 1 : 2,
					productType: 'entitlementKey' in kind ? 'Key' : 'Purchase',
					ruleType: null,
					userRuleId: null,
					entitlementKey: 'entitlementKey' in kind ? kind.entitlementKey : null,
					serialNumber: 'serialNumber' in kind ? kind.serialNumber : null,
					grantedAt: now,
				}).id,
		)
		return userProducts(ctx, userId).filter((p) => ids.includes(p.id))
	}

	const isEntitlementKey = ENTITLEMENT_KEY_PATTERN.test(key)
	// One call for both: a key is told from a serial number by its printed form (RCLK-…), so a key
	// card sent with the hardware it came in (the Key tab) is registered as a key.
	if (hardware && !isEntitlementKey) {
		if (!SERIAL_NUMBER_PATTERN.test(key)) throw refuse('invalidKey')
		const row = ctx.db
			.prepare('SELECT status FROM cloud_serial_numbers WHERE product_code = ? AND serial = ?')
			.get(hardware.productCode, key) as { status: 'Available' | 'Registered' | 'Ineligible' } | undefined
		if (!row) throw refuse('notFound')
		if (row.status === 'Registered') throw refuse('alreadyRegistered')
		if (row.status === 'Ineligible') throw refuse('unableToRegister')
		ctx.db
			.prepare(
				"UPDATE cloud_serial_numbers SET status = 'Registered', registered_by = ?, registered_at = ? WHERE product_code = ? AND serial = ?",
			)
			.run(userId, now, hardware.productCode, key)
		return {
			message: KEY_REGISTRATION_DONE,
			kind: 'SerialNumber',
			key,
			productCode: hardware.productCode,
			products: grant(hardware.productIds, { serialNumber: key }),
		}
	}

	if (!isEntitlementKey) throw refuse('invalidKey')
	const row = ctx.db.prepare('SELECT lifetime_key_id, status FROM cloud_entitlement_keys WHERE key = ?').get(key) as
		{ lifetime_key_id: string; status: 'Available' | 'Registered' | 'Blocked' } | undefined
	const lifetimeKey = row && listLifetimeKeys(ctx).find((k) => k.id === row.lifetime_key_id)
	// A product code that names no hardware must name the key's own collection.
	if (!row || !lifetimeKey || (productCode && !hardware && productCode.toUpperCase() !== lifetimeKey.productCode))
		throw refuse('notFound')
	if (row.status === 'Registered') throw refuse('alreadyRegistered')
	if (row.status === 'Blocked') throw refuse('unableToRegister')
	ctx.db
		.prepare(
			"UPDATE cloud_entitlement_keys SET status = 'Registered', registered_by = ?, registered_at = ? WHERE key = ?",
		)
		.run(userId, now, key)
	return {
		message: KEY_REGISTRATION_DONE,
		kind: 'EntitlementKey',
		key,
		productCode: lifetimeKey.productCode,
		products: grant(lifetimeKey.productIds, { entitlementKey: key }),
	}
}
