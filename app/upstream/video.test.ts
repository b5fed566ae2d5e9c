import { describe, expect, it } from 'vitest'
import { reply, video } from '#tests/mocks/handlers.ts'
import { describeNormalisation, failure } from '#tests/mocks/normalisation.ts'
import { PAGE_TOKEN_ERROR } from './contract/video.ts'
import { getChannels, getPlaylistItems, getPlaylists, searchVideos } from './video.server.ts'

describeNormalisation('getChannels (GET channels)', {
	upstream: 'video',
	method: 'get',
	path: 'channels',
	call: (signal) => getChannels({ id: ['c1', 'c2'] }, signal),
	wrongShape: { items: 'none' },
	received: (request) =>
		expect(Object.fromEntries(request.url.searchParams)).toEqual({
			part: 'snippet,contentDetails,statistics',
			id: 'c1,c2',
			maxResults: '8',
		}),
})

describeNormalisation('searchVideos (GET search)', {
	upstream: 'video',
	method: 'get',
	path: 'search',
	call: (signal) => searchVideos({ channelId: 'c1', q: 'snare', pageToken: 'p2' }, signal),
	wrongShape: { items: [{ id: 1 }] },
	received: (request) => {
		expect(request.url.searchParams.get('type')).toBe('video')
		expect(request.url.searchParams.get('pageToken')).toBe('p2')
	},
})

describe('video calls: their own handling of failures', () => {
	it('keeps "not found for next-page token of youtube" (spec 2 §8)', async () => {
		video.get('playlistItems', reply.json({ error: { code: 404, message: PAGE_TOKEN_ERROR } }, 404))
		const error = await failure(getPlaylistItems({ playlistId: 'uploads', pageToken: 'stale' }))
		expect(error).toMatchObject({ upstream: 'video', status: 404, message: PAGE_TOKEN_ERROR })
	})

	it('asks playlists 50 at a time (spec 2 §9)', async () => {
		const hit = video.get('playlists', reply.json({ message: 'quotaExceeded' }, 403))
		expect((await failure(getPlaylists({ channelId: 'c1' }))).message).toBe('quotaExceeded')
		expect(hit.last.url.searchParams.get('maxResults')).toBe('50')
		expect(hit.last.url.pathname).toBe('/youtube/v3/playlists')
	})
})
