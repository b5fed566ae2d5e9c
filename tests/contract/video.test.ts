import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { failure, startEmulator, type RunningEmulator } from './emulator.ts'

let emu: RunningEmulator
let video: typeof import('#app/upstream/video.server.ts')
let main: { id: string; uploads: string }
let effectsId: string
let dwId: string

beforeAll(async () => {
	emu = await startEmulator()
	video = await import('#app/upstream/video.server.ts')
	const [m, e, d] = await Promise.all(
		['@maininstruments', '@effectspedals', 'dwdrums'].map((forHandle) => video.getChannels({ forHandle })),
	)
	main = { id: m!.items[0]!.id, uploads: m!.items[0]!.contentDetails!.relatedPlaylists.uploads }
	effectsId = e!.items[0]!.id
	dwId = d!.items[0]!.id
})
afterEach(() => emu.clearFaults())
afterAll(() => emu.stop())

const PAGE_TOKEN_ERROR = 'not found for next-page token of youtube'

function isNewestFirst(dates: string[]) {
	return dates.every((date, i) => i === 0 || dates[i - 1]! >= date)
}

describe('getChannels: GET channels', () => {
	it('finds a channel by handle with its uploads playlist and video count', async () => {
		const answer = await video.getChannels({ forHandle: '@maininstruments' })
		expect(answer.kind).toBe('youtube#channelListResponse')
		expect(answer.items).toHaveLength(1)
		const [channel] = answer.items
		expect(channel).toMatchObject({
			kind: 'youtube#channel',
			snippet: { title: 'Main Instruments', customUrl: '@maininstruments' },
			statistics: { videoCount: '16' },
		})
		expect(channel!.id).toMatch(/^UC[\w-]{22}$/)
		expect(channel!.contentDetails!.relatedPlaylists.uploads).toBe(`UU${channel!.id.slice(2)}`)
		const thumbnail = await fetch(channel!.snippet.thumbnails.default.url)
		expect(thumbnail.status).toBe(200)
		expect(await thumbnail.text()).toContain('Main Instruments')
	})

	it('finds several channels by id, in the order asked, and nothing for an unknown id', async () => {
		const answer = await video.getChannels({ id: [dwId, 'UCunknownunknownunknown1', effectsId] })
		expect(answer.items.map((c) => c.snippet.title)).toEqual(['DW Drums', 'Effects Pedals'])
		expect(answer.items.map((c) => c.statistics?.videoCount)).toEqual(['10', '14'])
		expect((await video.getChannels({ id: 'UCunknownunknownunknown1' })).items).toEqual([])
	})

	it('refuses a page token it did not hand out', async () => {
		const error = await failure(video.getChannels({ forHandle: '@dwdrums', pageToken: 'CAgQAA' }))
		expect(error).toMatchObject({ status: 404, message: PAGE_TOKEN_ERROR })
	})
})

describe('searchVideos: GET search', () => {
	it("pages through a channel's videos, 8 at a time, newest first, with next and previous tokens", async () => {
		const first = await video.searchVideos({ channelId: main.id })
		expect(first.kind).toBe('youtube#searchListResponse')
		expect(first.pageInfo).toEqual({ totalResults: 16, resultsPerPage: 8 })
		expect(first.items).toHaveLength(8)
		expect(first.prevPageToken).toBeUndefined()
		expect(first.nextPageToken).toEqual(expect.any(String))
		const second = await video.searchVideos({ channelId: main.id, pageToken: first.nextPageToken })
		expect(second.items).toHaveLength(8)
		expect(second.nextPageToken).toBeUndefined()
		expect(second.prevPageToken).toEqual(expect.any(String))
		const all = [...first.items, ...second.items]
		expect(new Set(all.map((v) => v.id.videoId)).size).toBe(16)
		expect(all.every((v) => v.snippet.channelId === main.id && v.snippet.channelTitle === 'Main Instruments')).toBe(
			true,
		)
		expect(isNewestFirst(all.map((v) => v.snippet.publishedAt))).toBe(true)
		const back = await video.searchVideos({ channelId: main.id, pageToken: second.prevPageToken })
		expect(back.items.map((v) => v.id.videoId)).toEqual(first.items.map((v) => v.id.videoId))
	})

	it('searches every channel by every word of q', async () => {
		const all = await video.searchVideos({ maxResults: 50 })
		expect(all.pageInfo.totalResults).toBe(40)
		const loop = await video.searchVideos({ q: 'Loop STATION' })
		expect(loop.items.map((v) => v.snippet.title).sort()).toEqual([
			'Loop Station Basics',
			'Loop Station: Live Layering',
		])
		expect((await video.searchVideos({ q: 'tuning', order: 'title' })).items.map((v) => v.snippet.title)).toEqual([
			'Snare Drum Tuning Guide',
		])
		expect((await video.searchVideos({ q: 'bagpipes' })).items).toEqual([])
	})

	it('serves a thumbnail for every result', async () => {
		const [first] = (await video.searchVideos({ channelId: dwId, maxResults: 1 })).items
		const { url, width, height } = first!.snippet.thumbnails.medium
		expect([width, height]).toEqual([320, 180])
		const response = await fetch(url)
		expect(response.headers.get('content-type')).toContain('image/svg+xml')
		expect(await response.text()).toContain('width="320"')
	})

	it("refuses a made-up token, and another query's token", async () => {
		expect(await failure(video.searchVideos({ channelId: main.id, pageToken: 'bogus' }))).toMatchObject({
			status: 404,
			message: PAGE_TOKEN_ERROR,
		})
		const { nextPageToken } = await video.searchVideos({ channelId: main.id })
		expect(await failure(video.searchVideos({ channelId: effectsId, pageToken: nextPageToken }))).toMatchObject({
			status: 404,
			message: PAGE_TOKEN_ERROR,
		})
		expect(
			await failure(video.searchVideos({ channelId: main.id, q: 'piano', pageToken: nextPageToken })),
		).toMatchObject({ status: 404 })
	})

	it('refuses a page size over the limit as invalid parameters', async () => {
		expect(await failure(video.searchVideos({ maxResults: 51 }))).toMatchObject({
			status: 400,
			message: 'Invalid parameters.',
		})
	})
})

describe('getPlaylists: GET playlists', () => {
	it("lists a channel's playlists, 50 to a page, with item counts", async () => {
		const answer = await video.getPlaylists({ channelId: effectsId })
		expect(answer.pageInfo).toEqual({ totalResults: 2, resultsPerPage: 50 })
		expect(answer.nextPageToken).toBeUndefined()
		expect(answer.items.map((p) => [p.snippet.title, p.contentDetails?.itemCount])).toEqual(
			expect.arrayContaining([
				['Pedal Demos', 9],
				['Loop Station Tips', 5],
			]),
		)
		const byId = await video.getPlaylists({ id: answer.items.map((p) => p.id) })
		expect(byId.items.map((p) => p.id)).toEqual(answer.items.map((p) => p.id))
	})

	it('has five playlists across the three channels', async () => {
		const counts = await Promise.all(
			[main.id, effectsId, dwId].map(async (channelId) => (await video.getPlaylists({ channelId })).items.length),
		)
		expect(counts).toEqual([2, 2, 1])
	})

	it('answers 404 for an unknown channel and for a bad page token', async () => {
		expect(await failure(video.getPlaylists({ channelId: 'UCunknownunknownunknown1' }))).toMatchObject({
			status: 404,
			code: 'channelNotFound',
		})
		expect(await failure(video.getPlaylists({ channelId: main.id, pageToken: 'nope' }))).toMatchObject({
			status: 404,
			message: PAGE_TOKEN_ERROR,
		})
	})
})

describe('getPlaylistItems: GET playlistItems', () => {
	it("pages through a playlist's items in order", async () => {
		const [pedals] = (await video.getPlaylists({ channelId: effectsId })).items.filter(
			(p) => p.snippet.title === 'Pedal Demos',
		)
		const first = await video.getPlaylistItems({ playlistId: pedals!.id })
		expect(first.items.map((i) => i.snippet.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
		expect(first.items[0]!.snippet).toMatchObject({
			title: 'Overdrive Pedal Shootout',
			playlistId: pedals!.id,
			channelTitle: 'Effects Pedals',
		})
		const second = await video.getPlaylistItems({ playlistId: pedals!.id, pageToken: first.nextPageToken })
		expect(second.items.map((i) => [i.snippet.position, i.snippet.title])).toEqual([
			[8, 'Guitar Wireless System Setup'],
		])
		expect(second.nextPageToken).toBeUndefined()
		expect(first.items[0]!.contentDetails?.videoId).toBe(first.items[0]!.snippet.resourceId.videoId)
	})

	it("reads a channel's uploads playlist, newest first", async () => {
		const first = await video.getPlaylistItems({ playlistId: main.uploads, maxResults: 50 })
		expect(first.pageInfo.totalResults).toBe(16)
		expect(isNewestFirst(first.items.map((i) => i.snippet.publishedAt))).toBe(true)
		const search = await video.searchVideos({ channelId: main.id, maxResults: 50 })
		expect(first.items.map((i) => i.snippet.resourceId.videoId)).toEqual(search.items.map((v) => v.id.videoId))
	})

	it('answers 404 for an unknown playlist and for a bad page token', async () => {
		expect(await failure(video.getPlaylistItems({ playlistId: 'PLnope' }))).toMatchObject({
			status: 404,
			code: 'playlistNotFound',
		})
		const error = await failure(
			video.getPlaylistItems({
				playlistId: main.uploads,
				pageToken: Buffer.from('000000000000.3').toString('base64url'),
			}),
		)
		expect(error).toMatchObject({ status: 404, message: PAGE_TOKEN_ERROR })
	})

	it('gives a status error when the upstream fails', async () => {
		await emu.fault({ path: '/video/playlistItems', mode: 'status', status: 500 })
		expect(await failure(video.getPlaylistItems({ playlistId: main.uploads }))).toMatchObject({ status: 500 })
	})
})

describe('the video API on its own terms', () => {
	it('pages by 8 by default and playlists by 50, and wants part and a filter', async () => {
		const search = await (await fetch(`${emu.url}/video/search?part=snippet`)).json()
		expect(search.pageInfo).toEqual({ totalResults: 40, resultsPerPage: 8 })
		const playlists = await (await fetch(`${emu.url}/video/playlists?part=snippet&channelId=${main.id}`)).json()
		expect(playlists.pageInfo.resultsPerPage).toBe(50)
		expect((await fetch(`${emu.url}/video/search`)).status).toBe(400)
		expect((await fetch(`${emu.url}/video/channels?part=snippet`)).status).toBe(400)
		expect((await fetch(`${emu.url}/video/playlistItems?part=snippet`)).status).toBe(400)
	})
})
