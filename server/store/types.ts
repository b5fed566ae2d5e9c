/**
 * A small key-value store with expiry: what the portal keeps of its own
 * (sessions now; the outbox and cache later). node:sqlite by default, Redis
 * when REDIS_URL is set so several instances share it.
 */
export interface KeyValueStore {
	readonly kind: 'sqlite' | 'redis'
	get(key: string): Promise<string | null>
	/** Stores a value; `expiresAt` in ms since the epoch, or undefined for no expiry. */
	set(key: string, value: string, expiresAt?: number): Promise<void>
	delete(key: string): Promise<void>
	close(): Promise<void>
}
