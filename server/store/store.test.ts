import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisStore } from './redis.ts'
import { createSqliteStore } from './sqlite.ts'
import type { KeyValueStore } from './types.ts'

/** The behaviour every backend must have. */
function storeContract(name: string, open: () => Promise<KeyValueStore> | KeyValueStore) {
	describe(`${name} store`, () => {
		let store: KeyValueStore
		beforeAll(async () => {
			store = await open()
		})
		afterAll(async () => {
			await store?.close()
		})

		it('keeps, replaces and deletes values', async () => {
			await store.set('a', 'one')
			expect(await store.get('a')).toBe('one')
			await store.set('a', 'two', Date.now() + 60_000)
			expect(await store.get('a')).toBe('two')
			await store.delete('a')
			expect(await store.get('a')).toBeNull()
		})

		it('forgets a value after it expires', async () => {
			await store.set('short', 'x', Date.now() + 150)
			expect(await store.get('short')).toBe('x')
			await new Promise((resolve) => setTimeout(resolve, 300))
			expect(await store.get('short')).toBeNull()
		})
	})
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-store-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

storeContract('sqlite', () => createSqliteStore(path.join(dir, 'contract.sqlite')))

describe('sqlite store on disk', () => {
	it('keeps values across a restart', async () => {
		const file = path.join(dir, 'restart.sqlite')
		const first = createSqliteStore(file)
		await first.set('session:abc', '{"x":1}', Date.now() + 60_000)
		await first.close()
		const second = createSqliteStore(file)
		expect(await second.get('session:abc')).toBe('{"x":1}')
		await second.close()
	})
})

const redisServer = spawnSync('sh', ['-c', 'command -v redis-server']).stdout.toString().trim()
if (!redisServer) {
	console.log('redis store tests skipped: no redis-server is installed (apt-get install redis-server; CI installs it)')
}

async function freePort(): Promise<number> {
	return new Promise((resolve) => {
		const server = net.createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
	})
}

describe.skipIf(!redisServer)('redis', () => {
	let child: ChildProcess
	let url = ''
	beforeAll(async () => {
		const port = await freePort()
		child = spawn(redisServer, ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], { stdio: 'ignore' })
		url = `redis://127.0.0.1:${port}`
		for (let i = 0; i < 50; i++) {
			const up = await new Promise<boolean>((resolve) => {
				const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)))
				socket.on('error', () => resolve(false))
			})
			if (up) return
			await new Promise((resolve) => setTimeout(resolve, 100))
		}
		throw new Error('redis-server did not start')
	})
	afterAll(() => {
		child?.kill()
	})

	storeContract('redis', () => createRedisStore(url, { prefix: `test:${process.pid}:` }))
})
