import { expect, test } from './fixtures.ts'

/**
 * A page's scripts are fetched after its first paint (ADR 0062, app/ui/scripts-after-first-paint.ts): the
 * browser paints the server's page with the document alone, then fetches the client entry and the route
 * modules and hydrates. Measured by the browser itself (Paint and Resource Timing), on a public page and on a
 * signed-in one with a picture.
 */
for (const { path, signedIn } of [
	{ path: '/login', signedIn: false },
	{ path: '/gear', signedIn: true },
]) {
	test.describe(path, () => {
		test.use({ signedInAs: signedIn ? 'customer' : undefined })
		test(`no script is requested before the first paint, and the page hydrates after it`, async ({
			page,
			javaScript,
		}) => {
			test.skip(!javaScript, 'without JavaScript there are no scripts to order')
			await page.goto(path)
			await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
			const timing = await page.evaluate(() => ({
				// When the browser painted (`paintTime`), not when the screen showed it (`startTime`, later).
				firstPaint:
					(performance.getEntriesByName('first-paint')[0] as { paintTime?: number } | undefined)?.paintTime ?? null,
				scripts: performance
					.getEntriesByType('resource')
					.filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
					.map((entry) => ({ url: new URL(entry.name).pathname, startTime: entry.startTime })),
			}))
			expect(timing.firstPaint).not.toBeNull()
			expect(timing.scripts.map((s) => s.url)).toEqual(expect.arrayContaining([expect.stringMatching(/entry\.client/)]))
			for (const script of timing.scripts)
				expect(script.startTime, `${script.url} requested before the first paint`).toBeGreaterThanOrEqual(
					timing.firstPaint!,
				)
		})
	})
}
