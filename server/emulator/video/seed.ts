/** Seeds the video feed: channels, then videos (newest first across channels), then playlists and their items. */
import type { EmulatorContext } from '../context.ts'
import { CHANNEL_SEEDS, channelId, playlistId, playlistItemId, videoId } from './seed-data.ts'
import { insertChannel, insertPlaylist, insertPlaylistItem, insertVideo } from './tables.ts'

const DAY_MS = 86_400_000

export function seedVideos(ctx: EmulatorContext): void {
	const now = ctx.clock.now()
	const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
	CHANNEL_SEEDS.forEach((seed, channelIndex) => {
		const channel = channelId(seed.handle)
		insertChannel(ctx.db, {
			id: channel,
			handle: seed.handle,
			title: seed.title,
			description: seed.description,
			publishedAt: iso(now - (3650 - channelIndex * 200) * DAY_MS),
		})
		let videoIndex = 0
		seed.playlists.forEach((playlist, playlistIndex) => {
			const list = playlistId(playlist.title)
			insertPlaylist(ctx.db, {
				id: list,
				channelId: channel,
				title: playlist.title,
				description: playlist.description,
				publishedAt: iso(now - (400 + playlistIndex * 90 + channelIndex * 7) * DAY_MS),
			})
			playlist.videos.forEach((title, position) => {
				const video = videoId(title)
				// Three days apart, channels interleaved by a few hours, so every date differs.
				insertVideo(ctx.db, {
					id: video,
					channelId: channel,
					title,
					description: `${title}. From the ${seed.title} channel: ${seed.description}`,
					publishedAt: iso(now - (videoIndex * 3 + 1) * DAY_MS - channelIndex * 5 * 3_600_000),
				})
				insertPlaylistItem(ctx.db, { id: playlistItemId(list, video), playlistId: list, videoId: video, position })
				videoIndex += 1
			})
		})
	})
}
