import { describe, expect, it } from 'vitest'
import { actionModules, actionRoutes, intentsInSource } from './e2e/action-fuzz-targets.ts'

describe('the action fuzz’s targets (tests/e2e/action-fuzz-targets.ts, ADR 0051)', () => {
	it('are every route of app/routes.ts whose module has an action, each with URLs to post to', () => {
		const targets = actionRoutes()
		const fuzzed = new Set(targets.map((route) => route.file))
		expect(actionModules().filter((file) => !fuzzed.has(file))).toEqual([])
		for (const route of targets) expect(route.urls.length, route.name).toBeGreaterThan(0)
	})

	it('know the intents a module and the modules it imports name', () => {
		const intentsOf = (name: string) => actionRoutes().find((route) => route.name === name)?.intents
		expect(intentsOf('Register')).toEqual(expect.arrayContaining(['create', 'previous', 'verify']))
		// From app/domain/region-language-form.ts (a `…_INTENTS` list) and a template with an index.
		expect(intentsOf('AccountSettings')).toEqual(
			expect.arrayContaining(['clearCache', 'saveRegionLanguage', 'everywhere', 'remove-phone:0']),
		)
		expect(intentsOf('AccountDetails')).toEqual(expect.arrayContaining(['resubscribe', 'payment-information']))
	})

	it('reads intents in the shapes the code writes them', () => {
		const source = `
			<SubmitButton name="intent" value="save">
			<SubmitButton name="intent" value={last ? 'send' : 'next'}>
			if (form.get('intent') === 'skip') {}
			z.object({ intent: z.literal('resubscribe') })
			z.object({ intent: z.enum(['trial', 'buy']) })
			export const SETTINGS_INTENTS = ['region', 'clearCache'] as const`
		expect(intentsInSource(source).sort()).toEqual(
			['buy', 'clearCache', 'next', 'region', 'resubscribe', 'save', 'send', 'skip', 'trial'].sort(),
		)
	})
})
