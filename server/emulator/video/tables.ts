/** The video feed's tables: channels, videos, playlists and their items. */
import type { DatabaseSync } from 'node:sqlite'

export interface ChannelRow {
	id: string
	handle: string
	title: string
	description: string
	publishedAt: string
}
export interface VideoRow {
	id: string
	channelId: string
	title: string
	description: string
	publishedAt: string
}
export interface PlaylistRow {
	id: string
	channelId: string
	title: string
	description: string
	publishedAt: string
}
export interface PlaylistItemRow {
	id: string
	playlistId: string
	videoId: string
	position: number
}

export function migrateVideoTables(db: DatabaseSync): void {
	db.exec(`
		CREATE TABLE IF NOT EXISTS video_channels (
			id TEXT PRIMARY KEY,
			handle TEXT NOT NULL UNIQUE COLLATE NOCASE,
			title TEXT NOT NULL,
			description TEXT NOT NULL,
			published_at TEXT NOT NULL
		);
		CREATE TABLE IF NOT EXISTS video_videos (
			id TEXT PRIMARY KEY,
			channel_id TEXT NOT NULL REFERENCES video_channels (id) ON DELETE CASCADE,
			title TEXT NOT NULL,
			description TEXT NOT NULL,
			published_at TEXT NOT NULL
		);
		CREATE INDEX IF NOT EXISTS video_videos_channel ON video_videos (channel_id, published_at);
		CREATE TABLE IF NOT EXISTS video_playlists (
			id TEXT PRIMARY KEY,
			channel_id TEXT NOT NULL REFERENCES video_channels (id) ON DELETE CASCADE,
			title TEXT NOT NULL,
			description TEXT NOT NULL,
			published_at TEXT NOT NULL
		);
		CREATE TABLE IF NOT EXISTS video_playlist_items (
			id TEXT PRIMARY KEY,
			playlist_id TEXT NOT NULL REFERENCES video_playlists (id) ON DELETE CASCADE,
			video_id TEXT NOT NULL REFERENCES video_videos (id) ON DELETE CASCADE,
			position INTEGER NOT NULL,
			UNIQUE (playlist_id, position)
		);
	`)
}

type Timestamped = { published_at: string }
const channel = (r: { id: string; handle: string; title: string; description: string } & Timestamped): ChannelRow => ({
	id: r.id,
	handle: r.handle,
	title: r.title,
	description: r.description,
	publishedAt: r.published_at,
})
const owned = (r: { id: string; channel_id: string; title: string; description: string } & Timestamped) => ({
	id: r.id,
	channelId: r.channel_id,
	title: r.title,
	description: r.description,
	publishedAt: r.published_at,
})

export function insertChannel(db: DatabaseSync, row: ChannelRow): void {
	db.prepare(
		'INSERT OR REPLACE INTO video_channels (id, handle, title, description, published_at) VALUES (?, ?, ?, ?, ?)',
	).run(row.id, row.handle, row.title, row.description, row.publishedAt)
}
export function insertVideo(db: DatabaseSync, row: VideoRow): void {
	db.prepare(
		'INSERT OR REPLACE INTO video_videos (id, channel_id, title, description, published_at) VALUES (?, ?, ?, ?, ?)',
	).run(row.id, row.channelId, row.title, row.description, row.publishedAt)
}
export function insertPlaylist(db: DatabaseSync, row: PlaylistRow): void {
	db.prepare(
		'INSERT OR REPLACE INTO video_playlists (id, channel_id, title, description, published_at) VALUES (?, ?, ?, ?, ?)',
	).run(row.id, row.channelId, row.title, row.description, row.publishedAt)
}
export function insertPlaylistItem(db: DatabaseSync, row: PlaylistItemRow): void {
	db.prepare(
		'INSERT OR REPLACE INTO video_playlist_items (id, playlist_id, video_id, position) VALUES (?, ?, ?, ?)',
	).run(row.id, row.playlistId, row.videoId, row.position)
}

export function findChannels(db: DatabaseSync, filter: { ids?: string[]; handle?: string }): ChannelRow[] {
	if (filter.handle !== undefined) {
		const handle = filter.handle.startsWith('@') ? filter.handle : `@${filter.handle}`
		return (
			db.prepare('SELECT * FROM video_channels WHERE handle = ?').all(handle) as Parameters<typeof channel>[0][]
		).map(channel)
	}
	const ids = filter.ids ?? []
	const rows = db
		.prepare(`SELECT * FROM video_channels WHERE id IN (${ids.map(() => '?').join(',') || 'NULL'})`)
		.all(...ids) as Parameters<typeof channel>[0][]
	// In the order asked for, as the real API answers.
	return ids.flatMap((id) => rows.filter((r) => r.id === id).map(channel))
}

export function findChannel(db: DatabaseSync, id: string): ChannelRow | undefined {
	return findChannels(db, { ids: [id] })[0]
}

export function countVideos(db: DatabaseSync, channelId: string): number {
	return (db.prepare('SELECT COUNT(*) AS n FROM video_videos WHERE channel_id = ?').get(channelId) as { n: number }).n
}

/** Videos, newest first, of one channel or all. */
export function listVideos(db: DatabaseSync, channelId?: string): VideoRow[] {
	const rows = channelId
		? db.prepare('SELECT * FROM video_videos WHERE channel_id = ? ORDER BY published_at DESC, id').all(channelId)
		: db.prepare('SELECT * FROM video_videos ORDER BY published_at DESC, id').all()
	return (rows as Parameters<typeof owned>[0][]).map(owned)
}

export function findVideo(db: DatabaseSync, id: string): VideoRow | undefined {
	const row = db.prepare('SELECT * FROM video_videos WHERE id = ?').get(id) as Parameters<typeof owned>[0] | undefined
	return row && owned(row)
}

export function listPlaylists(db: DatabaseSync, filter: { channelId?: string; ids?: string[] }): PlaylistRow[] {
	if (filter.channelId !== undefined) {
		const rows = db
			.prepare('SELECT * FROM video_playlists WHERE channel_id = ? ORDER BY published_at DESC, id')
			.all(filter.channelId)
		return (rows as Parameters<typeof owned>[0][]).map(owned)
	}
	const ids = filter.ids ?? []
	const rows = db
		.prepare(`SELECT * FROM video_playlists WHERE id IN (${ids.map(() => '?').join(',') || 'NULL'})`)
		.all(...ids) as Parameters<typeof owned>[0][]
	return ids.flatMap((id) => rows.filter((r) => r.id === id).map(owned))
}

export function findPlaylist(db: DatabaseSync, id: string): PlaylistRow | undefined {
	return listPlaylists(db, { ids: [id] })[0]
}

export function countPlaylistItems(db: DatabaseSync, playlistId: string): number {
	return (
		db.prepare('SELECT COUNT(*) AS n FROM video_playlist_items WHERE playlist_id = ?').get(playlistId) as { n: number }
	).n
}

/** A playlist's items in position order, each with its video. */
export function listPlaylistItems(db: DatabaseSync, playlistId: string): Array<PlaylistItemRow & { video: VideoRow }> {
	const rows = db
		.prepare(
			`SELECT i.id AS item_id, i.position, v.* FROM video_playlist_items i JOIN video_videos v ON v.id = i.video_id
			WHERE i.playlist_id = ? ORDER BY i.position`,
		)
		.all(playlistId) as Array<Parameters<typeof owned>[0] & { item_id: string; position: number }>
	return rows.map((r) => ({ id: r.item_id, playlistId, videoId: r.id, position: r.position, video: owned(r) }))
}
