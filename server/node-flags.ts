import path from 'node:path'

/**
 * The V8 settings the portal's process is started with (`npm start`, the benchmarks; a Dockerfile or a
 * service unit passes the same to `node`), ADR 0055. They cannot be set from inside the process: V8 sizes
 * its heap when it starts.
 *
 * `--max-semi-space-size=16` (MB): left alone, V8 sizes the young generation from the host's memory (on a
 * 24 GB machine it grew to 128 MB under load: two 64 MB semi-spaces), while the portal's live heap is
 * ~85 MB in all. A page's objects die young, within its request: 16 MB semi-spaces hold every request in
 * flight at 64 connections, and the young generation stops being the largest part of the process.
 *
 * `--max-old-space-size=1024` (MB) tells V8 the portal's budget, which it also sizes its collections by (ADR 0065):
 * on a large host it took a budget of ~4 GB and let the old space grow to four times what survived the last full
 * collection before the next, so under load the process held a second's worth of pages' garbage (their buffers'
 * memory with it). With 1 GB it collects at about twice the ~55 MB that lives: the 3-minute soak held 257–270 MB
 * instead of 292–321, for ~3 % more time collecting. Far above what the portal keeps (its caches are bounded).
 */
export const PORTAL_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16', '--max-old-space-size=1024']

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
