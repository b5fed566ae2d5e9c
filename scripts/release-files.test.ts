import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PORTAL_GLIBC_TUNABLES, PORTAL_NODE_FLAGS, PORTAL_SERVER_FILE } from '../server/node-flags.ts'
import { PRODUCTION_FILES } from './release-files.ts'

const root = path.resolve(import.meta.dirname, '..')
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8')
const compose = readFileSync(path.join(root, 'compose.yaml'), 'utf8')
const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))

describe('the container image', () => {
	it('copies into its last stage what the production install check installs', () => {
		const copied = [...lastStage.matchAll(/^COPY (?:--from=\S+ )?(.+) (\S+)$/gm)].flatMap(([, sources]) =>
			sources!.split(' ').map((source) => source.replace(/^\/portal\//, '')),
		)
		expect(copied.filter((file) => file !== 'node_modules').sort()).toEqual([...PRODUCTION_FILES].sort())
	})

	it('runs as an unprivileged user, writes only to its data volume and checks its health', () => {
		expect(lastStage).toMatch(/^USER node$/m)
		expect(lastStage).toMatch(/DATA_DIR=\/data/)
		expect(lastStage).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m)
		expect(lastStage).toMatch(/^FROM node:24/m)
	})
})

describe("the portal's V8 flags", () => {
	it('are given to node by npm run serve and by the image, as by npm start', () => {
		const serve = (
			JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
		).scripts.serve!
		const command = /^CMD \[(.*)\]$/m.exec(lastStage)![1]!
		expect(serve).toContain(`node ${PORTAL_NODE_FLAGS.join(' ')} `)
		expect(command).toContain(`"node", ${PORTAL_NODE_FLAGS.map((flag) => `"${flag}"`).join(', ')}, `)
	})

	it('start the server built into the build, not its TypeScript sources (ADR 0064)', () => {
		const serve = (
			JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
		).scripts.serve!
		const command = /^CMD \[(.*)\]$/m.exec(lastStage)![1]!
		expect(serve).toMatch(new RegExp(` build/${PORTAL_SERVER_FILE}$`))
		expect(command).toMatch(new RegExp(`"build/${PORTAL_SERVER_FILE}"$`))
		expect(`${serve} ${command}`).not.toContain('.ts')
	})

	it("and so are the allocator's settings (ADR 0063)", () => {
		const serve = (
			JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
		).scripts.serve!
		expect(serve).toContain(`GLIBC_TUNABLES=\${GLIBC_TUNABLES-${PORTAL_GLIBC_TUNABLES}}`)
		expect(lastStage).toMatch(new RegExp(`^\\s*GLIBC_TUNABLES=${PORTAL_GLIBC_TUNABLES} \\\\$`, 'm'))
	})
})

describe('compose.yaml', () => {
	it("keeps Redis's data (the support outbox) and never evicts keys", () => {
		expect(compose).toMatch(/--appendonly['"], ['"]yes/)
		expect(compose).toMatch(/--maxmemory-policy['"], ['"]noeviction/)
		expect(compose).toMatch(/read_only: true/)
	})
})
