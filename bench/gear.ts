/**
 * What the gear-list benchmark needs of the emulator, asked the way the portal's upstreams are: an
 * account's registered products made through the emulated account API itself (signed in with the
 * account's password and the signed header of spec 2 §7), and upstream latency injected with the
 * emulator's faults.
 */
import { SignJWT } from 'jose'
import {
	SECURITY_TOKEN_AUDIENCE,
	SECURITY_TOKEN_HEADER,
	SECURITY_TOKEN_SECONDS,
} from '../app/upstream/contract/security-token.ts'
import { percentile } from './latency.ts'

/** Thirteen products of the catalogue, registrable anywhere and at once: 12 on the first page, 1 on the second. */
export const GEAR_LIST_SLUGS = [
	'fp-30x',
	'fp-10',
	'hp704',
	'lx708',
	'rd-2000',
	'gp607',
	'juno-x',
	'jupiter-x',
	'system-8',
	'jd-xi',
	'gaia-2',
	'fr-8x',
	'e-x50',
] as const

async function answer<T>(response: Response, what: string): Promise<T> {
	if (!response.ok) throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 500)}`)
	return (await response.json()) as T
}

/** Registers GEAR_LIST_SLUGS for the account at the emulated account API; answers how many it holds then. */
export async function registerGearList(
	emulatorOrigin: string,
	securitySecret: string,
	account: { email: string; password: string },
): Promise<number> {
	const api = `${emulatorOrigin}/_emulator/account`
	const { serverTime } = await answer<{ serverTime: string }>(await fetch(`${api}/serverTime`), 'GET serverTime')
	const iat = Math.floor(new Date(serverTime).getTime() / 1000)
	const header = await new SignJWT({})
		.setProtectedHeader({ alg: 'HS256' })
		.setAudience(SECURITY_TOKEN_AUDIENCE)
		.setIssuedAt(iat)
		.setExpirationTime(iat + SECURITY_TOKEN_SECONDS)
		.sign(new TextEncoder().encode(securitySecret))
	const { accessToken } = await answer<{ accessToken: string }>(
		await fetch(`${api}/signin`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', [SECURITY_TOKEN_HEADER]: header },
			body: JSON.stringify({ email: account.email, password: account.password }),
		}),
		`POST signin as ${account.email}`,
	)
	const auth = { Authorization: accessToken }
	const { id } = await answer<{ id: string }>(await fetch(`${api}/me`, { headers: auth }), 'GET me')
	const path = `${api}/users/${encodeURIComponent(id)}/registeredProducts`
	for (const [index, slug] of GEAR_LIST_SLUGS.entries()) {
		await answer(
			await fetch(path, {
				method: 'POST',
				headers: { ...auth, 'Content-Type': 'application/json' },
				body: JSON.stringify({
					product: { slug },
					serialCode: `BEN${String(index + 1).padStart(4, '0')}`,
					purchaseDate: `2024-${String((index % 12) + 1).padStart(2, '0')}-15`,
					purchaseMethod: '1',
				}),
			}),
			`POST registeredProducts ${slug}`,
		)
	}
	return (await answer<unknown[]>(await fetch(path, { headers: auth }), 'GET registeredProducts')).length
}

/** Every upstream call answers `delayMs` later (the emulator's `delay` fault on all its paths). */
export async function delayUpstreams(emulatorOrigin: string, delayMs: number): Promise<void> {
	await answer(
		await fetch(`${emulatorOrigin}/_emulator/faults`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ path: '/', mode: 'delay', delayMs }),
		}),
		'POST faults',
	)
}

export async function clearUpstreamFaults(emulatorOrigin: string): Promise<void> {
	await answer(await fetch(`${emulatorOrigin}/_emulator/faults`, { method: 'DELETE' }), 'DELETE faults')
}

export interface PacedFigures {
	requestsPerSecond: number
	p50LatencyMs: number
	p99LatencyMs: number
	responses: number
	non2xx: number
	errors: number
	statusCodes: Record<string, number>
}

/**
 * `connections` clients, each sending its next request on a schedule (together `rate` requests per second,
 * spread evenly, each client starting at a random point of its interval), for `seconds`. A latency counts from
 * when the request was due, not from when it could be sent, so a client held up by a slow answer does not
 * hide the wait (coordinated omission). autocannon's own rate limit sends each second's share of requests
 * at once, a burst every second, which measures the burst rather than the page.
 */
export async function pacedLoad(
	url: string,
	options: { connections: number; rate: number; seconds: number; headers: Record<string, string> },
): Promise<PacedFigures> {
	const interval = (options.connections / options.rate) * 1000
	const start = performance.now() + 50
	const end = start + options.seconds * 1000
	const latencies: number[] = []
	const statusCodes: Record<string, number> = {}
	let errors = 0
	const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

	async function client() {
		for (let due = start + Math.random() * interval; due < end; due += interval) {
			await sleep(due - performance.now())
			try {
				const response = await fetch(url, { headers: options.headers, redirect: 'manual' })
				await response.arrayBuffer()
				statusCodes[response.status] = (statusCodes[response.status] ?? 0) + 1
				if (response.status >= 200 && response.status < 300) latencies.push(performance.now() - due)
			} catch {
				errors += 1
			}
		}
	}
	await Promise.all(Array.from({ length: options.connections }, client))

	const sorted = latencies.sort((a, b) => a - b)
	const responses = Object.values(statusCodes).reduce((sum, count) => sum + count, 0)
	return {
		requestsPerSecond: responses / options.seconds,
		p50LatencyMs: percentile(sorted, 0.5),
		p99LatencyMs: percentile(sorted, 0.99),
		responses,
		non2xx: responses - latencies.length,
		errors,
		statusCodes,
	}
}
