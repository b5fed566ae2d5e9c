/**
 * The owner's feed (spec 1 §2 MyFeed, §3 feed state, §9 feed defaults; spec 2 §7-§9): which
 * streams a tab shows, the page merged newest first from them, and the `page` parameter that
 * carries every stream's place so a plain link (no JavaScript) turns the page.
 *
 * A stream is one upstream list read a page at a time (a channel's uploads, a social page's posts,
 * a photo account's media). Its place is its upstream page token plus how many items of that page
 * were already shown: the feed shows 8 items a page (spec 1 §9: 8 contents, 8 forward) while the
 * upstream pages hold 8 or 12, so a feed page may end inside an upstream page and the next one
 * starts there again, with nothing skipped or shown twice.
 */

export const FEED_TABS = ['all', 'video', 'community', 'photo'] as const
export type FeedTab = (typeof FEED_TABS)[number]
export type FeedSource = 'video' | 'community' | 'photo'
export const FEED_SOURCES: readonly FeedSource[] = ['video', 'community', 'photo']

/** Spec 1 §9 / spec 2 §9: a feed page shows 8 contents and the next one 8 more. */
export const FEED_PAGE_SIZE = 8

/** What each tab draws on. */
export const TAB_SOURCES: Record<FeedTab, readonly FeedSource[]> = {
	all: FEED_SOURCES,
	video: ['video'],
	community: ['community'],
	photo: ['photo'],
}

/** Spec 2 §8: the message of a next-page token a source does not know. */
export const PAGE_TOKEN_ERRORS: Record<FeedSource, string> = {
	video: 'not found for next-page token of youtube',
	community: 'not found for next-page token of facebook',
	photo: 'not found for next-page token of instagram',
}

export interface FeedImage {
	url: string
	width: number
	height: number
}

export interface FeedItem {
	/** Unique within its source. */
	id: string
	source: FeedSource
	title: string
	/** ISO date-time. */
	publishedAt: string
	/** Where the item lives (the video's page, the post); the feed links out, never embeds. */
	link: string
	image: FeedImage | null
}

/** One upstream page of a stream, newest first. */
export interface StreamPage {
	items: readonly FeedItem[]
	nextToken: string | null
}

export interface StreamCursor {
	/** The upstream page token; null for the first page. */
	token: string | null
	/** Items of that upstream page already shown. */
	offset: number
}

/** Where each stream stands: absent from the map means the stream has nothing more. */
export type FeedCursors = ReadonlyMap<string, StreamCursor>

// ------------------------------------------------------------------ the `page` parameter

const KEY = /^[a-z]+-[a-z0-9]+$/
/** Upstream tokens seen are base64url or base64; anything else is not one of theirs. */
const TOKEN = /^[\w\-=+/]{1,300}$/
const MAX_OFFSET = 50

/**
 * The `page` parameter: `key:offset:token` per stream still going, comma-separated; an empty
 * token is the stream's first upstream page. A stream of the tab missing from it is done.
 */
export function encodeFeedPage(cursors: FeedCursors): string {
	return [...cursors].map(([key, cursor]) => `${key}:${cursor.offset}:${cursor.token ?? ''}`).join(',')
}

export interface ParsedFeedPage {
	/** The streams to read and from where. */
	cursors: FeedCursors
	/** Streams the parameter is bad for: a named one, or every stream of the tab when it cannot be read. */
	badStreams: readonly string[]
}

/** Reads `page` for a tab whose streams are `streamKeys`; no parameter is the first page of each. */
export function parseFeedPage(param: string | null, streamKeys: readonly string[]): ParsedFeedPage {
	if (param === null || param === '')
		return { cursors: new Map(streamKeys.map((key) => [key, { token: null, offset: 0 }])), badStreams: [] }
	const cursors = new Map<string, StreamCursor>()
	const bad = new Set<string>()
	for (const part of param.split(',')) {
		const first = part.indexOf(':')
		const second = first < 0 ? -1 : part.indexOf(':', first + 1)
		const key = first < 0 ? '' : part.slice(0, first)
		if (!KEY.test(key) || !streamKeys.includes(key) || cursors.has(key) || bad.has(key))
			return { cursors: new Map(), badStreams: streamKeys }
		const offsetText = second < 0 ? '' : part.slice(first + 1, second)
		const token = second < 0 ? '' : part.slice(second + 1)
		const offset = /^\d{1,2}$/.test(offsetText) ? Number(offsetText) : NaN
		if (Number.isNaN(offset) || offset > MAX_OFFSET || (token !== '' && !TOKEN.test(token))) bad.add(key)
		else cursors.set(key, { token: token || null, offset })
	}
	return { cursors, badStreams: [...bad] }
}

// ------------------------------------------------------------------ merging

export interface StreamRead {
	key: string
	cursor: StreamCursor
	page: StreamPage
	/** The upstream page after `page`, read when `page` has fewer than a feed page left (see `needsFollowing`). */
	following?: StreamPage
}

const newestFirst = (a: FeedItem, b: FeedItem) =>
	b.publishedAt.localeCompare(a.publishedAt) || a.source.localeCompare(b.source) || a.id.localeCompare(b.id)

/** Whether a feed page may use more of a stream than its current upstream page still holds. */
export function needsFollowing(cursor: StreamCursor, page: StreamPage, size = FEED_PAGE_SIZE): boolean {
	return page.nextToken !== null && page.items.length - cursor.offset < size
}

/** Where a stream stands after `taken` more of its items were shown. */
function advance(read: StreamRead, taken: number): StreamCursor | null {
	const { cursor, page, following } = read
	const offset = cursor.offset + taken
	if (offset < page.items.length) return { token: cursor.token, offset }
	if (!page.nextToken) return null
	if (!following) return { token: page.nextToken, offset: 0 }
	const into = offset - page.items.length
	if (into < following.items.length) return { token: page.nextToken, offset: into }
	return following.nextToken ? { token: following.nextToken, offset: 0 } : null
}

/**
 * One feed page from the streams' current upstream pages: the `size` newest items not yet shown,
 * and where each stream stands after them. Each stream is newest first, so taking the newest of
 * the heads is a true merge; when a stream runs out of what was read while it has more upstream,
 * its next items are unknown and the page stops there rather than show older items first.
 */
export function mergeFeedPage(
	reads: readonly StreamRead[],
	size = FEED_PAGE_SIZE,
): { items: FeedItem[]; next: Map<string, StreamCursor> } {
	const remaining = reads.map((read) => ({
		read,
		items: [...read.page.items.slice(read.cursor.offset), ...(read.following?.items ?? [])],
		more: (read.following ?? read.page).nextToken !== null,
		taken: 0,
	}))
	const items: FeedItem[] = []
	while (items.length < size) {
		if (remaining.some((stream) => stream.more && stream.taken >= stream.items.length)) break
		let best: (typeof remaining)[number] | undefined
		for (const stream of remaining) {
			const head = stream.items[stream.taken]
			if (!head) continue
			const bestHead = best?.items[best.taken]
			if (!bestHead || newestFirst(head, bestHead) < 0) best = stream
		}
		if (!best) break
		items.push(best.items[best.taken]!)
		best.taken += 1
	}
	const next = new Map<string, StreamCursor>()
	for (const { read, taken } of remaining) {
		const cursor = advance(read, taken)
		if (cursor) next.set(read.key, cursor)
	}
	return { items, next }
}

/** An offset past the end of its upstream page was not made by the portal: the cursor is forged. */
export function cursorFits(cursor: StreamCursor, page: StreamPage): boolean {
	return cursor.offset === 0 || cursor.offset < page.items.length
}

// ------------------------------------------------------------------ the personal choice

export interface OwnedProduct {
	brand: string
	name: string
}

export type FeedReason =
	| { kind: 'owned'; products: string[]; more: number }
	| { kind: 'interests'; interests: string[] }
	| { kind: 'default'; brand: string }

/** Interests that point at a brand with its own feed (spec 1 §3 interests). */
export const INTEREST_BRANDS: Readonly<Record<string, string>> = {
	pianos: 'main',
	synthesizers: 'main',
	keyboards_modules: 'main',
	recording_production: 'main',
	dance_dj: 'main',
	guitar_boss: 'effects',
	amplifiers: 'effects',
	drums_percussion: 'dw',
}

export const MAIN_BRAND = 'main'
/** How many product names the reason lists before saying "and N more". */
const REASON_PRODUCTS = 3

/**
 * The brands the feed favours: those of the user's registered products (most owned first), then
 * those of their interests, keeping only brands that have a feed; none of them gives the main
 * brand's. The reason says which it was, to tell the user on the page.
 */
export function choosePersonalBrands(
	input: { owned: readonly OwnedProduct[]; interests: readonly { value: string; label: string }[] },
	brandsWithFeed: readonly string[],
): { brands: string[]; reason: FeedReason } {
	const counts = new Map<string, number>()
	for (const product of input.owned)
		if (brandsWithFeed.includes(product.brand)) counts.set(product.brand, (counts.get(product.brand) ?? 0) + 1)
	// Map order is first registration, which breaks ties between equal counts.
	const ownedBrands = [...counts].sort((a, b) => b[1] - a[1]).map(([brand]) => brand)
	const interestBrands: string[] = []
	const interestLabels: string[] = []
	for (const interest of input.interests) {
		const brand = INTEREST_BRANDS[interest.value]
		if (!brand || !brandsWithFeed.includes(brand)) continue
		interestLabels.push(interest.label)
		if (!ownedBrands.includes(brand) && !interestBrands.includes(brand)) interestBrands.push(brand)
	}
	if (ownedBrands.length) {
		const names = [...new Set(input.owned.filter((p) => counts.has(p.brand)).map((p) => p.name))]
		return {
			brands: [...ownedBrands, ...interestBrands],
			reason: {
				kind: 'owned',
				products: names.slice(0, REASON_PRODUCTS),
				more: Math.max(0, names.length - REASON_PRODUCTS),
			},
		}
	}
	if (interestBrands.length) return { brands: interestBrands, reason: { kind: 'interests', interests: interestLabels } }
	return { brands: [MAIN_BRAND], reason: { kind: 'default', brand: MAIN_BRAND } }
}

// ------------------------------------------------------------------ where each brand's feed is

/**
 * The brands' feeds as the portal is configured with them: a video channel's uploads playlist,
 * and for the main brand its community page and photo account (the social proxy's ids).
 */
export const BRAND_FEEDS: Readonly<Record<string, Partial<Record<FeedSource, string>>>> = {
	main: { video: 'UU9LIilB6rAIsnyhereJycZr', community: '104880679567548', photo: '17841400966207751' },
	effects: { video: 'UUogDIksDhUorY0QvsTC2Ote' },
	dw: { video: 'UULEn2VipGYQzRYQ_q6rmtWt' },
}

export const BRANDS_WITH_FEED = Object.keys(BRAND_FEEDS)

export interface FeedStream {
	key: string
	source: FeedSource
	brand: string
	/** The upstream's id of the list: a playlist, a social page or account. */
	upstreamId: string
}

/**
 * The streams of a tab for the chosen brands: each brand's own list of a source, and the main
 * brand's when none of them has one (only the main brand has social accounts).
 */
export function feedStreams(tab: FeedTab, brands: readonly string[]): FeedStream[] {
	const streams: FeedStream[] = []
	for (const source of TAB_SOURCES[tab]) {
		const owners = brands.filter((brand) => BRAND_FEEDS[brand]?.[source])
		for (const brand of owners.length ? owners : [MAIN_BRAND]) {
			const upstreamId = BRAND_FEEDS[brand]?.[source]
			if (upstreamId) streams.push({ key: `${source}-${brand}`, source, brand, upstreamId })
		}
	}
	return streams
}
