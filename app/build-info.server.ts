/**
 * What the About screen tells of this build: the portal's version, the build's
 * number and commit (set by vite.config.ts), and the licences of the packages
 * the browser build bundles, which Vite writes beside it at build time.
 */
import { readFile } from 'node:fs/promises'
import { parseLicences, type PackageLicence } from '#app/domain/licences.ts'

export const BUILD = __PORTAL_BUILD__

/** The server bundle sits in build/server/; the browser build's list in build/client/.vite/. */
const LICENCES_FILE = new URL('../client/.vite/licenses.json', import.meta.url)

let licences: Promise<PackageLicence[] | null> | undefined

/** The browser build's licences, read once; null where there is no build (the development server). */
export function browserLicences(): Promise<PackageLicence[] | null> {
	licences ??= readFile(LICENCES_FILE, 'utf8')
		.then((text) => parseLicences(JSON.parse(text)))
		.catch(() => null)
	return licences
}
