import { describe, expect, it } from 'vitest'
import { boundedLabels, methodLabel, NO_ROUTE, routeLabel, statusClass, upstreamCallName } from './metric-labels.ts'

describe('metric labels (ADR 0050): bounded, never a URL or an id', () => {
	it('names a status by its class', () => {
		expect([200, 204, 302, 400, 404, 429, 500, 503].map(statusClass)).toEqual([
			'2xx',
			'2xx',
			'3xx',
			'4xx',
			'4xx',
			'4xx',
			'5xx',
			'5xx',
		])
		expect(statusClass(0)).toBe('other')
		expect(statusClass(600)).toBe('other')
	})

	it('keeps known methods and folds any other token', () => {
		expect(['GET', 'HEAD', 'POST', 'DELETE'].map(methodLabel)).toEqual(['GET', 'HEAD', 'POST', 'DELETE'])
		expect(methodLabel('PROPFIND')).toBe('other')
		expect(methodLabel('X'.repeat(100))).toBe('other')
	})

	it('labels a request by its route pattern, never its URL', () => {
		expect(routeLabel('/gear/my_gear/:registeredProductId', '/gear/my_gear/123')).toBe(
			'/gear/my_gear/:registeredProductId',
		)
		expect(routeLabel('/*', '/no/such/page/owner@example.com')).toBe('/*')
		// As React Router gives them to middleware: joined without the leading slash.
		expect(routeLabel('support/:tab?', '/support/service_request')).toBe('/support/:tab?')
		expect(routeLabel('*', '/no/such/page')).toBe('/*')
		expect(routeLabel('/', '/')).toBe('/')
		expect(routeLabel(null, '/assets/root-AbC123.js')).toBe('/assets/*')
		expect(routeLabel(null, '/img')).toBe('/img')
		expect(routeLabel(null, '/icons/dw.svg')).toBe(NO_ROUTE)
		expect(routeLabel(null, '/anything/else?x=1')).toBe(NO_ROUTE)
	})

	it.each([
		['GET', 'users/1a2b3c/phones', 'GET /users/:id/phones'],
		['DELETE', '/users/7b2c1a2e-9f4d-4a8e-b8a1-3c5d7e9f0a1b/phones/42', 'DELETE /users/:id/phones/:id'],
		['GET', 'master/genders', 'GET /master/genders'],
		['GET', 'api/account-details/user-payment-history/u1', 'GET /api/account-details/user-payment-history/:id'],
		['GET', 'content/offers.json', 'GET /content/offers.json'],
		['POST', 'zendesk/request/', 'POST /zendesk/request'],
		['GET', 'zendesk/articles/360001234567', 'GET /zendesk/articles/:id'],
		['GET', 'temporaryData/owner%40example.com/registration_card', 'GET /temporaryData/:id/registration_card'],
		['GET', 'geoip?ip=10.1.2.3', 'GET /geoip'],
		['PROPFIND', 'x', 'other /x'],
	])('names the call %s %s as %s', (method, path, name) => {
		expect(upstreamCallName(method, path)).toBe(name)
	})

	it('caps the distinct values a label takes', () => {
		const bound = boundedLabels(2)
		expect(['a', 'b', 'c', 'a', 'd', 'b'].map(bound)).toEqual(['a', 'b', 'other', 'a', 'other', 'b'])
	})
})
