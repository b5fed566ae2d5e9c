/**
 * Personal-data scrubbing before any log is sent (spec 2 §5), applied
 * recursively: e-mail addresses (plain, with a percent-encoded '@', or as a
 * `name=value` query value) become asterisks, UUIDs become a masked UUID,
 * functions and other non-primitive values become null. Error descriptions
 * are turned into text first (spec 2 §3).
 */

/** A fixed mask, so the length of an address tells nothing either. */
export const EMAIL_MASK = '*****'
export const UUID_MASK = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'

const PERCENT_AT = '%(?:25)?40'
const EMAIL_DOMAIN = '[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*\\.\\p{L}{2,}'

/** `email=user@x.com`, `e=user%2Btag%40x.com`: the whole query value, whatever it holds around the '@'. */
const QUERY_VALUE_EMAIL = new RegExp(`=([^&\\s=#"'<>]*?(?:@|${PERCENT_AT})[^&\\s#"'<>]+)`, 'giu')
const PERCENT_ENCODED_EMAIL = new RegExp(`[\\p{L}\\p{N}._%+-]+${PERCENT_AT}${EMAIL_DOMAIN}`, 'giu')
const PLAIN_EMAIL = new RegExp(`[\\p{L}\\p{N}._%+-]+@${EMAIL_DOMAIN}`, 'giu')
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

/** One string with its e-mail addresses and UUIDs masked. */
export function scrubText(text: string): string {
	return text
		.replace(QUERY_VALUE_EMAIL, `=${EMAIL_MASK}`)
		.replace(PERCENT_ENCODED_EMAIL, EMAIL_MASK)
		.replace(PLAIN_EMAIL, EMAIL_MASK)
		.replace(UUID, UUID_MASK)
}

function isPlainObject(value: object): value is Record<string, unknown> {
	const proto = Object.getPrototypeOf(value)
	return proto === Object.prototype || proto === null
}

/**
 * A copy of `value` that is safe to log: strings (object keys too) scrubbed,
 * plain objects and arrays walked, numbers, booleans, null and undefined
 * kept, everything else (functions, symbols, class instances, dates, maps,
 * a structure seen again on the way down) null.
 */
export function scrubPersonalData(value: unknown): unknown {
	return walk(value, new WeakSet())
}

function walk(value: unknown, seen: WeakSet<object>): unknown {
	if (typeof value === 'string') return scrubText(value)
	if (value === null || value === undefined || typeof value === 'boolean') return value
	if (typeof value === 'number') return Number.isFinite(value) ? value : null
	if (typeof value === 'bigint') return value.toString()
	if (typeof value !== 'object') return null
	if (seen.has(value)) return null
	if (Array.isArray(value)) {
		seen.add(value)
		const copy = value.map((item) => walk(item, seen))
		seen.delete(value)
		return copy
	}
	if (!isPlainObject(value)) return null
	seen.add(value)
	const copy: Record<string, unknown> = {}
	for (const [key, item] of Object.entries(value)) copy[scrubText(key)] = walk(item, seen)
	seen.delete(value)
	return copy
}

/** A log payload scrubbed: still an object of fields. */
export function scrubLogPayload<T extends Record<string, unknown>>(payload: T): Record<string, unknown> {
	return (scrubPersonalData(payload) ?? {}) as Record<string, unknown>
}

/**
 * The text of an error log's description (spec 2 §3: objects in the
 * description are turned into text): strings as they are, errors as
 * `Name: message`, everything else as JSON where it can be, scrubbed.
 */
export function errorDescriptionText(description: unknown): string {
	return scrubText(describe(description))
}

function describe(description: unknown): string {
	if (typeof description === 'string') return description
	if (description === undefined) return ''
	if (description instanceof Error) {
		const cause = description.cause === undefined ? '' : ` (cause: ${describe(description.cause)})`
		return `${description.name}: ${description.message}${cause}`
	}
	if (typeof description === 'function') return `[function ${description.name || 'anonymous'}]`
	if (typeof description === 'symbol') return description.toString()
	if (typeof description !== 'object' || description === null) return String(description)
	try {
		const seen = new WeakSet<object>()
		return (
			JSON.stringify(description, (_key, value: unknown) => {
				if (typeof value === 'bigint') return value.toString()
				if (value instanceof Error) return `${value.name}: ${value.message}`
				if (value instanceof Map) return Object.fromEntries(value)
				if (value instanceof Set) return [...value]
				if (typeof value === 'object' && value !== null) {
					if (seen.has(value)) return '[Circular]'
					seen.add(value)
				}
				return value
			}) ?? String(description)
		)
	} catch {
		return String(description)
	}
}
