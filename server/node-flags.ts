/**
 * The V8 settings the portal's process is started with (`npm start`, the benchmarks; a Dockerfile or a
 * service unit passes the same to `node`), ADR 0055. They cannot be set from inside the process: V8 sizes
 * its heap when it starts.
 *
 * `--max-semi-space-size=16` (MB): left alone, V8 sizes the young generation from the host's memory (on a
 * 24 GB machine it grew to 128 MB under load: two 64 MB semi-spaces), while the portal's live heap is
 * ~85 MB in all. A page's objects die young, within its request: 16 MB semi-spaces hold every request in
 * flight at 64 connections, and the young generation stops being the largest part of the process.
 */
export const PORTAL_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16']
