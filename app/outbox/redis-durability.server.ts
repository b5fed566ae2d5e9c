/**
 * Whether a Redis keeps what the outbox gives it (ADR 0049). A support request is "accepted" once it is
 * a BullMQ job: a Redis that restarts without an append-only file, or evicts keys when memory is full,
 * drops accepted requests without a word. So before the outbox runs there, it reads Redis's settings:
 * CONFIG GET, or, where a managed Redis refuses CONFIG, INFO (which such services answer).
 */
import { isRedisRefusal, type RedisClient } from '#app/store/redis.ts'

export interface RedisDurability {
	/** True when appendonly is on and maxmemory-policy is noeviction. */
	keepsData: boolean
	/** Where the settings were read: CONFIG GET, INFO, or nowhere (both refused). */
	source: 'config' | 'info' | 'unknown'
	/** Each setting that may lose data, said for the log; empty when `keepsData`. */
	problems: string[]
}

export interface RedisSettingsRead {
	appendonly?: string
	/** CONFIG's `save`: '' for no snapshots; unknown from INFO. */
	save?: string
	maxmemoryPolicy?: string
}

/** The verdict on settings read (pure). Snapshots alone (`save`) lose what came since the last one: not enough. */
export function judgeRedisSettings(read: RedisSettingsRead | null, source: RedisDurability['source']): RedisDurability {
	if (!read) {
		return {
			keepsData: false,
			source,
			problems: ['its settings could not be read (CONFIG GET and INFO were refused)'],
		}
	}
	const problems: string[] = []
	if (read.appendonly !== 'yes') {
		const snapshots =
			read.save === undefined ? '' : read.save === '' ? ', no snapshots' : ` (snapshots: save ${read.save})`
		problems.push(
			`appendonly ${read.appendonly ?? 'unknown'}${snapshots}: requests accepted since the last snapshot are lost when Redis restarts`,
		)
	}
	if (read.maxmemoryPolicy !== 'noeviction')
		problems.push(
			`maxmemory-policy ${read.maxmemoryPolicy ?? 'unknown'}: Redis may evict kept requests when its memory is full (BullMQ needs noeviction)`,
		)
	return { keepsData: problems.length === 0, source, problems }
}

/** `field:value` lines of an INFO section. */
function infoFields(text: string): Map<string, string> {
	const fields = new Map<string, string>()
	for (const line of text.split(/\r?\n/)) {
		const at = line.indexOf(':')
		if (at > 0 && !line.startsWith('#')) fields.set(line.slice(0, at), line.slice(at + 1).trim())
	}
	return fields
}

/** Reads the settings (CONFIG GET, else INFO) and judges them. Throws only when Redis cannot be reached. */
export async function readRedisDurability(client: RedisClient): Promise<RedisDurability> {
	try {
		const config = await client.configGet(['appendonly', 'save', 'maxmemory-policy'])
		return judgeRedisSettings(
			{ appendonly: config.appendonly, save: config.save, maxmemoryPolicy: config['maxmemory-policy'] },
			'config',
		)
	} catch (error) {
		if (!isRefusal(error)) throw error
	}
	try {
		const persistence = infoFields(await client.info('persistence'))
		const memory = infoFields(await client.info('memory'))
		const aof = persistence.get('aof_enabled')
		return judgeRedisSettings(
			{
				appendonly: aof === undefined ? undefined : aof === '1' ? 'yes' : 'no',
				maxmemoryPolicy: memory.get('maxmemory_policy'),
			},
			'info',
		)
	} catch (error) {
		if (!isRefusal(error)) throw error
	}
	return judgeRedisSettings(null, 'unknown')
}

/** Redis answered, and said no (an unknown or renamed command, NOPERM): not a connection failure. */
const isRefusal = isRedisRefusal
