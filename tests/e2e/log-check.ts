/**
 * The suite's teardown: every line the portal (and the emulator inside it) logged during the run,
 * read back from its log file, holds no e-mail address and no UUID unmasked (issue 14, spec 2 §5).
 * The run's journeys sign up, mail codes, send tickets and fail on purpose, so the log has met most
 * of what the portal handles.
 */
import { existsSync, readFileSync } from 'node:fs'
import { E2E_LOG_FILE } from '../e2e-env.ts'

const PERSONAL = [
	{ what: 'an e-mail address', pattern: /[\p{L}\p{N}._%+-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u },
	{ what: 'a UUID', pattern: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i },
]

export default function checkPortalLog(): void {
	if (!existsSync(E2E_LOG_FILE)) throw new Error(`the portal wrote no log to ${E2E_LOG_FILE}`)
	const lines = readFileSync(E2E_LOG_FILE, 'utf8').split('\n').filter(Boolean)
	const found = lines.flatMap((line, index) =>
		PERSONAL.filter(({ pattern }) => pattern.test(line)).map(
			({ what }) => `line ${index + 1} holds ${what}: ${line.slice(0, 300)}`,
		),
	)
	if (found.length) throw new Error(`the portal's log holds personal data:\n${found.slice(0, 10).join('\n')}`)
	console.log(`portal log: ${lines.length} lines, none with an address or a UUID`)
}
