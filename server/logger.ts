/**
 * The portal's own logs (issue 14): JSON lines through pino, every line
 * scrubbed by the scrubber the usage logs use (spec 2 §5), so no address or
 * UUID leaves the process unmasked in a log either. The portal, its
 * libraries and the built-in emulator write through `console`; routing the
 * console through the logger covers every line, including those of code that
 * does not know about the logger.
 *
 * LOG_LEVEL (default `info`; `debug` shows the log service's failures, spec
 * 2 §8). PORTAL_LOG_FILE also writes every line to that file (the end-to-end
 * suite reads it to check that no line holds personal data).
 *
 * A line written while a request is served carries that request's id
 * (`requestId`, ADR 0050). Besides the spec's scrubber, the log masks what
 * no log should hold and the spec's scrubber does not know: the values of
 * fields named like a secret (password, token, authorization, cookie…), and
 * in text a bearer token, a JWT, or a secret as a `name=value` pair.
 */
import { format } from 'node:util'
import pino, { type Level, type Logger } from 'pino'
import { scrubPersonalData, scrubText } from '../app/domain/log-scrub.ts'
import { currentRequestId } from '../app/observability/request-scope.server.ts'

export const SECRET_MASK = '[redacted]'
/** Field names whose value is a secret, wherever they are in a logged object (`password`, `idToken`, `Set-Cookie`…). */
const SECRET_KEY = /password|passwd|passcode|secret|token|authori[sz]ation|cookie|api[-_]?key|credential/i
const SECRET_TEXT: Array<[RegExp, string]> = [
	// A JWT (three base64url parts, the first a JSON header), whatever it is called in the text.
	[/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, SECRET_MASK],
	[
		/\b((?:[\w-]*?(?:password|passwd|secret|token)|authorization|cookie|api[-_]?key)["']?\s*[=:]\s*["']?)(?:(?:Bearer|Basic)\s+)?[^\s&"',;}]+/gi,
		`$1${SECRET_MASK}`,
	],
	[/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${SECRET_MASK}`],
]

/** A log line's text with its addresses, UUIDs (the spec's scrubber) and secrets masked. */
export function scrubLogText(text: string): string {
	return maskSecretText(scrubText(text))
}

function maskSecretText(text: string): string {
	let masked = text
	for (const [pattern, mask] of SECRET_TEXT) masked = masked.replace(pattern, mask)
	return masked
}

/** A logged object scrubbed (spec 2 §5), then walked again for secrets by field name and in text. */
function scrubLogObject(object: Record<string, unknown>): Record<string, unknown> {
	return maskSecrets(scrubPersonalData(object)) as Record<string, unknown>
}

function maskSecrets(value: unknown): unknown {
	if (typeof value === 'string') return maskSecretText(value)
	if (Array.isArray(value)) return value.map(maskSecrets)
	if (value === null || typeof value !== 'object') return value
	const copy: Record<string, unknown> = {}
	for (const [key, item] of Object.entries(value)) {
		copy[key] = SECRET_KEY.test(key) && item !== null && item !== undefined ? SECRET_MASK : maskSecrets(item)
	}
	return copy
}

const LEVELS = new Set<string>(['fatal', 'error', 'warn', 'info', 'debug', 'trace'])

export function createLogger(options: { level?: string; file?: string } = {}): Logger {
	const level = options.level && LEVELS.has(options.level) ? (options.level as Level) : 'info'
	const settings: pino.LoggerOptions = {
		level,
		base: undefined,
		timestamp: pino.stdTimeFunctions.isoTime,
		// The id of the request being served, if any; through the log formatter below like every field.
		mixin: () => {
			const requestId = currentRequestId()
			return requestId ? { requestId } : {}
		},
		formatters: {
			level: (label) => ({ level: label }),
			bindings: (bindings) => scrubLogObject(bindings),
			// Objects given to the logger are scrubbed like usage events: strings walked, the rest null.
			log: (object) => scrubLogObject(object),
		},
		hooks: {
			logMethod(args, method) {
				const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubLogText(arg) : arg))
				method.apply(this, scrubbed as Parameters<typeof method>)
			},
		},
	}
	if (!options.file) return pino(settings, pino.destination({ dest: 1, sync: true }))
	return pino(
		settings,
		pino.multistream([
			{ level, stream: pino.destination({ dest: 1, sync: true }) },
			{ level, stream: pino.destination({ dest: options.file, mkdir: true, sync: true }) },
		]),
	)
}

/** `console.log('a %s', x, error)` as one scrubbed line of the logger, at the console method's level. */
export function routeConsoleThrough(logger: Logger): void {
	const line = (args: unknown[]) => scrubLogText(format(...args))
	console.log = (...args: unknown[]) => logger.info(line(args))
	console.info = (...args: unknown[]) => logger.info(line(args))
	console.warn = (...args: unknown[]) => logger.warn(line(args))
	console.error = (...args: unknown[]) => logger.error(line(args))
	console.debug = (...args: unknown[]) => logger.debug(line(args))
}
