/**
 * A small key-value store with expiry: what the portal keeps of its own
 * (sessions and each account's set of session ids; the outbox and cache
 * later). node:sqlite by default, Redis when REDIS_URL is set so several
 * instances share it.
 */
export interface KeyValueStore {
	readonly kind: 'sqlite' | 'redis'
	get(key: string): Promise<string | null>
	/** Stores a value; `expiresAt` in ms since the epoch, or undefined for no expiry. */
	set(key: string, value: string, expiresAt?: number): Promise<void>
	/** Deletes a value, or a set of members, at `key`. */
	delete(key: string): Promise<void>
	/**
	 * Adds a member to the set at `key` (an account's session ids), kept until `expiresAt` (ms since the
	 * epoch) like the value it stands for; adding it again moves its expiry. Expired members are dropped.
	 */
	addMember(key: string, member: string, expiresAt: number): Promise<void>
	/** The set's members whose expiry has not come. */
	members(key: string): Promise<string[]>
	removeMember(key: string, member: string): Promise<void>
	close(): Promise<void>
}
