import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PORTAL_GLIBC_TUNABLES, PORTAL_NODE_FLAGS, portalProcessEnvironment } from './node-flags.ts'

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

/** The heap budget V8 takes with these flags, in MB. */
function heapLimitMb(flags: readonly string[]): number {
	const script = `process.stdout.write(String(require('node:v8').getHeapStatistics().heap_size_limit / 1048576))`
	return Number(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' }))
}

describe('the portal’s V8 flags (ADR 0055, ADR 0065, ADR 0066)', () => {
	it('keep the young generation within two 8 MB semi-spaces, whatever the host’s memory', () => {
		// V8's default on a host with a few GB (this one's CI runners included) is 64 MB semi-spaces: 128 MB.
		expect(youngGenerationMb(PORTAL_NODE_FLAGS)).toBeLessThanOrEqual(16)
	})

	it('give V8 a heap budget of about 1 GB, which its collections are sized by, whatever the host’s memory', () => {
		// Left alone, V8 takes its budget from the host: ~4 GB on a 16–24 GB machine.
		const limit = heapLimitMb(PORTAL_NODE_FLAGS)
		expect(limit).toBeGreaterThanOrEqual(1024)
		expect(limit).toBeLessThanOrEqual(1024 + 64)
	})
})

/** glibc's dynamic loader, which reads GLIBC_TUNABLES (absent where the C library is another). */
const LOADER = '/lib64/ld-linux-x86-64.so.2'

describe('the portal’s allocator settings (ADR 0063)', () => {
	it.skipIf(!existsSync(LOADER))('are understood by this glibc: two arenas, 64 KB thresholds', () => {
		const tunables = execFileSync(LOADER, ['--list-tunables'], {
			encoding: 'utf8',
			env: { GLIBC_TUNABLES: PORTAL_GLIBC_TUNABLES },
		})
		expect(tunables).toMatch(/^glibc\.malloc\.arena_max: 0x2 /m)
		expect(tunables).toMatch(/^glibc\.malloc\.mmap_threshold: 0x10000 /m)
		expect(tunables).toMatch(/^glibc\.malloc\.trim_threshold: 0x10000 /m)
	})

	it('are given unless the environment chose its own, an empty value included', () => {
		expect(portalProcessEnvironment({})).toEqual({ GLIBC_TUNABLES: PORTAL_GLIBC_TUNABLES })
		expect(portalProcessEnvironment({ GLIBC_TUNABLES: '' })).toEqual({ GLIBC_TUNABLES: '' })
	})
})
