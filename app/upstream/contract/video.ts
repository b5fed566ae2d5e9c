/**
 * The public video API (spec 2 §7): channels, search, playlists and
 * playlistItems, in the shape of the common public video API (`part`,
 * `channelId`, `playlistId`, `q`, `maxResults`, `pageToken`; list answers
 * with `items`, `pageInfo` and `nextPageToken`). Pages are 8 items, playlists
 * 50 (spec 2 §9). A page token the API did not hand out for that query is a
 * 404 'not found for next-page token of youtube' (spec 2 §8).
 */
import { z } from 'zod'

export const VIDEO_PAGE_SIZE = 8
export const PLAYLIST_PAGE_SIZE = 50
export const MAX_RESULTS_LIMIT = 50
export const PAGE_TOKEN_ERROR = 'not found for next-page token of youtube'

const maxResults = z.coerce.number().int().min(1).max(MAX_RESULTS_LIMIT).optional()
const pageToken = z.string().min(1).max(200).optional()
/** Comma-separated resource parts; `snippet` is always among them here. */
const part = z
	.string()
	.transform((value) =>
		value
			.split(',')
			.map((p) => p.trim())
			.filter(Boolean),
	)
	.refine((parts) => parts.includes('snippet'), { message: 'part must include snippet' })

export const ChannelsQuerySchema = z
	.object({ part, id: z.string().min(1).optional(), forHandle: z.string().min(1).optional(), maxResults, pageToken })
	.refine((q) => q.id !== undefined || q.forHandle !== undefined, { message: 'id or forHandle is required' })
export const SearchQuerySchema = z.object({
	part,
	channelId: z.string().min(1).optional(),
	q: z.string().max(200).optional(),
	type: z.literal('video').optional(),
	order: z.enum(['date', 'title']).optional(),
	maxResults,
	pageToken,
})
export const PlaylistsQuerySchema = z
	.object({ part, channelId: z.string().min(1).optional(), id: z.string().min(1).optional(), maxResults, pageToken })
	.refine((q) => q.channelId !== undefined || q.id !== undefined, { message: 'channelId or id is required' })
export const PlaylistItemsQuerySchema = z.object({ part, playlistId: z.string().min(1), maxResults, pageToken })

const ThumbnailSchema = z.object({
	url: z.url(),
	width: z.number().int().positive(),
	height: z.number().int().positive(),
})
export const ThumbnailsSchema = z.object({ default: ThumbnailSchema, medium: ThumbnailSchema, high: ThumbnailSchema })

const snippet = {
	title: z.string(),
	description: z.string(),
	publishedAt: z.iso.datetime(),
	thumbnails: ThumbnailsSchema,
}

const PageInfoSchema = z.object({ totalResults: z.number().int().min(0), resultsPerPage: z.number().int().min(0) })

function listOf<T extends z.ZodType>(kind: string, item: T) {
	return z.object({
		kind: z.literal(kind),
		nextPageToken: z.string().optional(),
		prevPageToken: z.string().optional(),
		pageInfo: PageInfoSchema,
		items: z.array(item),
	})
}

export const ChannelSchema = z.object({
	kind: z.literal('youtube#channel'),
	id: z.string(),
	snippet: z.object({ ...snippet, customUrl: z.string() }),
	contentDetails: z.object({ relatedPlaylists: z.object({ uploads: z.string() }) }).optional(),
	statistics: z.object({ videoCount: z.string() }).optional(),
})
export const ChannelListSchema = listOf('youtube#channelListResponse', ChannelSchema)

export const SearchResultSchema = z.object({
	kind: z.literal('youtube#searchResult'),
	id: z.object({ kind: z.literal('youtube#video'), videoId: z.string() }),
	snippet: z.object({ ...snippet, channelId: z.string(), channelTitle: z.string() }),
})
export const SearchListSchema = listOf('youtube#searchListResponse', SearchResultSchema)

export const PlaylistSchema = z.object({
	kind: z.literal('youtube#playlist'),
	id: z.string(),
	snippet: z.object({ ...snippet, channelId: z.string(), channelTitle: z.string() }),
	contentDetails: z.object({ itemCount: z.number().int().min(0) }).optional(),
})
export const PlaylistListSchema = listOf('youtube#playlistListResponse', PlaylistSchema)

export const PlaylistItemSchema = z.object({
	kind: z.literal('youtube#playlistItem'),
	id: z.string(),
	snippet: z.object({
		...snippet,
		channelId: z.string(),
		channelTitle: z.string(),
		playlistId: z.string(),
		position: z.number().int().min(0),
		resourceId: z.object({ kind: z.literal('youtube#video'), videoId: z.string() }),
	}),
	contentDetails: z.object({ videoId: z.string(), videoPublishedAt: z.iso.datetime() }).optional(),
})
export const PlaylistItemListSchema = listOf('youtube#playlistItemListResponse', PlaylistItemSchema)

export type ChannelList = z.infer<typeof ChannelListSchema>
export type SearchList = z.infer<typeof SearchListSchema>
export type PlaylistList = z.infer<typeof PlaylistListSchema>
export type PlaylistItemList = z.infer<typeof PlaylistItemListSchema>
