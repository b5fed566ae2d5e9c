import { defineConfig, devices } from '@playwright/test'
import { E2E_RUN_ID, e2eChromiumPath } from './tests/e2e-env.ts'

/**
 * Every journey runs twice: with JavaScript and without. Checks that need no browser (headers, bad
 * bodies, the fuzz: `*.http.spec.ts`) run once. Each worker tests its own portal, the production
 * build on its built-in emulator with a fresh data directory (tests/e2e/worker-portal.ts), so the
 * journeys that move the emulator's clock or inject faults (`*.clock.spec.ts`) run beside the
 * others, each alone on its worker's emulator.
 *
 * Time limits are budgets, not expectations: a journey waits for conditions, and a limit only
 * bounds a journey that hangs. They are set for a machine twice as slow as the one the suite is
 * measured on, with both of its cores busy (issue 25); a longer journey declares its own.
 */
export default defineConfig({
	testDir: 'tests/e2e',
	// Per run id, so two suites on one machine keep their own traces.
	outputDir: `test-results/${E2E_RUN_ID}`,
	fullyParallel: true,
	globalSetup: './tests/e2e/run-setup.ts',
	// After every journey: no line a portal logged holds an address or a UUID unmasked.
	globalTeardown: './tests/e2e/log-check.ts',
	workers: 2,
	retries: process.env.CI ? 1 : 0,
	timeout: 60_000,
	expect: { timeout: 15_000 },
	reporter: process.env.CI
		? [['list'], ['./tests/e2e/timing-reporter.ts']]
		: [
				['list'],
				['./tests/e2e/timing-reporter.ts'],
				['html', { open: 'never', outputFolder: `playwright-report/${E2E_RUN_ID}` }],
			],
	use: {
		launchOptions: {
			executablePath: e2eChromiumPath(),
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		},
		navigationTimeout: 30_000,
		actionTimeout: 15_000,
		// A trace records every page's frames as it goes, which doubled the suite's time (ADR 0072). CI records
		// one when a test is run again after failing; a run here keeps a failing test's, without the frames.
		trace: process.env.CI ? 'on-first-retry' : { mode: 'retain-on-failure', screenshots: false },
	},
	projects: [
		{ name: 'http', testMatch: /\.http\.spec\.ts$/ },
		{
			name: 'js',
			testIgnore: /\.http\.spec\.ts$/,
			use: { ...devices['Desktop Chrome'], javaScriptEnabled: true },
		},
		{
			name: 'no-js',
			testIgnore: /\.http\.spec\.ts$/,
			use: { ...devices['Desktop Chrome'], javaScriptEnabled: false },
		},
	],
})
