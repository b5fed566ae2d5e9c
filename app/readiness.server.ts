/**
 * /readyz (ADR 0049): the portal can serve now when what it keeps answers: the session store
 * (node:sqlite under DATA_DIR, or Redis) and the support outbox's connections (BullMQ on Redis).
 * Each Redis connection reconnects on its own: ready once all of them are back.
 */
import { checkSupportOutbox } from './outbox/support-outbox.server.ts'
import { checkStore } from './session/store.server.ts'

export async function checkReadiness(): Promise<void> {
	await Promise.all([checkStore(), checkSupportOutbox()])
}
