import { describe, expect, it } from 'vitest'
import { sessionVerdict } from './session-lifetime.ts'

describe('sessionVerdict', () => {
	const lifetimes = { idleSeconds: 1800, absoluteSeconds: 12 * 3600 }
	const t0 = Date.UTC(2026, 10, 28, 9)
	const minutes = (n: number) => n * 60_000

	it('keeps a session used within the idle time, noting it seen no more than every 90 s', () => {
		expect(sessionVerdict({ signedInAt: t0, seenAt: t0 }, t0 + 1000, lifetimes)).toBe('fresh')
		expect(sessionVerdict({ signedInAt: t0, seenAt: t0 }, t0 + 90_000, lifetimes)).toBe('touch')
		expect(sessionVerdict({ signedInAt: t0, seenAt: t0 }, t0 + minutes(29), lifetimes)).toBe('touch')
	})

	it('ends a session idle for the idle time', () => {
		expect(sessionVerdict({ signedInAt: t0, seenAt: t0 }, t0 + minutes(30), lifetimes)).toBe('ended')
	})

	it('ends a busy session at the absolute time', () => {
		const busy = { signedInAt: t0, seenAt: t0 + minutes(12 * 60 - 1) }
		expect(sessionVerdict(busy, t0 + minutes(12 * 60 - 1), lifetimes)).toBe('fresh')
		expect(sessionVerdict(busy, t0 + minutes(12 * 60), lifetimes)).toBe('ended')
	})
})
