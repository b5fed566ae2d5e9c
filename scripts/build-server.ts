/**
 * The portal's server (server/index.ts and what it imports, the emulator included) built as JavaScript into the
 * app's build, beside React Router's server build: `react-router build` runs it when its own build is done
 * (react-router.config.ts, `buildEnd`). Production starts the built file (ADR 0064): started from its TypeScript
 * sources, Node loads its type stripper (a WebAssembly compiler) and keeps it, with the sources, for the life of the
 * process; ~30 MB of a portal's memory that served no request.
 */
import path from 'node:path'
import { rolldown } from 'rolldown'
import { PORTAL_SERVER_FILE } from '../server/node-flags.ts'

const root = path.resolve(import.meta.dirname, '..')

const isSource = (id: string) => /\.tsx?$/.test(id)

/** Writes `<buildDirectory>/server/portal.js` (and a chunk for the emulator, which is imported only when used). */
export async function buildPortalServer(buildDirectory: string): Promise<void> {
	const bundle = await rolldown({
		input: path.join(root, 'server/index.ts'),
		platform: 'node',
		// Packages stay in node_modules, as in React Router's server build: `npm ci --omit=dev` installs them. The
		// project's own files, by path or by its `#app/…` imports, are bundled: none may be loaded as TypeScript.
		external: (id) => !id.startsWith('.') && !id.startsWith('#') && !path.isAbsolute(id),
	})
	try {
		const { output } = await bundle.write({
			dir: path.join(buildDirectory, path.dirname(PORTAL_SERVER_FILE)),
			format: 'esm',
			entryFileNames: path.basename(PORTAL_SERVER_FILE),
			chunkFileNames: 'portal-[name]-[hash].js',
		})
		// A source left outside the bundle would load the type stripper again, and is not in a release at all.
		const sources = output.flatMap((chunk) => (chunk.type === 'chunk' ? chunk.imports : [])).filter(isSource)
		if (sources.length > 0) throw new Error(`the built server imports sources: ${sources.join(', ')}`)
	} finally {
		await bundle.close()
	}
}
