/**
 * `npm run screens [-- --theme=cloud --culture=ja-JP --out=DIR --only=TEXT]`: a screenshot of every
 * screen of the route table (tests/e2e/screen-list.ts), signed in where it needs to be, at 360 and
 * 1280 px wide (whole page), in one theme and culture, into DIR (default `screens/`), with an
 * `index.html` showing each screen's two shots side by side (issue 21).
 *
 * It builds, then starts a portal on its built-in emulator as each end-to-end worker does
 * (tests/e2e/worker-portal.ts, a fresh data directory of its own), and drives the Chromium the suite
 * uses (playwright.config.ts), so what it shows is what the journeys test.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, request, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test'
import { isThemeName } from '../app/domain/theme.ts'
import playwrightConfig from '../playwright.config.ts'
import type { DemoSignIn } from '../tests/e2e/demo-accounts.ts'
import {
	cookiesForEveryHost,
	demoSessionCookies,
	findRegisteredProductId,
	SCREEN_THEMES,
	SCREENS,
	SKIPPED,
	screenUrl,
	type ScreenTheme,
	type ScreenVisit,
} from '../tests/e2e/screen-list.ts'
import { startWorkerPortal } from '../tests/e2e/worker-portal.ts'
import { ensureChromium } from './ensure-chromium.ts'
import { run } from './run.ts'

const { values: options } = parseArgs({
	options: {
		theme: { type: 'string', default: 'dw' },
		culture: { type: 'string', default: 'en-US' },
		out: { type: 'string', default: 'screens' },
		only: { type: 'string' },
		'no-build': { type: 'boolean', default: false },
	},
})
const theme = options.theme.toLowerCase()
if (!isThemeName(theme)) {
	console.error(`✗ --theme=${options.theme}: not a theme of app/domain/theme.ts`)
	process.exit(2)
}
if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(options.culture)) {
	console.error(`✗ --culture=${options.culture}: a culture code such as en-US or ja-JP`)
	process.exit(2)
}
const culture = options.culture
const outDir = path.resolve(options.out)
const visits = SCREENS.filter((visit) => !options.only || visit.name.includes(options.only))

/** A theme a host chooses is reached by that host; any other (the drums') by `?theme=`, kept in a cookie. */
const hostTheme: ScreenTheme = (SCREEN_THEMES as readonly string[]).includes(theme) ? (theme as ScreenTheme) : 'dw'

const WIDTHS = {
	360: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
	1280: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
} as const satisfies Record<number, BrowserContextOptions>
type Width = keyof typeof WIDTHS

interface Shot {
	visit: ScreenVisit
	url: string
	landed: Record<Width, string>
	status: Record<Width, number | undefined>
	files: Record<Width, string>
}

const fileName = (index: number, visit: ScreenVisit, width: Width) =>
	`${String(index + 1).padStart(2, '0')}-${visit.name.replace(/[^A-Za-z0-9_-]+/g, '_')}-${width}.png`

async function shoot(
	browser: Browser,
	baseURL: string,
	who: DemoSignIn | undefined,
	cookies: Awaited<ReturnType<typeof demoSessionCookies>>,
	mine: { visit: ScreenVisit; index: number }[],
	shots: Map<number, Shot>,
) {
	for (const width of Object.keys(WIDTHS).map(Number) as Width[]) {
		const context: BrowserContext = await browser.newContext({ ...WIDTHS[width], locale: culture })
		await context.addCookies(cookiesForEveryHost(cookies))
		const page = await context.newPage()
		// The culture (and a drum theme) chosen once for the host, as a link with them would: kept in cookies.
		const start = new URL(screenUrl({ path: '/tools' }, hostTheme, baseURL, { registeredProductId: '' }))
		start.searchParams.set('culture_code', culture)
		if (theme !== hostTheme) start.searchParams.set('theme', theme)
		await page.goto(start.toString())
		const registeredProductId = who === 'customer' ? await findRegisteredProductId(page, baseURL) : 'none'
		for (const { visit, index } of mine) {
			const url = screenUrl(visit, hostTheme, baseURL, { registeredProductId })
			const response = await page.goto(url)
			const file = fileName(index, visit, width)
			await page.screenshot({ path: path.join(outDir, file), fullPage: true, animations: 'disabled' })
			const shot = shots.get(index) ?? {
				visit,
				url,
				landed: {} as Shot['landed'],
				status: {} as Shot['status'],
				files: {} as Shot['files'],
			}
			const landed = new URL(page.url())
			shot.landed[width] = landed.pathname + landed.search
			shot.status[width] = response?.status()
			shot.files[width] = file
			shots.set(index, shot)
			console.log(`  ${width} px  ${visit.name}${who ? ` (${who})` : ''}`)
		}
		await context.close()
	}
}

const escape = (text: string) =>
	text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

function indexPage(shots: Shot[], baseURL: string): string {
	const rows = shots.map(({ visit, url, landed, status, files }) => {
		const path = new URL(url).pathname + new URL(url).search
		const moved = landed[360] !== path ? `<p class="moved">landed on ${escape(landed[360] ?? '?')}</p>` : ''
		return `<section>
<h2>${escape(visit.name)} <small>${escape(visit.account ? `signed in as the demo ${visit.account}` : 'a visitor')} · HTTP ${status[360] ?? '?'}</small></h2>
<p><a href="${escape(url)}">${escape(path)}</a></p>${moved}${visit.note ? `<p class="note">${escape(visit.note)}</p>` : ''}
<div class="pair"><figure><figcaption>360 px</figcaption><a href="${files[360]}"><img src="${files[360]}" width="360" alt="${escape(visit.name)} at 360 px"></a></figure>
<figure><figcaption>1280 px</figcaption><a href="${files[1280]}"><img src="${files[1280]}" width="640" alt="${escape(visit.name)} at 1280 px"></a></figure></div>
</section>`
	})
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Every screen · ${escape(theme)} · ${escape(culture)}</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 1rem; }
section { border-top: 1px solid #ccc; padding: 0.5rem 0 1rem; }
h2 { font-size: 1.1rem; margin: 0.25rem 0; } small { font-weight: normal; color: #555; }
.pair { display: flex; gap: 1rem; align-items: flex-start; }
figure { margin: 0; } figcaption { color: #555; } img { border: 1px solid #ccc; height: auto; }
.moved, .note { color: #8a4b00; margin: 0.25rem 0; }
</style></head><body>
<h1>Every screen of the route table</h1>
<p>Theme <b>${escape(theme)}</b>, culture <b>${escape(culture)}</b>, ${shots.length} screens, on the built-in emulator (${escape(baseURL)}, stopped since), ${new Date().toISOString()}.
Not shown (no page of their own): ${SKIPPED.map((s) => `${escape(s.screen)} (${escape(s.reason)})`).join('; ')}.</p>
${rows.join('\n')}
</body></html>
`
}

ensureChromium()
if (!options['no-build']) run('npx', ['react-router', 'build'])
rmSync(outDir, { recursive: true, force: true })
mkdirSync(outDir, { recursive: true })

// Its own data directory, emptied each run, apart from any test run's.
const runDir = path.join(os.tmpdir(), 'portal-screens')
rmSync(runDir, { recursive: true, force: true })
const portal = await startWorkerPortal(0, runDir)
const browser = await chromium.launch(playwrightConfig.use?.launchOptions)
try {
	console.log(`${visits.length} screens, theme ${theme}, culture ${culture}, on ${portal.url}`)
	const shots = new Map<number, Shot>()
	const groups: (DemoSignIn | undefined)[] = [undefined, 'customer', 'cloudMember', 'staff']
	for (const who of groups) {
		const mine = visits.map((visit, index) => ({ visit, index })).filter(({ visit }) => visit.account === who)
		if (mine.length === 0) continue
		let cookies: Awaited<ReturnType<typeof demoSessionCookies>> = []
		if (who) {
			const api = await request.newContext({ baseURL: portal.url })
			cookies = await demoSessionCookies(api, who)
			await api.dispose()
		}
		await shoot(browser, portal.url, who, cookies, mine, shots)
	}
	const ordered = [...shots.entries()].sort(([a], [b]) => a - b).map(([, shot]) => shot)
	writeFileSync(path.join(outDir, 'index.html'), indexPage(ordered, portal.url))
	console.log(`\n${ordered.length} screens × 2 widths in ${path.relative(process.cwd(), outDir) || '.'}/index.html`)
} finally {
	await browser.close()
	await portal.stop()
}
