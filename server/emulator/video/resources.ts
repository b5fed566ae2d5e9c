/** The video API's resources as it answers them, built from the table rows. */
import type { z } from 'zod'
import type {
	ChannelSchema,
	PlaylistItemSchema,
	PlaylistSchema,
	SearchResultSchema,
} from '#app/upstream/contract/video.ts'
import { uploadsPlaylistId } from './seed-data.ts'
import type { ChannelRow, PlaylistItemRow, PlaylistRow, VideoRow } from './tables.ts'
import { thumbnails } from './thumbnails.ts'

export function channelResource(
	base: string,
	row: ChannelRow,
	parts: readonly string[],
	videoCount: number,
): z.input<typeof ChannelSchema> {
	return {
		kind: 'youtube#channel',
		id: row.id,
		snippet: {
			title: row.title,
			description: row.description,
			customUrl: row.handle.toLowerCase(),
			publishedAt: row.publishedAt,
			thumbnails: thumbnails(base, row.id, 'channel'),
		},
		...(parts.includes('contentDetails')
			? { contentDetails: { relatedPlaylists: { uploads: uploadsPlaylistId(row.id) } } }
			: {}),
		...(parts.includes('statistics') ? { statistics: { videoCount: String(videoCount) } } : {}),
	}
}

export function searchResult(base: string, video: VideoRow, channel: ChannelRow): z.input<typeof SearchResultSchema> {
	return {
		kind: 'youtube#searchResult',
		id: { kind: 'youtube#video', videoId: video.id },
		snippet: {
			channelId: channel.id,
			channelTitle: channel.title,
			title: video.title,
			description: video.description,
			publishedAt: video.publishedAt,
			thumbnails: thumbnails(base, video.id, 'video'),
		},
	}
}

export function playlistResource(
	base: string,
	row: PlaylistRow,
	channel: ChannelRow,
	parts: readonly string[],
	itemCount: number,
	coverVideoId: string | undefined,
): z.input<typeof PlaylistSchema> {
	return {
		kind: 'youtube#playlist',
		id: row.id,
		snippet: {
			channelId: channel.id,
			channelTitle: channel.title,
			title: row.title,
			description: row.description,
			publishedAt: row.publishedAt,
			// A playlist shows its first video's picture.
			thumbnails: thumbnails(base, coverVideoId ?? row.id, 'video'),
		},
		...(parts.includes('contentDetails') ? { contentDetails: { itemCount } } : {}),
	}
}

export function playlistItemResource(
	base: string,
	item: PlaylistItemRow & { video: VideoRow },
	channel: ChannelRow,
	parts: readonly string[],
): z.input<typeof PlaylistItemSchema> {
	return {
		kind: 'youtube#playlistItem',
		id: item.id,
		snippet: {
			channelId: channel.id,
			channelTitle: channel.title,
			playlistId: item.playlistId,
			position: item.position,
			title: item.video.title,
			description: item.video.description,
			publishedAt: item.video.publishedAt,
			thumbnails: thumbnails(base, item.video.id, 'video'),
			resourceId: { kind: 'youtube#video', videoId: item.video.id },
		},
		...(parts.includes('contentDetails')
			? { contentDetails: { videoId: item.video.id, videoPublishedAt: item.video.publishedAt } }
			: {}),
	}
}
