import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { account, reply, video } from '#tests/mocks/handlers.ts'
import { createLruCache } from './cache.server.ts'
import { SOCIAL_PAGE_TOKEN_ERROR } from './contract/help-centre.ts'
import { FEED_CACHE_MS, getStreamPage, setFeedCache, SOCIAL_IMAGE_SIZE } from './feed.server.ts'

const thumbnail = (size: string, width: number, height: number) => ({
	url: `https://video.example/thumbnails/v1/${size}.svg`,
	width,
	height,
})

const playlistItems = {
	kind: 'youtube#playlistItemListResponse',
	nextPageToken: 'NEXT',
	pageInfo: { totalResults: 9, resultsPerPage: 8 },
	items: [
		{
			kind: 'youtube#playlistItem',
			id: 'item1',
			snippet: {
				title: 'Snare Drum Tuning Guide',
				description: '',
				publishedAt: '2026-11-02T10:00:00Z',
				thumbnails: {
					default: thumbnail('default', 120, 90),
					medium: thumbnail('medium', 320, 180),
					high: thumbnail('high', 480, 360),
				},
				channelId: 'UC1',
				channelTitle: 'DW Drums',
				playlistId: 'UU1',
				position: 0,
				resourceId: { kind: 'youtube#video', videoId: 'v1' },
			},
			contentDetails: { videoId: 'v1', videoPublishedAt: '2026-11-01T09:00:00Z' },
		},
	],
}

const posts = {
	id: 'page1',
	kind: 'page',
	name: 'Roland',
	data: [
		{
			id: 'p1',
			message: 'Firmware update: more kits.\nSecond line',
			full_picture: 'https://images.example/p1.svg',
			permalink_url: 'https://social.example/posts/1',
			created_time: '2026-11-03T08:00:00Z',
		},
	],
	paging: { next: null },
}

const query = { accessToken: 'access', token: null } as const

beforeEach(() => {
	setFeedCache(createLruCache())
	vi.useFakeTimers({ toFake: ['Date'] })
})
afterEach(() => {
	vi.useRealTimers()
	setFeedCache(undefined)
})

describe('feed pages through the cache', () => {
	it('a channel’s uploads page: its videos as feed items linking out, kept for a few minutes per token', async () => {
		const hit = video.get('playlistItems', reply.json(playlistItems))
		const page = await getStreamPage({ ...query, source: 'video', upstreamId: 'UU1' })
		expect(page).toEqual({
			items: [
				{
					id: 'v1',
					source: 'video',
					title: 'Snare Drum Tuning Guide',
					publishedAt: '2026-11-01T09:00:00Z',
					link: 'https://www.youtube.com/watch?v=v1',
					image: thumbnail('medium', 320, 180),
				},
			],
			nextToken: 'NEXT',
		})
		expect(Object.fromEntries(hit.last.url.searchParams)).toMatchObject({ playlistId: 'UU1', maxResults: '8' })
		await getStreamPage({ ...query, source: 'video', upstreamId: 'UU1' })
		expect(hit.calls).toHaveLength(1)

		// Another token is another page.
		await getStreamPage({ ...query, source: 'video', upstreamId: 'UU1', token: 'NEXT' })
		expect(hit.calls).toHaveLength(2)
		expect(hit.last.url.searchParams.get('pageToken')).toBe('NEXT')

		vi.setSystemTime(Date.now() + FEED_CACHE_MS + 1000)
		await getStreamPage({ ...query, source: 'video', upstreamId: 'UU1' })
		expect(hit.calls).toHaveLength(3)
	})

	it('community posts through the social proxy: titled by their first line, pictured in a square', async () => {
		const hit = account.get('graphApi/page1', reply.json(posts))
		const page = await getStreamPage({ ...query, source: 'community', upstreamId: 'page1' })
		expect(page.items).toEqual([
			{
				id: 'p1',
				source: 'community',
				title: 'Firmware update: more kits.',
				publishedAt: '2026-11-03T08:00:00Z',
				link: 'https://social.example/posts/1',
				image: { url: 'https://images.example/p1.svg', width: SOCIAL_IMAGE_SIZE, height: SOCIAL_IMAGE_SIZE },
			},
		])
		expect(page.nextToken).toBeNull()
		expect(hit.last.headers.get('authorization')).toContain('access')
	})

	it('a failure is not kept: the next view asks again, and a bad token keeps the spec’s message', async () => {
		const hit = account.get('graphApi/photo1', reply.json({ message: SOCIAL_PAGE_TOKEN_ERROR.photo }, 404))
		const ask = () => getStreamPage({ ...query, source: 'photo', upstreamId: 'photo1', token: 'stale' })
		await expect(ask()).rejects.toMatchObject({ status: 404, message: SOCIAL_PAGE_TOKEN_ERROR.photo })
		await expect(ask()).rejects.toMatchObject({ status: 404 })
		expect(hit.calls).toHaveLength(2)
		expect(hit.last.url.searchParams.get('after')).toBe('stale')
	})
})
