/**
 * The emulated public video API (spec 2 §7): `GET channels`, `search`,
 * `playlists` and `playlistItems`, in the shape of the common public video
 * API, with next-page tokens; pages of 8, playlists 50. The thumbnails the
 * answers point at are served here too (`thumbnails/{id}/{size}.svg`).
 */
import express, { type Response } from 'express'
import type { z } from 'zod'
import {
	ChannelsQuerySchema,
	type ChannelListSchema,
	PAGE_TOKEN_ERROR,
	PLAYLIST_PAGE_SIZE,
	PlaylistItemsQuerySchema,
	type PlaylistItemListSchema,
	PlaylistsQuerySchema,
	type PlaylistListSchema,
	SearchQuerySchema,
	type SearchListSchema,
	VIDEO_PAGE_SIZE,
} from '#app/upstream/contract/video.ts'
import { sendError } from '../auth.ts'
import type { EmulatorService } from '../context.ts'
import { paginate } from './paging.ts'
import { channelResource, playlistItemResource, playlistResource, searchResult } from './resources.ts'
import { seedVideos } from './seed.ts'
import { playlistItemId, uploadsPlaylistId } from './seed-data.ts'
import {
	countPlaylistItems,
	countVideos,
	findChannel,
	findChannels,
	findPlaylist,
	findVideo,
	listPlaylistItems,
	listPlaylists,
	listVideos,
	migrateVideoTables,
	type ChannelRow,
	type PlaylistItemRow,
	type VideoRow,
} from './tables.ts'
import { isThumbnailSize, thumbnailSvg } from './thumbnails.ts'

function invalid(res: Response) {
	sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
}

function badPageToken(res: Response) {
	sendError(res, 404, PAGE_TOKEN_ERROR, 'pageTokenNotFound')
}

const ids = (list: string) =>
	list
		.split(',')
		.map((id) => id.trim())
		.filter(Boolean)

export const videoService: EmulatorService = {
	name: 'video and social feeds',
	mount: '/video',
	migrate(ctx) {
		migrateVideoTables(ctx.db)
	},
	seed(ctx) {
		seedVideos(ctx)
	},
	router(ctx) {
		const router = express.Router()
		const base = () => `${ctx.emulatorUrl}/video`
		const channelOf = () => {
			const cache = new Map<string, ChannelRow | undefined>()
			return (id: string) => {
				// Per request: channels are few and never change while serving one.
				if (!cache.has(id)) cache.set(id, findChannel(ctx.db, id))
				return cache.get(id)!
			}
		}

		router.get('/channels', (req, res) => {
			const query = ChannelsQuerySchema.safeParse(req.query)
			if (!query.success) return invalid(res)
			const { part, id, forHandle, maxResults, pageToken } = query.data
			const channels =
				forHandle !== undefined
					? findChannels(ctx.db, { handle: forHandle })
					: findChannels(ctx.db, { ids: ids(id ?? '') })
			const page = paginate(channels, {
				scope: ['channels', id ?? null, forHandle ?? null],
				size: maxResults ?? VIDEO_PAGE_SIZE,
				pageToken,
			})
			if (!page) return badPageToken(res)
			const answer: z.input<typeof ChannelListSchema> = {
				kind: 'youtube#channelListResponse',
				...page,
				items: page.items.map((row) => channelResource(base(), row, part, countVideos(ctx.db, row.id))),
			}
			res.json(answer)
		})

		router.get('/search', (req, res) => {
			const query = SearchQuerySchema.safeParse(req.query)
			if (!query.success) return invalid(res)
			const { channelId, q, order, maxResults, pageToken } = query.data
			const terms = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean)
			const matches = listVideos(ctx.db, channelId).filter((video) => {
				const text = `${video.title} ${video.description}`.toLowerCase()
				return terms.every((term) => text.includes(term))
			})
			if (order === 'title') matches.sort((a, b) => a.title.localeCompare(b.title, 'en'))
			const page = paginate(matches, {
				scope: ['search', channelId ?? null, terms, order ?? 'date'],
				size: maxResults ?? VIDEO_PAGE_SIZE,
				pageToken,
			})
			if (!page) return badPageToken(res)
			const channel = channelOf()
			const answer: z.input<typeof SearchListSchema> = {
				kind: 'youtube#searchListResponse',
				...page,
				items: page.items.map((video) => searchResult(base(), video, channel(video.channelId)!)),
			}
			res.json(answer)
		})

		router.get('/playlists', (req, res) => {
			const query = PlaylistsQuerySchema.safeParse(req.query)
			if (!query.success) return invalid(res)
			const { part, channelId, id, maxResults, pageToken } = query.data
			if (channelId !== undefined && !findChannel(ctx.db, channelId)) {
				return sendError(
					res,
					404,
					'The channel specified in the channelId parameter cannot be found.',
					'channelNotFound',
				)
			}
			const playlists =
				channelId !== undefined ? listPlaylists(ctx.db, { channelId }) : listPlaylists(ctx.db, { ids: ids(id ?? '') })
			const page = paginate(playlists, {
				scope: ['playlists', channelId ?? null, id ?? null],
				size: maxResults ?? PLAYLIST_PAGE_SIZE,
				pageToken,
			})
			if (!page) return badPageToken(res)
			const channel = channelOf()
			const answer: z.input<typeof PlaylistListSchema> = {
				kind: 'youtube#playlistListResponse',
				...page,
				items: page.items.map((row) =>
					playlistResource(
						base(),
						row,
						channel(row.channelId)!,
						part,
						countPlaylistItems(ctx.db, row.id),
						listPlaylistItems(ctx.db, row.id)[0]?.videoId,
					),
				),
			}
			res.json(answer)
		})

		router.get('/playlistItems', (req, res) => {
			const query = PlaylistItemsQuerySchema.safeParse(req.query)
			if (!query.success) return invalid(res)
			const { part, playlistId, maxResults, pageToken } = query.data
			let items: Array<PlaylistItemRow & { video: VideoRow }>
			if (findPlaylist(ctx.db, playlistId)) items = listPlaylistItems(ctx.db, playlistId)
			else {
				// A channel's uploads playlist: its videos, newest first.
				const owner = playlistId.startsWith('UU') ? findChannel(ctx.db, `UC${playlistId.slice(2)}`) : undefined
				if (!owner)
					return sendError(
						res,
						404,
						"The playlist identified with the request's playlistId parameter cannot be found.",
						'playlistNotFound',
					)
				items = listVideos(ctx.db, owner.id).map((video, position) => ({
					id: playlistItemId(uploadsPlaylistId(owner.id), video.id),
					playlistId,
					videoId: video.id,
					position,
					video,
				}))
			}
			const page = paginate(items, {
				scope: ['playlistItems', playlistId],
				size: maxResults ?? VIDEO_PAGE_SIZE,
				pageToken,
			})
			if (!page) return badPageToken(res)
			const channel = channelOf()
			const answer: z.input<typeof PlaylistItemListSchema> = {
				kind: 'youtube#playlistItemListResponse',
				...page,
				items: page.items.map((item) => playlistItemResource(base(), item, channel(item.video.channelId)!, part)),
			}
			res.json(answer)
		})

		router.get('/thumbnails/:id/:size.svg', (req, res) => {
			const { id, size } = req.params
			const video = findVideo(ctx.db, id)
			const channel = video ? undefined : findChannel(ctx.db, id)
			const playlist = video || channel ? undefined : findPlaylist(ctx.db, id)
			const title = video?.title ?? channel?.title ?? playlist?.title
			if (title === undefined || !isThumbnailSize(size)) return sendError(res, 404, 'Thumbnail not found.', 'NotFound')
			res
				.set('Cache-Control', 'public, max-age=86400')
				.type('image/svg+xml')
				.send(thumbnailSvg(id, title, channel ? 'channel' : 'video', size))
		})

		return router
	},
}
