/**
 * The entitlement key forms (spec 2 §5: key, serial number and hardware product required), used by
 * the action through conform. Messages are catalogue keys in the spec's 'X is required' form; what
 * a key or serial must look like is the hub's to say (its 'invalid key'), so only the length is
 * held here, to keep the key a sane path segment.
 */
import { z } from 'zod'

export const KEY_MAX = 64
export const PRODUCT_CODE_MAX = 64

const requiredText = (required: string, invalid: string, max: number) =>
	z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: invalid })

const productCode = requiredText(
	'cloudKey.errors.hardwareProductRequired',
	'cloudKey.errors.hardwareProductRequired',
	PRODUCT_CODE_MAX,
)

/** The Key tab. */
export const EntitlementKeySchema = z.object({
	key: requiredText('cloudKey.errors.keyRequired', 'cloudKey.errors.keyTooLong', KEY_MAX),
	productCode,
})

/** The Serial Number tab. */
export const SerialNumberSchema = z.object({
	serialNumber: requiredText('cloudKey.errors.serialNumberRequired', 'cloudKey.errors.serialNumberTooLong', KEY_MAX),
	productCode,
})
