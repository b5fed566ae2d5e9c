/**
 * The public video API (spec 2 §7): channels, search, playlists and playlist
 * items, a page at a time (8 items, playlists 50: spec 2 §9). Pass an
 * answer's `nextPageToken` as `pageToken` for the next page; a token the API
 * does not know is an UpstreamError 'not found for next-page token of youtube'.
 */
import {
	ChannelListSchema,
	type ChannelList,
	PLAYLIST_PAGE_SIZE,
	PlaylistItemListSchema,
	type PlaylistItemList,
	PlaylistListSchema,
	type PlaylistList,
	SearchListSchema,
	type SearchList,
	VIDEO_PAGE_SIZE,
} from './contract/video.ts'
import { upstreamRequest } from './http.server.ts'

interface Paging {
	maxResults?: number
	pageToken?: string
}

/** `GET channels`: channels by id (one or several) or by handle, with their uploads playlist and video count. */
export async function getChannels(
	params: ({ id: string | readonly string[] } | { forHandle: string }) & Paging,
	signal?: AbortSignal,
): Promise<ChannelList> {
	return upstreamRequest('video', {
		path: 'channels',
		query: {
			part: 'snippet,contentDetails,statistics',
			...('id' in params
				? { id: typeof params.id === 'string' ? params.id : params.id.join(',') }
				: { forHandle: params.forHandle }),
			maxResults: params.maxResults ?? VIDEO_PAGE_SIZE,
			pageToken: params.pageToken,
		},
		schema: ChannelListSchema,
		signal,
	})
}

/** `GET search`: videos, newest first, of a channel or all, matching every word of `q`. */
export async function searchVideos(
	params: { channelId?: string; q?: string; order?: 'date' | 'title' } & Paging = {},
	signal?: AbortSignal,
): Promise<SearchList> {
	return upstreamRequest('video', {
		path: 'search',
		query: {
			part: 'snippet',
			type: 'video',
			channelId: params.channelId,
			q: params.q,
			order: params.order,
			maxResults: params.maxResults ?? VIDEO_PAGE_SIZE,
			pageToken: params.pageToken,
		},
		schema: SearchListSchema,
		signal,
	})
}

/** `GET playlists`: a channel's playlists, or playlists by id, with their item counts. */
export async function getPlaylists(
	params: ({ channelId: string } | { id: string | readonly string[] }) & Paging,
	signal?: AbortSignal,
): Promise<PlaylistList> {
	return upstreamRequest('video', {
		path: 'playlists',
		query: {
			part: 'snippet,contentDetails',
			...('channelId' in params
				? { channelId: params.channelId }
				: { id: typeof params.id === 'string' ? params.id : params.id.join(',') }),
			maxResults: params.maxResults ?? PLAYLIST_PAGE_SIZE,
			pageToken: params.pageToken,
		},
		schema: PlaylistListSchema,
		signal,
	})
}

/** `GET playlistItems`: a playlist's videos in order (a channel's uploads playlist: newest first). */
export async function getPlaylistItems(
	params: { playlistId: string } & Paging,
	signal?: AbortSignal,
): Promise<PlaylistItemList> {
	return upstreamRequest('video', {
		path: 'playlistItems',
		query: {
			part: 'snippet,contentDetails',
			playlistId: params.playlistId,
			maxResults: params.maxResults ?? VIDEO_PAGE_SIZE,
			pageToken: params.pageToken,
		},
		schema: PlaylistItemListSchema,
		signal,
	})
}
