import { createStaticHandler, data, isRouteErrorResponse } from 'react-router'
import { describe, expect, it } from 'vitest'
import { serverErrorLog } from './server-errors.ts'

/** The error the router itself answers a request with, as the server runtime hands it to handleError. */
async function routerError(method: string, url: string): Promise<unknown> {
	const handler = createStaticHandler([{ id: 'about', path: '/about', loader: () => null }])
	const context = await handler.query(new Request(url, { method }))
	if (context instanceof Response) throw new Error('expected an error context')
	return Object.values(context.errors ?? {})[0]
}

const request = (method: string, url: string, aborted = false) => ({ method, url, aborted })

describe('serverErrorLog', () => {
	it('gives a POST to a screen without an action one line at warn, without the stack', async () => {
		const error = await routerError('POST', 'http://portal.test/about?email=a@b.example')
		expect(isRouteErrorResponse(error) && error.status).toBe(405)
		const log = serverErrorLog(error, request('POST', 'http://portal.test/about?email=a@b.example'))
		expect(log).toEqual({ level: 'warn', line: '405 Method Not Allowed: POST /about' })
	})

	it('gives an address no route matches one line at warn', async () => {
		const error = await routerError('GET', 'http://portal.test/wp-login.php')
		expect(serverErrorLog(error, request('GET', 'http://portal.test/wp-login.php'))).toEqual({
			level: 'warn',
			line: '404 Not Found: GET /wp-login.php',
		})
	})

	it('keeps the portal’s own failures at error level, with the error itself', () => {
		const failure = new Error('the session store is down')
		expect(serverErrorLog(failure, request('GET', 'http://portal.test/'))).toEqual({ level: 'error', error: failure })
		const thrown = data(null, { status: 503 })
		expect(serverErrorLog(thrown, request('GET', 'http://portal.test/')).level).toBe('error')
	})

	it('logs nothing for a request the browser gave up on', () => {
		expect(serverErrorLog(new Error('aborted'), request('GET', 'http://portal.test/', true))).toEqual({ level: 'none' })
	})
})
