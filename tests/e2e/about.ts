/** What About and licences must show: the licences the build listed and the portal's version. */
import { readFileSync } from 'node:fs'
import path from 'node:path'

const buildDir = process.env.PORTAL_BUILD_DIR ?? 'build'

/** The licences of what the browser receives, as the build listed them. */
export const listed = JSON.parse(readFileSync(path.join(buildDir, 'client/.vite/licenses.json'), 'utf8')) as {
	name: string
	version: string
	identifier: string
}[]

export const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
