import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { PORTAL_NODE_FLAGS } from './node-flags.ts'

/**
 * A process allocating as a portal under load does (objects that live a while, then die), answering the size its
 * young generation grew to, in MB.
 */
function youngGenerationMb(flags: readonly string[]): number {
	const script = `
		const v8 = require('node:v8')
		const kept = []
		for (let i = 0; i < 3e6; i++) {
			kept.push({ i, text: 'request ' + i })
			if (kept.length > 200000) kept.splice(0, 100000)
		}
		const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')
		process.stdout.write(String(space.space_size / 1048576))
	`
	return Number(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' }))
}

describe('the portal’s V8 flags (ADR 0055)', () => {
	it('keep the young generation within two 16 MB semi-spaces, whatever the host’s memory', () => {
		// V8's default on a host with a few GB (this one's CI runners included) is 64 MB semi-spaces: 128 MB.
		expect(youngGenerationMb(PORTAL_NODE_FLAGS)).toBeLessThanOrEqual(32)
	})
})
