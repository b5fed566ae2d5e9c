import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The architecture's arrows (README, "Architecture in brief"; ADR 0043) as `npm run lint` checks them:
 * each case lints one import as if it were written in a file of the project, and expects the rule to
 * refuse it, or to let it through.
 */
const root = path.resolve(import.meta.dirname, '../..')
// import/no-cycle reads the imported files from disk, and these sources are not on it.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import/no-cycle': 'off' } } })

async function refusals(file: string, source: string): Promise<string[]> {
	const [result] = await eslint.lintText(`${source}\nexport const used = x\n`, { filePath: path.join(root, file) })
	return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('the import arrows lint checks', () => {
	it.each([
		['a library in domain', 'app/domain/new-rule.ts', "import x from 'jose'"],
		['the upstream in domain', 'app/domain/new-rule.ts', "import { x } from '#app/upstream/contract/cloud.ts'"],
		['the framework in domain', 'app/domain/new-rule.ts', "import { x } from 'react-router'"],
		['a parent folder from domain', 'app/domain/new-rule.ts', "import { x } from '../session/auth.server.ts'"],
		['an upstream client in ui', 'app/ui/new-view.tsx', "import { x } from '#app/upstream/cloud.server.ts'"],
		['the session in ui', 'app/ui/new-view.tsx', "import { x } from '../session/auth.server.ts'"],
		['a service in ui', 'app/ui/new-view.tsx', "import { x } from '#app/services/interests.server.ts'"],
		['another area’s route', 'app/routes/cloud/new.tsx', "import { x } from '#app/routes/gear/gear-list.server.ts'"],
		['another area’s route, relatively', 'app/routes/cloud/new.tsx', "import { x } from '../gear/my-gear.tsx'"],
		['a route module in root', 'app/root.tsx', "import { x } from './routes/visit/maintenance.tsx'"],
		[
			'a route module in maintenance',
			'app/maintenance/new.server.ts',
			"import { x } from '#app/routes/visit/tools.tsx'",
		],
		['server/ in app', 'app/session/new.server.ts', "import { x } from '#server/logger.ts'"],
		[
			'a portal rule in the emulator',
			'server/emulator/account/new.ts',
			"import { x } from '#app/domain/ticket-tags.ts'",
		],
		[
			'a portal rule in the emulator, relatively',
			'server/emulator/account/new.ts',
			"import { x } from '../../../app/domain/account-forms.ts'",
		],
		['the portal’s settings in the emulator', 'server/emulator/new.ts', "import { x } from '#app/env.server.ts'"],
	])('refuses %s', async (_, file, source) => {
		expect(await refusals(file, source)).toHaveLength(1)
	})

	it.each([
		[
			'zod and another rule in domain',
			'app/domain/new-rule.ts',
			"import { z as x } from 'zod'\nimport { y } from './culture.ts'\nx(y)",
		],
		['domain in ui', 'app/ui/new-view.tsx', "import { x } from '#app/domain/culture.ts'"],
		['its own area in a route', 'app/routes/cloud/new.tsx', "import { x } from './memberships.server.ts'"],
		['services in a route', 'app/routes/cloud/new.tsx', "import { x } from '#app/services/interests.server.ts'"],
		['the contract in the emulator', 'server/emulator/new.ts', "import { x } from '#app/upstream/contract/cloud.ts'"],
	])('lets %s through', async (_, file, source) => {
		expect(await refusals(file, source)).toEqual([])
	})
})

describe('settings read beside app/env.server.ts', () => {
	const readsEnv = async (file: string) => {
		const source = 'export const level = process.env.LOG_LEVEL\n'
		const [result] = await eslint.lintText(source, { filePath: path.join(root, file) })
		return result!.messages.filter((m) => m.ruleId === 'no-restricted-properties').length
	}

	it.each(['app/session/new.server.ts', 'app/routes/cloud/new.tsx', 'server/new.ts'])(
		'are refused in %s',
		async (file) => {
			expect(await readsEnv(file)).toBe(1)
		},
	)

	it.each(['app/env.server.ts', 'server/emulator/new.ts'])('are let through in %s', async (file) => {
		expect(await readsEnv(file)).toBe(0)
	})
})
