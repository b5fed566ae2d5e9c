/**
 * Bodies sent to wear the portal down: a body past its limit is answered at once, chunked or not,
 * and a post nobody wanted (signed out, to a screen that needs a user) is answered before its body
 * is read. Each request here streams a body that never ends: only an answer given without reading
 * it all can arrive.
 */
import http from 'node:http'
import { visitorAddress } from './account.ts'
import { expect, test } from './fixtures.ts'

interface Answer {
	status: number
	location: string | undefined
	/** How much of the endless body had been written when the answer came. */
	sentBytes: number
}

/** POSTs an endless chunked body (no Content-Length) and resolves with the answer, whenever it comes. */
function postEndlessBody(
	baseURL: string,
	path: string,
	contentType: string,
	headers: Record<string, string> = {},
): Promise<Answer> {
	const url = new URL(path, baseURL)
	return new Promise((resolve, reject) => {
		let sentBytes = 0
		let answered = false
		const request = http.request(
			url,
			{
				method: 'POST',
				headers: { 'Content-Type': contentType, 'X-Forwarded-For': visitorAddress(), Origin: url.origin, ...headers },
			},
			(response) => {
				answered = true
				resolve({
					status: response.statusCode ?? 0,
					location: response.headers.location,
					sentBytes,
				})
				response.resume()
				request.destroy()
			},
		)
		// The server closing the connection after its answer is expected; before it, a failure.
		request.on('error', (error) => {
			if (!answered) reject(error)
		})
		const chunk = Buffer.alloc(64 * 1024, 'a')
		const more = () => {
			if (answered || request.destroyed) return
			sentBytes += chunk.length
			request.write(chunk, () => setImmediate(more))
		}
		request.write(
			contentType.startsWith('multipart') ? '--XX\r\nContent-Disposition: form-data; name="q"\r\n\r\n' : 'q=',
		)
		more()
	})
}

test('a chunked body past the form limit is answered 413 at once', async ({ baseURL }) => {
	const answer = await postEndlessBody(baseURL!, '/login', 'application/x-www-form-urlencoded')
	expect(answer.status).toBe(413)
})

test('a chunked multipart body past the upload limit is answered 413 at once', async ({ baseURL, demoSessions }) => {
	const state = await demoSessions('customer')
	const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
	const answer = await postEndlessBody(baseURL!, '/support/service_request', 'multipart/form-data; boundary=XX', {
		Cookie: cookie,
	})
	expect(answer.status).toBe(413)
	// Past the 31 MB an upload form may hold, not before.
	expect(answer.sentBytes).toBeGreaterThan(30 * 1024 * 1024)
})

test('a signed-out post to a form that needs a user is sent to /login without its body being read', async ({
	baseURL,
}) => {
	const answer = await postEndlessBody(baseURL!, '/support/service_request', 'multipart/form-data; boundary=XX')
	expect(answer.status).toBe(302)
	expect(answer.location).toMatch(/^\/login\?/)
})

test('a multipart body of many tiny parts is refused at its part limit', async ({
	request,
	demoSessions,
	baseURL,
	playwright,
}) => {
	const parts = Array.from(
		{ length: 5000 },
		(_, i) => `--XX\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
	)
	const body = parts.join('') + '--XX--\r\n'
	const signedIn = await playwright.request.newContext({ baseURL, storageState: await demoSessions('customer') })
	for (const client of [request, signedIn]) {
		const response = await client.post('/support/service_request', {
			headers: { 'Content-Type': 'multipart/form-data; boundary=XX', 'X-Forwarded-For': visitorAddress() },
			data: body,
			maxRedirects: 0,
		})
		// Signed out: to /login, unread; signed in: more parts than any form has.
		expect(response.status()).toBe(client === request ? 302 : 413)
	}
	await signedIn.dispose()
})
