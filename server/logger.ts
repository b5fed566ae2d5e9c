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
 */
import { format } from 'node:util'
import pino, { type Level, type Logger } from 'pino'
import { scrubPersonalData, scrubText } from '../app/domain/log-scrub.ts'

const LEVELS = new Set<string>(['fatal', 'error', 'warn', 'info', 'debug', 'trace'])

export function createLogger(options: { level?: string; file?: string } = {}): Logger {
	const level = options.level && LEVELS.has(options.level) ? (options.level as Level) : 'info'
	const settings: pino.LoggerOptions = {
		level,
		base: undefined,
		timestamp: pino.stdTimeFunctions.isoTime,
		formatters: {
			level: (label) => ({ level: label }),
			// Objects given to the logger are scrubbed like usage events: strings walked, the rest null.
			log: (object) => scrubPersonalData(object) as Record<string, unknown>,
		},
		hooks: {
			logMethod(args, method) {
				const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg))
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
	const line = (args: unknown[]) => scrubText(format(...args))
	console.log = (...args: unknown[]) => logger.info(line(args))
	console.info = (...args: unknown[]) => logger.info(line(args))
	console.warn = (...args: unknown[]) => logger.warn(line(args))
	console.error = (...args: unknown[]) => logger.error(line(args))
	console.debug = (...args: unknown[]) => logger.debug(line(args))
}
