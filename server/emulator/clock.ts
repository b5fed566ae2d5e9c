import type { DatabaseSync } from 'node:sqlite'
import { getMeta, setMeta } from './db.ts'

/**
 * The emulator's clock: real time plus an offset that tests move forward
 * (`POST /_emulator/clock`) to make codes and tokens expire without waiting.
 * Kept in the database so every process serving it agrees.
 */
export interface Clock {
	now(): number
	offsetMs(): number
	setOffsetMs(offset: number): void
}

export function createClock(db: DatabaseSync): Clock {
	let offset = Number(getMeta(db, 'clockOffsetMs') ?? 0)
	return {
		now: () => Date.now() + offset,
		offsetMs: () => offset,
		setOffsetMs(value) {
			offset = value
			setMeta(db, 'clockOffsetMs', String(value))
		},
	}
}
