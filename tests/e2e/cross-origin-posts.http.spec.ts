/**
 * Cross-origin posts (issue 23, ADR 0054): every route of `app/routes.ts` whose module has an action,
 * posted to with a victim's session cookie from another site (Origin `https://evil.example`, Origin
 * `null`, and no Origin with `Sec-Fetch-Site: cross-site`), is refused 403, and refused before its
 * body is read: each request announces 16 KB (within the form limit) and sends none, so an answer can only come from a
 * check that never waited for the body.
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import routes from '../../app/routes.ts'
import { visitorAddress } from './emulator.ts'
import { expect, test } from './fixtures.ts'
import { SAMPLES } from './screen-list.ts'

const ACTION = /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b/

/** A concrete path for a route's pattern: the refusal comes before routing, so any sample will do. */
function samplePath(pattern: string): string {
	const filled = pattern
		.split('/')
		.filter((part) => !part.endsWith('?'))
		.map((part) => {
			if (!part.startsWith(':')) return part
			if (part === ':subscriptionId') return SAMPLES.subscriptionId
			if (part === ':slug') return SAMPLES.productSlug
			if (part === ':articleId') return SAMPLES.faqArticleId
			if (part === ':file') return 'common.json'
			return '6f1c2a7e-0000-4000-8000-000000000001'
		})
		.join('/')
	return `/${filled}`
}

function actionRoutes(): { id: string; path: string }[] {
	return routes
		.filter((r) => ACTION.test(readFileSync(path.join('app', r.file), 'utf8')))
		.map((r) => ({ id: r.id ?? r.file, path: r.index ? '/' : samplePath(r.path ?? '') }))
		.filter((r) => r.path !== '/*')
}

/**
 * Sends the head of a post that announces `Content-Length: 16 KB` and never sends the body. Answers the
 * status, or 'waited' when no answer came within `ms` (the server was reading the body).
 */
function postWithoutBody(url: string, headers: Record<string, string>, ms = 2_000): Promise<number | 'waited'> {
	return new Promise((resolve, reject) => {
		const request = http.request(url, {
			method: 'POST',
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				'Content-Length': String(16 * 1024),
				'X-Forwarded-For': visitorAddress(),
				...headers,
			},
		})
		const timer = setTimeout(() => {
			request.destroy()
			resolve('waited')
		}, ms)
		request.on('response', (response) => {
			clearTimeout(timer)
			response.resume()
			request.destroy()
			resolve(response.statusCode ?? 0)
		})
		request.on('error', (error) => {
			if (!request.destroyed) reject(error)
		})
		request.flushHeaders()
	})
}

test('every action refuses a post from another site before reading its body', async ({ baseURL, demoSessions }) => {
	// Each post that is not refused waits out its time: on a portal that accepts them, that is minutes.
	test.setTimeout(150_000)
	const own = new URL(baseURL!).origin
	const cookie = (await demoSessions('customer')).cookies.map((c) => `${c.name}=${c.value}`).join('; ')
	const targets = actionRoutes()
	expect(targets.length, 'the route table has actions').toBeGreaterThan(20)

	// The control: from our own origin the same head waits for the body, so "answered" means "refused unread".
	expect(await postWithoutBody(`${own}/preferences`, { Origin: own, Cookie: cookie }, 1_000)).toBe('waited')

	const attacks: Record<string, Record<string, string>> = {
		'Origin: https://evil.example': { Origin: 'https://evil.example' },
		'Origin: null': { Origin: 'null' },
		'no Origin, Sec-Fetch-Site: cross-site': { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
	}
	const accepted: string[] = []
	let tried = 0
	for (const route of targets) {
		for (const [name, headers] of Object.entries(attacks)) {
			tried++
			const status = await postWithoutBody(`${own}${route.path}`, { ...headers, Cookie: cookie })
			if (status !== 403) accepted.push(`${route.id} ${route.path} (${name}): ${status}`)
		}
	}
	console.log(
		`cross-origin posts: ${targets.length} actions × ${Object.keys(attacks).length} = ${tried} tried, ${accepted.length} accepted`,
	)
	expect(accepted).toEqual([])
})
