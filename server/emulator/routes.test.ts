/**
 * The admin boundary, held by the route table itself (ADR 0031): every route the emulator serves is
 * either one of an emulated upstream's calls, listed below, or an admin call that refuses whoever is
 * neither loopback nor sends the admin token. A listing added anywhere, at the top or inside a
 * service, fails here until it is guarded (or, if a real upstream has it, listed).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express, { type Router } from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmulator, type Emulator } from './index.ts'

/** The calls and pages of the emulated upstreams (spec 2 §7, and the pages those upstreams serve). */
const UPSTREAM_API = new Set([
	// account API: identity
	'GET /account/serverTime',
	'POST /account/signup',
	'GET /account/accountType',
	'POST /account/confirm',
	'POST /account/confirmationCode/resend',
	'POST /account/users/migrate',
	'POST /account/signin',
	'POST /account/tokens/refresh',
	'POST /account/client/:clientId/signin',
	'POST /account/client/:clientId/tokens/refresh',
	'GET /account/me',
	'PUT /account/users/:id',
	'POST /account/users/:id/linkage/changeEmail',
	'PUT /account/users/:id/password',
	'POST /account/users/password',
	'POST /account/users/password/confirm',
	'POST /account/users/:id/linkage/delete',
	'GET /account/admin/users/:id',
	'GET /account/users/:id/managingCultureCodes',
	'GET /account/users/:id/phones',
	'POST /account/users/:id/phones',
	'PUT /account/users/:id/phones/:phoneId',
	'DELETE /account/users/:id/phones/:phoneId',
	'GET /account/users/:id/interests',
	'POST /account/users/:id/interests',
	'DELETE /account/users/:id/interests/:interestId',
	'POST /account/temporaryData',
	'GET /account/temporaryData/:id/:purpose',
	'POST /account/temporaryData/:id/:purpose',
	'DELETE /account/temporaryData/:id/:purpose',
	'GET /account/externalUserId/services/:serviceId',
	'POST /account/externalUserId/services/:serviceId',
	'PUT /account/externalUserId/services/:serviceId',
	// account API: master data, catalogue and its files
	...['master/genders', 'master/cultureCodes', 'master/interests', 'master/phoneTypes']
		.concat(['master/purchasingMethods', 'master/questionnaireLabels', 'master/brands'])
		.concat(['stateProvinces', 'products', 'stores'])
		.flatMap((list) => [`GET /account/${list}`, `GET /account/${list}/cache`, `GET /account/${list}/caches`]),
	'GET /account/searchProducts',
	'GET /account/searchProducts/cache',
	'GET /account/cache-files/:file',
	'GET /account/json/static',
	'GET /account/json',
	'GET /account/images/products/:file',
	'GET /account/documents/:slug/:file',
	// account API: gear and surveys
	'GET /account/users/:id/registeredProducts',
	'POST /account/users/:id/registeredProducts',
	'GET /account/users/:id/registeredProducts/:rpId',
	'PUT /account/users/:id/registeredProducts/:rpId',
	'DELETE /account/users/:id/registeredProducts/:rpId',
	'GET /account/users/:id/registeredProducts/:rpId/answerInfos',
	'GET /account/questionnaires',
	'GET /account/questionnaires/:id',
	'POST /account/questionnaires/:id/answerInfos',
	'POST /account/questionnaires/:id/answerInfos/:aid/answers',
	// a shop's side of the handoff (ADR 0032): it checks the id token and signs its reply
	'POST /shop/owners-portal/token-verification',
	// account API: help centre (its calls and its own pages) and the social proxy
	'POST /account/zendesk/uploads',
	'POST /account/zendesk/request',
	'GET /account/zendesk/articles',
	'GET /account/zendesk/articles/:id',
	'GET /account/zendesk/hc',
	'GET /account/zendesk/hc/articles/:id',
	'POST /account/zendesk/sso',
	'GET /account/zendesk/hc/access/jwt',
	'GET /account/graphApi/:id',
	'GET /account/_images/:file',
	// single sign-on
	'GET /sso/oauth2/authorize',
	'GET /sso/oauth2/login',
	'POST /sso/oauth2/login',
	'POST /sso/oauth2/token',
	'POST /sso/oauth2/logout/clients/:clientId',
	'POST /sso/oauth2/logout',
	'POST /sso/oauth2/signout/clients',
	'POST /sso/oauth2/globalSignOut',
	// cloud subscription API, its content lists and the payment processors' pages
	'GET /cloud/content/offers.json',
	'GET /cloud/content/membership-products.json',
	'GET /cloud/content/lifetime-keys.json',
	'GET /cloud/content/hardware-products.json',
	'GET /cloud/content/refund-policy.json',
	'GET /cloud/images/:kind/:file',
	'GET /cloud/processors/payment-information/:session',
	'POST /cloud/processors/payment-information/:session',
	'GET /cloud/processors/checkout/:token',
	'POST /cloud/processors/checkout/:token',
	'GET /cloud/api/account-details/user-products',
	'GET /cloud/api/account-details/all-products',
	'GET /cloud/api/account-details/user-subscriptions',
	'GET /cloud/api/account-details/user-payment-history/:userId',
	'GET /cloud/api/Processors/payment-information/:subscriptionId/url',
	'DELETE /cloud/api/Processors/subscription/:subscriptionId',
	'POST /cloud/api/token/:source/validate',
	'POST /cloud/api/management/functions/get-customers-offers',
	'POST /cloud/api/service',
	'POST /cloud/api/notifications/key/:key/register',
	// device API
	'GET /device/app/:userId/devices',
	// public API
	'GET /public/geoip',
	'GET /public/productImages',
	'GET /public/productImages/:slug/:kind.svg',
	'GET /public/url/privacy_policy',
	// log service and the stage's analytics script
	'GET /log/analytics.js',
	'POST /log/log/:service',
	'DELETE /log/log/:service',
	// video API
	'GET /video/channels',
	'GET /video/search',
	'GET /video/playlists',
	'GET /video/playlistItems',
	'GET /video/thumbnails/:id/:size.svg',
])

interface Layer {
	route?: { path: string | string[]; methods: Record<string, boolean> }
	handle: { stack?: Layer[]; length: number }
	rawPath?: string | string[]
}

/** `METHOD /path` of every route under a router, its sub-routers' too, and of every handler mounted at a path. */
function routeTable(router: Router, prefix = ''): string[] {
	const table: string[] = []
	for (const layer of router.stack as unknown as Layer[]) {
		const paths = [layer.rawPath ?? '/'].flat().map(String)
		if (layer.route) {
			for (const routePath of [layer.route.path].flat())
				for (const method of Object.keys(layer.route.methods))
					table.push(`${method.toUpperCase()} ${prefix}${routePath}`)
		} else if (layer.handle.stack) {
			for (const mount of paths)
				table.push(...routeTable(layer.handle as unknown as Router, prefix + (mount === '/' ? '' : mount)))
		} else if (layer.handle.length < 4) {
			// A plain handler mounted at a path answers every method there, like a route would.
			for (const mount of paths) if (mount !== '/') table.push(`_ALL ${prefix}${mount}`)
		}
	}
	return table
}

/** A request for a route: each parameter filled in. */
function requestOf(route: string): { method: string; path: string } {
	const [method, routePath] = route.split(' ') as [string, string]
	return { method: method === '_ALL' ? 'GET' : method, path: routePath.replace(/:\w+/g, 'x') }
}

describe('the emulator route table', () => {
	let emulator: Emulator
	let dataDir: string
	const servers: http.Server[] = []

	/** The emulator behind a server that reports every peer as `peer` (or as it is). */
	async function serve(peer?: string) {
		const app = express()
		app.set('trust proxy', 'loopback')
		app.use('/_emulator', emulator.router)
		const server = http.createServer(app)
		if (peer) server.on('connection', (socket) => Object.defineProperty(socket, 'remoteAddress', { value: peer }))
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		servers.push(server)
		return `http://127.0.0.1:${(server.address() as AddressInfo).port}/_emulator`
	}

	let table: string[]
	let remote: string
	let loopback: string
	beforeAll(async () => {
		dataDir = mkdtempSync(path.join(os.tmpdir(), 'emulator-routes-'))
		emulator = await createEmulator({
			dataDir,
			portalUrl: 'http://portal.test',
			emulatorUrl: 'http://emulator.test/_emulator',
			securitySecret: 'emulator-routes-test-secret',
			adminToken: 'emulator-routes-admin-token',
			log: () => {},
		})
		table = [...routeTable(emulator.router), ...routeTable(emulator.serviceRouter())]
		remote = await serve('198.51.100.20')
		loopback = await serve()
	})
	afterAll(async () => {
		for (const server of servers) {
			server.closeAllConnections()
			await new Promise((resolve) => server.close(resolve))
		}
		emulator.close()
		rmSync(dataDir, { recursive: true, force: true })
	})

	it('is walked whole: the admin calls and every emulated upstream are in it', () => {
		expect(table).toContain('GET /mail.json')
		expect(table).toContain('GET /account/zendesk/_tickets')
		expect(table).toContain('GET /log/log/_events')
		expect(table.filter((route) => UPSTREAM_API.has(route)).length).toBe(UPSTREAM_API.size)
	})

	it('refuses every route that is not an emulated upstream call, to another address and through a proxy', async () => {
		const admin = table.filter((route) => !UPSTREAM_API.has(route))
		expect(admin.length).toBeGreaterThan(10)
		const open: string[] = []
		for (const route of admin) {
			const { method, path: routePath } = requestOf(route)
			const body = method === 'GET' || method === 'DELETE' ? undefined : '{}'
			const headers = { 'Content-Type': 'application/json' }
			const fromRemote = await fetch(`${remote}${routePath}`, { method, headers, body })
			// A visitor of a portal behind a proxy on this host: a loopback connection that forwards for them.
			const forwarded = await fetch(`${loopback}${routePath}`, {
				method,
				headers: { ...headers, 'X-Forwarded-For': '203.0.113.50' },
				body,
			})
			for (const response of [fromRemote, forwarded])
				if (response.status !== 403) open.push(`${route}: ${response.status}`)
		}
		expect(open, 'admin calls open to a visitor').toEqual([])
	})
})
