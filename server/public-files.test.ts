import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicFiles } from './app.ts'

describe('publicFiles', () => {
	let dir: string
	let server: http.Server
	let origin: string

	beforeAll(async () => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'public-files-'))
		mkdirSync(path.join(dir, 'icons'))
		writeFileSync(path.join(dir, 'icons/dw.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
		writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n')
		const app = express()
		app.use(publicFiles(dir))
		app.use((req, res) => {
			res.type('text/plain').send(`page ${req.path}`)
		})
		server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	})
	afterAll(() => {
		server.close()
		rmSync(dir, { recursive: true, force: true })
	})

	it('serves the files of the build, cached for an hour', async () => {
		const icon = await fetch(`${origin}/icons/dw.svg`)
		expect(icon.status).toBe(200)
		expect(icon.headers.get('content-type')).toContain('image/svg+xml')
		expect(icon.headers.get('cache-control')).toBe('public, max-age=3600')
		expect(await (await fetch(`${origin}/robots.txt`)).text()).toBe('User-agent: *\n')
	})

	it('passes every other path on to the pages', async () => {
		expect(await (await fetch(`${origin}/login`)).text()).toBe('page /login')
		expect(await (await fetch(`${origin}/`)).text()).toBe('page /')
		// A file added after start is not the build's: the pages answer for it.
		writeFileSync(path.join(dir, 'late.txt'), 'late')
		expect(await (await fetch(`${origin}/late.txt`)).text()).toBe('page /late.txt')
	})

	it('passes a missing file under a public folder on to the pages', async () => {
		expect(await (await fetch(`${origin}/icons/none.svg`)).text()).toBe('page /icons/none.svg')
	})
})
