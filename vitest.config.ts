import { defineConfig } from 'vitest/config'

export default defineConfig({
	test: {
		include: [
			'app/**/*.test.{ts,tsx}',
			'server/**/*.test.ts',
			'tests/contract/**/*.test.ts',
			'tests/mocks/**/*.test.ts',
			'scripts/**/*.test.ts',
			// The benchmarks' own arithmetic (what a budget is judged on).
			'bench/**/*.test.ts',
			// The list of every screen, kept in step with the route table (not a journey: tests/e2e holds those).
			'tests/*.test.ts',
		],
		testTimeout: 20_000,
		environment: 'node',
		pool: 'forks',
		reporters: ['default', './tests/vitest-timing-reporter.ts'],
	},
})
