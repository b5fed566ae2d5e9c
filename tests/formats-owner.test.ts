/**
 * Lint keeps formats with their owner (ADR 0044): Intl built anywhere in app/ but app/domain/formats.ts,
 * a toLocale… shortcut, or a locale handed to localeCompare is an error.
 */
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint()

async function messages(code: string, filePath: string): Promise<string[]> {
	const [result] = await eslint.lintText(code, { filePath })
	return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)
}

describe('formats have one owner', () => {
	it.each([
		['app/routes/cloud/example.server.ts', "export const f = new Intl.DateTimeFormat('en').format(new Date())\n"],
		['app/domain/example.ts', "export const f = new Intl.NumberFormat('de-DE').format(1)\n"],
		['app/routes/feed/example.server.ts', 'export const f = new Date().toLocaleDateString()\n'],
		['app/domain/example.ts', "export const f = ['b', 'a'].sort((a, b) => a.localeCompare(b, 'Lt-sr-SP'))\n"],
	])('%s: %s is refused', async (filePath, code) => {
		expect(await messages(code, filePath)).toEqual([expect.stringContaining('app/domain/formats.ts')])
	})

	it('the owner builds them, and a route module keeps its other rule', async () => {
		expect(await messages("export const f = new Intl.ListFormat('en')\n", 'app/domain/formats.ts')).toEqual([])
		expect(
			await messages(
				'export async function action({ request }: { request: Request }) { return request.formData() }\n',
				'app/routes/cloud/example.tsx',
			),
		).toEqual([expect.stringContaining('submittedForm')])
	})
})
