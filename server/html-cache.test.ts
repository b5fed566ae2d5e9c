import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { htmlCache, joinParts, splitAt, type HtmlCacheDecision } from './html-cache.ts'

/**
 * The cache in front of a stub renderer that counts its renders and puts the response's nonce in its page,
 * as the portal's stack does (nonce, compression, the cache, the page). `?cookie`, `?status` and `?json`
 * make the render set a cookie, answer another status, or answer something other than HTML.
 */
let renders = 0
let server: http.Server
let origin = ''

beforeAll(async () => {
	const app = express()
	app.use((_req, res, next) => {
		res.locals.cspNonce = randomBytes(16).toString('base64')
		res.set('Content-Security-Policy', `script-src 'nonce-${res.locals.cspNonce as string}'`)
		next()
	})
	app.use(compression({ threshold: 0 }))
	app.use(
		htmlCache({
			decide: async ({ url, headers }): Promise<HtmlCacheDecision | null> => {
				if (headers.get('cookie')?.includes('__session')) return null
				const query = new URL(url).searchParams
				return { key: new URL(url).search, country: 'Japan', setCookies: query.has('first') ? ['geo=Japan'] : [] }
			},
		}),
	)
	app.get('/{*path}', (req, res) => {
		renders++
		const nonce = res.locals.cspNonce as string
		const query = new URL(req.originalUrl, 'http://x').searchParams
		if (query.has('cookie')) res.append('Set-Cookie', 'flash=1')
		res.status(Number(query.get('status') ?? 200))
		res.set('Content-Language', 'en')
		if (query.has('json')) res.type('application/json')
		else res.type('text/html; charset=utf-8')
		res.write(`<html><head><script nonce="${nonce}"></script></head>`)
		res.end(`<body data-country="${String(res.locals.regionCountry)}"><script nonce="${nonce}"></script></body></html>`)
	})
	server = http.createServer(app)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

async function get(path: string, headers: Record<string, string> = {}) {
	const response = await fetch(origin + path, { headers })
	const body = await response.text()
	const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
	return { response, body, nonce, cache: response.headers.get('x-cache') }
}

/** A response's headers and its body as sent, not decoded (fetch would unzip it). */
function getRaw(path: string, acceptEncoding: string) {
	return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
		http
			.get(`${origin}${path}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
				const chunks: Buffer[] = []
				res.on('data', (chunk: Buffer) => chunks.push(chunk))
				res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
			})
			.on('error', reject)
	})
}

describe('the rendered-HTML cache', () => {
	it('renders a page once, then answers it with each response’s own nonce in place of the render’s', async () => {
		const before = renders
		const first = await get('/login?a')
		const second = await get('/login?a')
		expect([first.cache, second.cache]).toEqual(['MISS', 'HIT'])
		expect(renders - before).toBe(1)
		expect(second.nonce).not.toBe(first.nonce)
		expect(second.body).toBe(first.body.replaceAll(first.nonce!, second.nonce!))
		expect(second.body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${second.nonce}"`, `nonce="${second.nonce}"`])
		expect(second.response.headers.get('content-language')).toBe('en')
	})

	it('hands the region decided before the cache to the render', async () => {
		expect((await get('/login?region')).body).toContain('data-country="Japan"')
	})

	it('sets the visitor’s own cookies on a miss and a hit, yet keeps the page', async () => {
		const first = await get('/login?first')
		const second = await get('/login?first')
		expect([first.cache, second.cache]).toEqual(['MISS', 'HIT'])
		expect(first.response.headers.getSetCookie()).toEqual(['geo=Japan'])
		expect(second.response.headers.getSetCookie()).toEqual(['geo=Japan'])
	})

	it('never keeps a render that sets a cookie, is not a 200 or is not HTML', async () => {
		for (const query of ['?cookie', '?status=404', '?status=302', '?status=500', '?json']) {
			const before = renders
			const first = await get(`/login${query}`)
			const second = await get(`/login${query}`)
			expect([first.cache, second.cache], query).toEqual(['MISS', 'MISS'])
			expect(renders - before, query).toBe(2)
		}
	})

	it('renders a request the app decides is a visitor’s as usual, with no X-Cache', async () => {
		await get('/login?b')
		const before = renders
		const mine = await get('/login?b', { Cookie: '__session=abc' })
		expect(mine.cache).toBeNull()
		expect(renders - before).toBe(1)
	})

	it('keeps the page, not its compressed form: a hit is compressed with its own nonce', async () => {
		const first = await get('/login?gzip', { 'Accept-Encoding': 'gzip' })
		const raw = await getRaw('/login?gzip', 'gzip')
		expect(first.cache).toBe('MISS')
		expect(raw.headers['x-cache']).toBe('HIT')
		expect(raw.headers['content-encoding']).toBe('gzip')
		const nonce = /'nonce-([^']+)'/.exec(String(raw.headers['content-security-policy']))![1]!
		expect(gunzipSync(raw.body).toString()).toBe(first.body.replaceAll(first.nonce!, nonce))
		// Not compressed for this response: gzip as the cache joins it (no OS named), not as zlib writes it.
		expect(raw.body.subarray(0, 10)).toEqual(Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]))
	})

	it('gives a client that takes no gzip the page as the compressor makes it', async () => {
		await get('/login?brotli')
		const raw = await getRaw('/login?brotli', 'br, gzip;q=0')
		expect(raw.headers['x-cache']).toBe('HIT')
		expect(raw.headers['content-encoding']).toBe('br')
		expect(raw.headers.vary).toContain('Accept-Encoding')
		const nonce = /'nonce-([^']+)'/.exec(String(raw.headers['content-security-policy']))![1]!
		expect(brotliDecompressSync(raw.body).toString()).toContain(`<script nonce="${nonce}">`)
	})
})

describe('cutting a page at its nonce', () => {
	it('puts another nonce wherever the render’s stood', () => {
		const page = Buffer.from('a N b N c')
		expect(joinParts(splitAt(page, 'N'), 'XYZ').toString()).toBe('a XYZ b XYZ c')
		expect(joinParts(splitAt(Buffer.from('none'), 'Q'), 'XYZ').toString()).toBe('none')
		expect(joinParts(splitAt(Buffer.from('NN'), 'N'), 'x').toString()).toBe('xx')
	})
})
