import type { Server } from 'node:http'

/**
 * Stops a server gracefully: no new connections, idle keep-alive sockets
 * closed, requests in flight allowed to finish for `graceMs`, then whatever
 * is left is cut. Resolves when the server has closed.
 */
export function closeGracefully(server: Server, graceMs: number): Promise<void> {
	return new Promise((resolve) => {
		const force = setTimeout(() => {
			console.error('requests still open after the grace period; closing them')
			server.closeAllConnections()
		}, graceMs)
		force.unref()
		server.close(() => {
			clearTimeout(force)
			resolve()
		})
		server.closeIdleConnections()
	})
}
