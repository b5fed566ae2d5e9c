import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

export const test = base.extend<{ javaScript: boolean }>({
	javaScript: async ({ javaScriptEnabled }, use) => {
		await use(javaScriptEnabled !== false)
	},
})

export { expect }

/** Axe finds no serious or critical accessibility problem on the page. */
export async function expectAccessible(page: Page) {
	const results = await new AxeBuilder({ page }).analyze()
	const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
	expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
}

/** A host name that Chromium resolves to this machine and the portal maps to a theme. */
export function themedUrl(theme: 'main' | 'effects' | 'cloud' | 'proav', path: string, baseURL: string | undefined) {
	const url = new URL(path, baseURL)
	url.hostname = `${theme}.localhost`
	return url.toString()
}
