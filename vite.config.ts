import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

/** The commit count and short hash of the checkout being built, or null outside a git checkout. */
function gitBuild(): { number: string; commit: string } | null {
	try {
		const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim()
		return { number: git('rev-list', '--count', 'HEAD'), commit: git('rev-parse', '--short', 'HEAD') }
	} catch {
		return null
	}
}

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
const build = gitBuild()

/** The packages of the browser build that every page loads: React, React DOM and React Router. */
const FRAMEWORK_MODULES = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/

export default defineConfig({
	plugins: [reactRouter()],
	environments: {
		client: {
			build: {
				rolldownOptions: {
					output: {
						// React Router's own naming of the browser's files (its default, which this option replaces).
						entryFileNames: 'assets/[name]-[hash].js',
						// React and React Router as one file (ADR 0069): every page loads all of them, and one
						// file compresses 2.1 KB smaller than the four that automatic splitting made of them.
						codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK_MODULES }] },
					},
				},
			},
		},
	},
	build: {
		assetsInlineLimit: 0,
		// The licences of what each build bundles, as data: the About screen lists the browser build's.
		license: { fileName: '.vite/licenses.json' },
	},
	// What the About screen shows: the portal's version and this build's number (BUILD_NUMBER when a
	// pipeline numbers its builds, else the commit count).
	define: {
		__PORTAL_BUILD__: JSON.stringify({
			version,
			number: process.env.BUILD_NUMBER ?? build?.number ?? 'dev',
			commit: build?.commit ?? null,
		}),
	},
})
