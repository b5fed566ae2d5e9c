/**
 * `npm run emulator:reset`: clears the emulator's data and seeds it again.
 * Asks a running portal or emulator to do it (RESET_URL, default the portal on
 * :3000); with none running, deletes the database so the next start seeds.
 */
import { rmSync } from 'node:fs'
import path from 'node:path'

const url = process.env.RESET_URL ?? `http://localhost:${process.env.PORT ?? 3000}/_emulator/reset`
try {
	const token = process.env.EMULATOR_ADMIN_TOKEN
	const response = await fetch(url, { method: 'POST', headers: token ? { 'X-Emulator-Admin-Token': token } : {} })
	// A running emulator that refuses is still running: its database is not ours to delete.
	if (response.status === 403) {
		console.error(`${url} refused the reset: ${await response.text()}`)
		process.exit(1)
	}
	if (!response.ok) throw new Error(`HTTP ${response.status}`)
	console.log(`emulator reset through ${url}`)
} catch (error) {
	const file = path.resolve(process.env.DATA_DIR ?? './data', 'emulator.sqlite')
	for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true })
	console.log(
		`no emulator answered at ${url} (${(error as Error).message}); deleted ${file}: the next start seeds it again`,
	)
}
