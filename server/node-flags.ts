import path from 'node:path'

/**
 * The V8 settings the portal's process is started with (`npm start`, the benchmarks; a Dockerfile or a
 * service unit passes the same to `node`), ADR 0055. They cannot be set from inside the process: V8 sizes
 * its heap when it starts.
 *
 * `--max-semi-space-size=8` (MB): left alone, V8 sizes the young generation from the host's memory (on a
 * 24 GB machine it grew to 128 MB under load: two 64 MB semi-spaces), while the portal's live heap is
 * ~55 MB in all. A page's objects die young, within its request: 8 MB semi-spaces hold the requests in
 * flight, and the young generation stops being the largest part of the process (ADR 0055 took 16 MB; with
 * the growing factor below, 8 MB held the soak's memory where 16 MB took it past its budget, ADR 0066).
 *
 * `--max-old-space-size=1024` (MB) tells V8 the portal's budget, which it also sizes its collections by (ADR 0065):
 * on a large host it took a budget of ~4 GB and let the old space grow to four times what survived the last full
 * collection before the next, so under load the process held a second's worth of pages' garbage (their buffers'
 * memory with it). Far above what the portal keeps (its caches are bounded).
 *
 * `--heap-growing-percent=100`: the next full collection when the old space has doubled since the last (ADR
 * 0066). With the 1 GB budget alone V8's factor settled at ~1.35 under load, a full collection every ~200 ms;
 * doubling is what 0065 meant to get. The 10-minute soak: 267–280 MB at 349 requests/s, against 274–285 MB at
 * 299. A V8 option, not a Node one: a Node whose V8 dropped it would refuse to start, which the flags' test
 * (`server/node-flags.test.ts`, which starts `node` with them) would show first.
 */
export const PORTAL_NODE_FLAGS: readonly string[] = [
	'--max-semi-space-size=8',
	'--max-old-space-size=1024',
	'--heap-growing-percent=100',
]

/**
 * The file production starts, inside a build directory: the portal's server built as JavaScript by
 * `react-router build` (scripts/build-server.ts, ADR 0064). `node server/index.ts` runs the same server from
 * its sources, for development.
 */
export const PORTAL_SERVER_FILE = 'server/portal.js'

/** The built server of the build in `buildDirectory`. */
export function portalServerFile(buildDirectory: string): string {
	return path.join(buildDirectory, PORTAL_SERVER_FILE)
}

/**
 * How glibc's allocator is to behave in the portal's process, as `GLIBC_TUNABLES` (ADR 0063). Like the V8 flags
 * it is read when the process starts, so whatever starts the portal sets it (`npm start`, `npm run serve`, the
 * image). By default glibc keeps up to eight arenas per core for the threads that allocate (libuv's pool
 * compresses every page; V8's helpers collect and compile) and keeps freed memory below 128 KB in them; pages
 * and compression buffers of 64 KB and more came and went per request and stayed as fragments. Two arenas,
 * and blocks of 64 KB and more mapped and given back whole: the 10-minute soak's RSS fell from 358–392 MB to
 * 316–335 MB, at the same throughput. Ignored where glibc is not the C library (musl): nothing else changes.
 */
export const PORTAL_GLIBC_TUNABLES =
	'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=65536:glibc.malloc.trim_threshold=65536'

/** The portal's environment settings of its process, unless the environment already chose them. */
export function portalProcessEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
	return { GLIBC_TUNABLES: env.GLIBC_TUNABLES ?? PORTAL_GLIBC_TUNABLES }
}
