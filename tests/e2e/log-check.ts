/**
 * The suite's teardown: every line the workers' portals (and the emulators inside them) logged during
 * the run, read back from their log files, holds no e-mail address and no UUID unmasked (issue 14,
 * spec 2 §5). The run's journeys sign up, mail codes, send tickets and fail on purpose, so the logs
 * have met most of what the portal handles.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { E2E_RUN_DIR } from '../e2e-env.ts'

const PERSONAL = [
	{ what: 'an e-mail address', pattern: /[\p{L}\p{N}._%+-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u },
	{ what: 'a UUID', pattern: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i },
]

export default function checkPortalLogs(): void {
	const files = existsSync(E2E_RUN_DIR)
		? readdirSync(E2E_RUN_DIR)
				.map((dir) => path.join(E2E_RUN_DIR, dir, 'portal.log'))
				.filter((file) => existsSync(file))
		: []
	if (!files.length) throw new Error(`no portal of the run wrote a log under ${E2E_RUN_DIR}`)
	let count = 0
	const found = files.flatMap((file) => {
		const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean)
		count += lines.length
		return lines.flatMap((line, index) =>
			PERSONAL.filter(({ pattern }) => pattern.test(line)).map(
				({ what }) => `${path.basename(path.dirname(file))} line ${index + 1} holds ${what}: ${line.slice(0, 300)}`,
			),
		)
	})
	if (found.length) throw new Error(`the portals' logs hold personal data:\n${found.slice(0, 10).join('\n')}`)
	console.log(`portal logs: ${count} lines from ${files.length} portals, none with an address or a UUID`)
}
