import { describe, expect, it } from 'vitest'
import routes from '../app/routes.ts'
import { SCREENS, SKIPPED } from './e2e/screen-list.ts'

/** The route id of each route, or its file for a resource route (which has none). */
const routeIds = routes.map((r) => r.id ?? r.file.replace(/\.tsx?$/, ''))

describe('the list of every screen (tests/e2e/screen-list.ts)', () => {
	it('opens or skips, with a reason, every route of app/routes.ts', () => {
		const listed = new Set([...SCREENS.map((s) => s.screen), ...SKIPPED.map((s) => s.screen)])
		expect(routeIds.filter((id) => !listed.has(id))).toEqual([])
	})

	it('names only routes that exist, each entry once, and skips none it opens', () => {
		const known = new Set(routeIds)
		expect([...SCREENS, ...SKIPPED].map((s) => s.screen).filter((id) => !known.has(id))).toEqual([])
		const names = SCREENS.map((s) => s.name)
		expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([])
		const opened = new Set(SCREENS.map((s) => s.screen))
		expect(SKIPPED.filter((s) => opened.has(s.screen))).toEqual([])
		for (const { reason } of SKIPPED) expect(reason).not.toBe('')
	})
})
