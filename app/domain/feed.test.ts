import { describe, expect, test } from 'vitest'
import { channelId, uploadsPlaylistId } from '../../server/emulator/video/seed-data.ts'
import { SOCIAL_ACCOUNTS } from '../../server/emulator/account/help-centre/social-seed.ts'
import {
	BRAND_FEEDS,
	choosePersonalBrands,
	cursorFits,
	encodeFeedPage,
	feedStreams,
	mergeFeedPage,
	needsFollowing,
	parseFeedPage,
	type FeedItem,
	type FeedSource,
	type StreamCursor,
	type StreamPage,
} from './feed.ts'

const DAY = 86_400_000
const at = (day: number) => new Date(Date.UTC(2026, 10, 1) + day * DAY).toISOString()

function item(source: FeedSource, id: string, day: number): FeedItem {
	return { id, source, title: id, publishedAt: at(day), link: `https://example.com/${id}`, image: null }
}

/** A stream whose upstream pages hold `pageSize` items, newest first, days `days` (descending). */
function stream(source: FeedSource, days: number[], pageSize: number) {
	const items = days.map((day, i) => item(source, `${source}${i}`, day))
	return (token: string | null): StreamPage => {
		const start = token ? Number(token) : 0
		const end = start + pageSize
		return { items: items.slice(start, end), nextToken: end < items.length ? String(end) : null }
	}
}

/** Pages through every stream with the feed's own cursors until nothing is left. */
function pageAll(streams: Record<string, (token: string | null) => StreamPage>, size: number): string[][] {
	let cursors: Map<string, StreamCursor> = new Map(Object.keys(streams).map((key) => [key, { token: null, offset: 0 }]))
	const pages: string[][] = []
	while (cursors.size) {
		const reads = [...cursors].map(([key, cursor]) => {
			const page = streams[key]!(cursor.token)
			return {
				key,
				cursor,
				page,
				following: needsFollowing(cursor, page, size) ? streams[key]!(page.nextToken) : undefined,
			}
		})
		const { items, next } = mergeFeedPage(reads, size)
		pages.push(items.map((entry) => entry.id))
		cursors = next
	}
	return pages
}

describe('merging', () => {
	test('pages of several streams come out newest first, each item once, however the upstream pages fall', () => {
		const video = [30, 28, 27, 20, 15, 14, 13, 5, 4, 1]
		const community = [29, 25, 22, 21, 19, 3]
		const photo = [26, 24, 23, 18, 17, 16, 12, 11, 10, 9, 8, 7, 6, 2]
		const pages = pageAll(
			{
				'video-main': stream('video', video, 8),
				'community-main': stream('community', community, 8),
				'photo-main': stream('photo', photo, 12),
			},
			8,
		)
		expect(pages.map((page) => page.length)).toEqual([8, 8, 8, 6])
		const all = pages.flat()
		expect(new Set(all).size).toBe(30)
		const byId = new Map<string, number>()
		video.forEach((day, i) => byId.set(`video${i}`, day))
		community.forEach((day, i) => byId.set(`community${i}`, day))
		photo.forEach((day, i) => byId.set(`photo${i}`, day))
		const days = all.map((id) => byId.get(id)!)
		expect(days).toEqual([...days].sort((a, b) => b - a))
	})

	test('a stream whose upstream page is used up moves to the next token; one without a next token is done', () => {
		// An offset past the end of its page was not made by the portal.
		expect(cursorFits({ token: 'T1', offset: 6 }, { items: [item('video', 'a', 1)], nextToken: 'T2' })).toBe(false)
		expect(cursorFits({ token: null, offset: 0 }, { items: [], nextToken: null })).toBe(true)
		const page = { items: [item('video', 'a', 3), item('video', 'b', 2)], nextToken: 'T2' }
		expect(mergeFeedPage([{ key: 'video-main', cursor: { token: 'T1', offset: 1 }, page }], 8)).toEqual({
			items: [page.items[1]],
			next: new Map([['video-main', { token: 'T2', offset: 0 }]]),
		})
		const last = { items: [item('community', 'c', 3)], nextToken: null }
		expect(
			mergeFeedPage([{ key: 'community-main', cursor: { token: null, offset: 0 }, page: last }], 8).next.size,
		).toBe(0)
	})

	test('a stream used up while it has more upstream ends the page: its next items are not known yet', () => {
		const video = { items: [item('video', 'v1', 9)], nextToken: 'V2' }
		const photo = { items: [item('photo', 'p1', 8), item('photo', 'p2', 7)], nextToken: null }
		const { items, next } = mergeFeedPage(
			[
				{ key: 'video-main', cursor: { token: null, offset: 0 }, page: video },
				{ key: 'photo-main', cursor: { token: null, offset: 0 }, page: photo },
			],
			8,
		)
		expect(items.map((entry) => entry.id)).toEqual(['v1'])
		expect(next).toEqual(
			new Map([
				['video-main', { token: 'V2', offset: 0 }],
				['photo-main', { token: null, offset: 0 }],
			]),
		)
		expect(needsFollowing({ token: null, offset: 0 }, video)).toBe(true)
		expect(needsFollowing({ token: null, offset: 0 }, photo)).toBe(false)
	})

	test('a page that reads into the following upstream page continues there', () => {
		const page = { items: [item('video', 'a', 9), item('video', 'b', 8)], nextToken: 'N' }
		const following = { items: [item('video', 'c', 7), item('video', 'd', 6)], nextToken: 'M' }
		const cursor = { token: 'X', offset: 1 }
		expect(mergeFeedPage([{ key: 'video-main', cursor, page, following }], 2)).toEqual({
			items: [page.items[1], following.items[0]],
			next: new Map([['video-main', { token: 'N', offset: 1 }]]),
		})
		expect(mergeFeedPage([{ key: 'video-main', cursor, page, following }], 3).next).toEqual(
			new Map([['video-main', { token: 'M', offset: 0 }]]),
		)
	})

	test('a page that ends inside an upstream page starts the next one there', () => {
		const page = { items: [item('photo', 'p1', 9), item('photo', 'p2', 8), item('photo', 'p3', 7)], nextToken: 'N' }
		const { items, next } = mergeFeedPage([{ key: 'photo-main', cursor: { token: 'X', offset: 0 }, page }], 2)
		expect(items.map((entry) => entry.id)).toEqual(['p1', 'p2'])
		expect(next.get('photo-main')).toEqual({ token: 'X', offset: 2 })
	})
})

describe('the page parameter', () => {
	const keys = ['video-main', 'video-effects', 'community-main', 'photo-main']

	test('round-trips every stream’s place; a stream left out is done', () => {
		const cursors = new Map<string, StreamCursor>([
			['video-main', { token: 'Q0FVUUFB', offset: 0 }],
			['community-main', { token: null, offset: 3 }],
			['photo-main', { token: 'aXRlbTox', offset: 7 }],
		])
		const param = encodeFeedPage(cursors)
		expect(param).toBe('video-main:0:Q0FVUUFB,community-main:3:,photo-main:7:aXRlbTox')
		expect(parseFeedPage(param, keys)).toEqual({ cursors, badStreams: [] })
	})

	test('no parameter is the first page of every stream', () => {
		expect(parseFeedPage(null, keys).cursors.get('video-effects')).toEqual({ token: null, offset: 0 })
		expect(parseFeedPage(null, keys).cursors.size).toBe(4)
	})

	test('a malformed token or offset is bad for its stream only', () => {
		expect(parseFeedPage('video-main:0:abc<script>,photo-main:1:ok', keys)).toEqual({
			cursors: new Map([['photo-main', { token: 'ok', offset: 1 }]]),
			badStreams: ['video-main'],
		})
		expect(parseFeedPage('community-main:x:abc', keys).badStreams).toEqual(['community-main'])
		expect(parseFeedPage('community-main:99:abc', keys).badStreams).toEqual(['community-main'])
	})

	test('a parameter that names no stream of the tab is bad for all of them', () => {
		expect(parseFeedPage('forged', keys)).toEqual({ cursors: new Map(), badStreams: keys })
		expect(parseFeedPage('video-dw:0:abc', ['video-main'])).toEqual({ cursors: new Map(), badStreams: ['video-main'] })
		expect(parseFeedPage('video-main:0:a,video-main:0:b', ['video-main']).badStreams).toEqual(['video-main'])
	})
})

describe('the personal choice', () => {
	const withFeed = ['main', 'effects', 'dw']

	test('the brands of registered products come first, most owned first, and the reason names the products', () => {
		const choice = choosePersonalBrands(
			{
				owned: [
					{ brand: 'effects', name: 'KATANA-50 MkII' },
					{ brand: 'main', name: 'FP-30X' },
					{ brand: 'main', name: 'TD-07DMK' },
					{ brand: 'pdp', name: 'PDP Concept Maple Kit' },
				],
				interests: [{ value: 'drums_percussion', label: 'Drums & Percussion' }],
			},
			withFeed,
		)
		expect(choice.brands).toEqual(['main', 'effects', 'dw'])
		expect(choice.reason).toEqual({ kind: 'owned', products: ['KATANA-50 MkII', 'FP-30X', 'TD-07DMK'], more: 0 })
	})

	test('the reason lists three products and counts the rest', () => {
		const owned = ['A', 'B', 'C', 'D', 'E'].map((name) => ({ brand: 'main', name }))
		expect(choosePersonalBrands({ owned, interests: [] }, withFeed).reason).toEqual({
			kind: 'owned',
			products: ['A', 'B', 'C'],
			more: 2,
		})
	})

	test('without products, the interests choose', () => {
		expect(
			choosePersonalBrands(
				{
					owned: [],
					interests: [
						{ value: 'guitar_boss', label: 'Guitar & BOSS' },
						{ value: 'vocals', label: 'Vocals' },
					],
				},
				withFeed,
			),
		).toEqual({ brands: ['effects'], reason: { kind: 'interests', interests: ['Guitar & BOSS'] } })
	})

	test('nothing that points at a brand with a feed: the main brand’s feed', () => {
		expect(
			choosePersonalBrands(
				{ owned: [{ brand: 'slingerland', name: 'Radio King' }], interests: [{ value: 'vocals', label: 'Vocals' }] },
				withFeed,
			),
		).toEqual({ brands: ['main'], reason: { kind: 'default', brand: 'main' } })
	})
})

describe('the streams of a tab', () => {
	test('each chosen brand’s videos; social feeds of the main brand when no chosen brand has its own', () => {
		expect(feedStreams('all', ['effects', 'dw']).map((s) => s.key)).toEqual([
			'video-effects',
			'video-dw',
			'community-main',
			'photo-main',
		])
		expect(feedStreams('photo', ['dw']).map((s) => s.key)).toEqual(['photo-main'])
		expect(feedStreams('video', ['pdp']).map((s) => s.key)).toEqual(['video-main'])
	})

	test('the configured ids are the emulator’s channels and social accounts', () => {
		expect(BRAND_FEEDS.main!.video).toBe(uploadsPlaylistId(channelId('@maininstruments')))
		expect(BRAND_FEEDS.effects!.video).toBe(uploadsPlaylistId(channelId('@effectspedals')))
		expect(BRAND_FEEDS.dw!.video).toBe(uploadsPlaylistId(channelId('@dwdrums')))
		expect(BRAND_FEEDS.main!.community).toBe(SOCIAL_ACCOUNTS.page.id)
		expect(BRAND_FEEDS.main!.photo).toBe(SOCIAL_ACCOUNTS.photo.id)
	})
})
