import { defineConfig, devices } from '@playwright/test'
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_LOG_FILE, E2E_PORT, chromiumPath } from './tests/e2e-env.ts'

/**
 * Every journey runs twice: with JavaScript and without. The portal is the
 * production build on its built-in emulator, with a fresh data directory.
 */
export default defineConfig({
	testDir: 'tests/e2e',
	// Per port, so two suites on one machine keep their own traces.
	outputDir: `test-results/${E2E_PORT}`,
	fullyParallel: true,
	// After every journey: no line the portal logged holds an address or a UUID unmasked.
	globalTeardown: './tests/e2e/log-check.ts',
	workers: 2,
	retries: process.env.CI ? 1 : 0,
	reporter: process.env.CI
		? [['list']]
		: [['list'], ['html', { open: 'never', outputFolder: `playwright-report/${E2E_PORT}` }]],
	use: {
		baseURL: E2E_BASE_URL,
		launchOptions: {
			executablePath: chromiumPath(),
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
		trace: 'retain-on-failure',
	},
	projects: [
		{ name: 'js', testIgnore: /\.clock\.spec\.ts$/, use: { ...devices['Desktop Chrome'], javaScriptEnabled: true } },
		{
			name: 'no-js',
			testIgnore: /\.clock\.spec\.ts$/,
			use: { ...devices['Desktop Chrome'], javaScriptEnabled: false },
		},
		// Journeys that move the emulator's clock or shorten its token lifetimes change the world for
		// every test (moved clock, short tokens, injected faults), and those that count every call the
		// emulator answers need it to themselves: they run after the others, one at a time.
		{
			name: 'clock-js',
			testMatch: /\.clock\.spec\.ts$/,
			dependencies: ['js', 'no-js'],
			workers: 1,
			use: { ...devices['Desktop Chrome'], javaScriptEnabled: true },
		},
		{
			name: 'clock-no-js',
			testMatch: /\.clock\.spec\.ts$/,
			dependencies: ['clock-js'],
			workers: 1,
			use: { ...devices['Desktop Chrome'], javaScriptEnabled: false },
		},
	],
	webServer: {
		command: 'node scripts/e2e-server.ts',
		url: `${E2E_BASE_URL}/healthz`,
		reuseExistingServer: false,
		timeout: 60_000,
		env: {
			NODE_ENV: 'production',
			PORT: String(E2E_PORT),
			DATA_DIR: E2E_DATA_DIR,
			PORTAL_LOG_FILE: E2E_LOG_FILE,
			// The stage's analytics script, from another origin (tests/e2e/analytics-script.spec.ts).
			ANALYTICS_SCRIPT_URL: `http://analytics.localhost:${E2E_PORT}/_emulator/log/analytics.js`,
			THEME_BY_HOST: 'main.localhost=main,effects.localhost=effects,cloud.localhost=cloud,proav.localhost=proav',
			SESSION_SECRET: 'e2e-session-secret-of-enough-length',
			// The embedded memberships' framing page (tests/e2e/cloud-memberships-embedded.spec.ts).
			CLOUD_EMBED_ORIGINS: `http://brand.localhost:${E2E_PORT}`,
			// The shops' service-worker handoff (tests/e2e/shop-handoff.spec.ts): a shop served by a route.
			SHOP_ORIGINS: 'https://shop.localhost',
			// The China rule is tested with a forwarded address from loopback.
			TRUST_PROXY: 'loopback',
		},
	},
})
