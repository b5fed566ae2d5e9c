import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { keyReport, matchesPattern, PRESERVE_PATTERNS } from './i18n-keys.ts'

describe('the keys the code uses (i18next-cli) against the English catalogue', () => {
	it('every key the code uses is in English, and English has no key the code never uses', async () => {
		const started = performance.now()
		const report = await keyReport()
		expect(report.missingInEnglish, 'used by the code, missing in English').toEqual([])
		expect(report.unusedInEnglish, 'in English, never used (remove it, or name where it is built)').toEqual([])
		expect(report.stalePatterns, 'preserve patterns that keep no key').toEqual([])
		expect(report.found).toBeGreaterThan(800)
		console.log(`${report.found} keys in ${Math.round(performance.now() - started)} ms`)
	})

	describe('on code written for the test', () => {
		const root = mkdtempSync(path.join(tmpdir(), 'i18n-keys-'))
		afterAll(() => rmSync(root, { recursive: true, force: true }))
		mkdirSync(path.join(root, 'app'), { recursive: true })
		writeFileSync(
			path.join(root, 'app', 'page.tsx'),
			[
				"import { useT } from '#app/ui/i18n.tsx'",
				"const MESSAGES = { required: 'validation.emailRequired', typo: 'validation.emailRequird' } as const",
				"export const refused = { error: 'validaton.emailRequired', label: 'not.aKey' }",
				'export function Page({ n }: { n: number }) {',
				'	const t = useT()',
				"	return <p>{t('app.noSuchText')} {t('cloudAccount.home.days', { count: n })} {t(MESSAGES.required)}</p>",
				'}',
			].join('\n'),
		)
		writeFileSync(path.join(root, 'app', 'page.test.tsx'), "t('app.onlyInATest')\n")

		it('finds a key in a call, a plural by its base, and a key named outside any call', async () => {
			const report = await keyReport(root)
			// A misspelt section is caught where only a key can stand (an error, a message).
			expect(report.missingInEnglish).toEqual(['app.noSuchText', 'validation.emailRequird', 'validaton.emailRequired'])
			expect(report.unusedInEnglish).not.toContain('cloudAccount.home.days')
			expect(report.unusedInEnglish).not.toContain('validation.emailRequired')
			// Everything else English has is unused in this tree; tests are not the code.
			expect(report.unusedInEnglish).toContain('app.skipToContent')
			expect(report.missingInEnglish).not.toContain('app.onlyInATest')
		})
	})

	it('reads a preserve pattern as i18next-cli does', () => {
		expect(matchesPattern('cloudAccount.status.Trial', 'cloudAccount.status.*')).toBe(true)
		expect(matchesPattern('cloudAccount.statusX', 'cloudAccount.status.*')).toBe(false)
		expect(PRESERVE_PATTERNS).toContain('screen.*')
	})
})
