import { gzipSync } from 'node:zlib'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { server } from '#tests/mocks/server.ts'
import { BASE_URLS } from '#tests/mocks/upstreams.ts'
import { MAX_PICTURE_BYTES } from '../domain/pictures.ts'
import { answerPicture, clearPictures, pictureSrc } from './pictures.server.ts'

const THUMBNAIL = 'https://i.ytimg.com/vi/abc/mqdefault.jpg'
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])

/** The host answers `url` with `reply`; every request it got is kept. */
function host(url: string, reply: () => Response) {
	const received: Request[] = []
	server.use(
		http.get(url, ({ request }) => {
			received.push(request)
			return reply()
		}),
	)
	return received
}

/** The route's query for a picture address, as a loader names it. */
function routeQuery(url: string): URLSearchParams {
	const src = pictureSrc(url)
	if (!src) throw new Error(`${url} was given no address`)
	expect(src.startsWith('/img?')).toBe(true)
	return new URLSearchParams(src.slice('/img?'.length))
}

afterEach(() => clearPictures())

describe('pictureSrc: the address a page shows an upstream picture by', () => {
	it('is the portal’s own, signed, for a picture on the allow-list; none for any other', () => {
		expect(routeQuery(THUMBNAIL).get('u')).toBe(THUMBNAIL)
		expect(routeQuery(THUMBNAIL).get('s')).toMatch(/^[\w-]{32}$/)
		// The upstreams' own base URLs are on the list (here msw's hosts).
		expect(pictureSrc(`${BASE_URLS.public}productImages/fp-30x/main.svg`)).toMatch(/^\/img\?/)
		expect(pictureSrc('https://evil.example/a.jpg')).toBeNull()
		expect(pictureSrc('http://i.ytimg.com/vi/abc/mqdefault.jpg')).toBeNull()
		expect(pictureSrc(null)).toBeNull()
	})
})

describe('answerPicture: the picture route', () => {
	it('hands on a picture from an allowed host, fetched once without cookies, with a day of browser cache', async () => {
		const received = host(THUMBNAIL, () => new HttpResponse(JPEG, { headers: { 'Content-Type': 'image/jpeg' } }))
		const first = await answerPicture(routeQuery(THUMBNAIL))
		const second = await answerPicture(routeQuery(THUMBNAIL))
		expect(first.status).toBe(200)
		expect(first.headers).toMatchObject({ 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=86400' })
		expect(Buffer.compare(first.body as Buffer, JPEG)).toBe(0)
		expect(second.status).toBe(200)
		expect(received).toHaveLength(1)
		expect(received[0]!.headers.get('cookie')).toBeNull()
		expect(received[0]!.headers.get('authorization')).toBeNull()
		expect(received[0]!.headers.get('accept')).toMatch(/^image\//)
	})

	it('asks the host once for many pages that want the same picture at once', async () => {
		const received = host(THUMBNAIL, () => new HttpResponse(JPEG, { headers: { 'Content-Type': 'image/jpeg' } }))
		const answers = await Promise.all([1, 2, 3, 4].map(() => answerPicture(routeQuery(THUMBNAIL))))
		expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
		expect(received).toHaveLength(1)
	})

	it('refuses a host not on the allow-list, even signed by the portal’s secret, asking it nothing', async () => {
		const query = routeQuery(THUMBNAIL)
		query.set('u', 'https://evil.example/a.jpg')
		const answer = await answerPicture(query)
		expect(answer.status).toBe(403)
		expect(answer.headers['Cache-Control']).toBe('no-store')
		expect(String(answer.body)).toMatch(/upstreams' own hosts/)
	})

	it('refuses an allowed address the portal did not sign, or a request without one (4xx, asking nothing)', async () => {
		const forged = new URLSearchParams({ u: THUMBNAIL, s: 'A'.repeat(32) })
		expect((await answerPicture(forged)).status).toBe(403)
		const other = routeQuery(THUMBNAIL)
		other.set('u', 'https://i.ytimg.com/vi/other/mqdefault.jpg')
		expect((await answerPicture(other)).status).toBe(403)
		expect((await answerPicture(new URLSearchParams({ u: THUMBNAIL }))).status).toBe(400)
		expect((await answerPicture(new URLSearchParams())).status).toBe(400)
	})

	it.each([
		['HTML', 'text/html; charset=utf-8', '<script>alert(1)</script>'],
		['JSON', 'application/json', '{"secret":1}'],
		['no type', '', 'GIF89a'],
	])('refuses an answer that is not a picture (%s), and keeps nothing', async (_what, type, body) => {
		const received = host(THUMBNAIL, () => new HttpResponse(body, { headers: type ? { 'Content-Type': type } : {} }))
		const answer = await answerPicture(routeQuery(THUMBNAIL))
		expect(answer.status).toBe(502)
		expect(answer.headers['Content-Type']).toBe('text/plain; charset=utf-8')
		expect(String(answer.body)).not.toContain(body)
		await answerPicture(routeQuery(THUMBNAIL))
		expect(received).toHaveLength(2)
	})

	it('refuses a picture larger than the limit, whether its length is told or not', async () => {
		const big = Buffer.alloc(MAX_PICTURE_BYTES + 1)
		host(THUMBNAIL, () => new HttpResponse(big, { headers: { 'Content-Type': 'image/jpeg' } }))
		expect(await answerPicture(routeQuery(THUMBNAIL))).toMatchObject({ status: 502, body: /too large/ })

		const streamed = 'https://i.ytimg.com/vi/streamed/mqdefault.jpg'
		host(
			streamed,
			() =>
				new HttpResponse(
					new ReadableStream({
						start(controller) {
							for (let sent = 0; sent <= MAX_PICTURE_BYTES; sent += 256 * 1024)
								controller.enqueue(new Uint8Array(256 * 1024))
							controller.close()
						},
					}),
					{ headers: { 'Content-Type': 'image/jpeg' } },
				),
		)
		expect(await answerPicture(routeQuery(streamed))).toMatchObject({ status: 502, body: /too large/ })
	})

	it('refuses a compressed picture that decodes to more than the limit', async () => {
		const bomb = gzipSync(Buffer.alloc(MAX_PICTURE_BYTES + 1))
		host(
			THUMBNAIL,
			() => new HttpResponse(bomb, { headers: { 'Content-Type': 'image/png', 'Content-Encoding': 'gzip' } }),
		)
		expect(bomb.byteLength).toBeLessThan(MAX_PICTURE_BYTES)
		expect(await answerPicture(routeQuery(THUMBNAIL))).toMatchObject({ status: 502, body: /too large/ })
	})

	it('does not follow a redirect, and passes on a missing picture as 404', async () => {
		host(THUMBNAIL, () => new HttpResponse(null, { status: 302, headers: { Location: 'http://169.254.169.254/' } }))
		expect(await answerPicture(routeQuery(THUMBNAIL))).toMatchObject({ status: 502, body: /answered 302/ })
		const gone = 'https://i.ytimg.com/vi/gone/mqdefault.jpg'
		host(gone, () => new HttpResponse('Not found', { status: 404 }))
		expect((await answerPicture(routeQuery(gone))).status).toBe(404)
	})
})
