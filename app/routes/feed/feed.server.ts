import type { Route } from './+types/my-feed'
import {
	BRANDS_WITH_FEED,
	choosePersonalBrands,
	cursorFits,
	encodeFeedPage,
	FEED_TABS,
	feedStreams,
	mergeFeedPage,
	needsFollowing,
	parseFeedPage,
	type FeedImage,
	type FeedItem,
	type FeedReason,
	type FeedSource,
	type FeedTab,
	type StreamCursor,
	type StreamRead,
} from '#app/domain/feed.ts'
import { formatDay, formatList, formatListWithMore } from '#app/domain/formats.ts'
import { getI18n, translatorFor } from '#app/i18n/i18n.server.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { orUpstreamUnavailable } from '#app/responses.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { cachedMe } from '#app/session/me.server.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { getStreamPage } from '#app/upstream/feed.server.ts'
import { pictureSrc } from '#app/upstream/pictures.server.ts'
import { getMasterData } from '#app/upstream/master-data.server.ts'

/** Labels of a master list by value, in the culture; without the list, the values stand for themselves. */
async function labels(
	list: 'products' | 'interests' | 'brands',
	culture: string,
): Promise<ReadonlyMap<string, string>> {
	try {
		const items = await getMasterData(list, culture)
		return new Map(
			items.map((item) => [list === 'products' ? String((item as { slug?: string }).slug) : item.value, item.label]),
		)
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled) throw error
		return new Map()
	}
}

/** An item's picture as the portal serves it (ADR 0033); one from a host off the allow-list is not shown. */
function feedPicture(image: FeedImage | null): FeedImage | null {
	const src = pictureSrc(image?.url)
	return image && src ? { ...image, url: src } : null
}

/** A 404 naming the next-page token: the token was not one the source handed out, or has expired. */
function isBadToken(error: unknown): boolean {
	return isUpstreamError(error) && error.status === 404 && /next-page token/i.test(error.message)
}

type StreamOutcome =
	| { kind: 'read'; read: StreamRead }
	| { kind: 'badToken'; source: FeedSource }
	| { kind: 'failed'; source: FeedSource; key: string; cursor: StreamCursor }

export interface FeedCard extends FeedItem {
	dateText: string
}

export type FeedReasonView =
	{ kind: 'owned'; products: string } | { kind: 'interests'; interests: string } | { kind: 'default'; brand: string }

function reasonView(
	reason: FeedReason,
	culture: string,
	brandLabels: ReadonlyMap<string, string>,
	translate: (key: string, values: Record<string, number>) => string,
): FeedReasonView {
	switch (reason.kind) {
		case 'owned':
			return {
				kind: 'owned',
				products: formatListWithMore(reason.products, reason.more, culture, (count) =>
					translate('feed.reason.more', { count }),
				),
			}
		case 'interests':
			return { kind: 'interests', interests: formatList(reason.interests, culture) }
		case 'default':
			return { kind: 'default', brand: brandLabels.get(reason.brand) ?? reason.brand }
	}
}

/**
 * A page of the feed: the user's record and the labels first (all kept a while), then every
 * stream of the tab at once; a stream that fails or whose token is bad leaves the others.
 */
export async function loadFeed({ context, request, params, url }: Route.LoaderArgs) {
	const tab: FeedTab = FEED_TABS.find((name) => name === params.tab) ?? 'all'
	const credentials = await requireCredentials(context, request)
	const { culture } = context.get(preferencesContext)
	const [me, productLabels, interestLabels, brandLabels] = await orUpstreamUnavailable(
		Promise.all([
			cachedMe(credentials, { signal: request.signal }),
			labels('products', culture),
			labels('interests', culture),
			labels('brands', culture),
		]),
	)
	const { brands, reason } = choosePersonalBrands(
		{
			owned: me.registeredProducts.map((registration) => ({
				brand: registration.product.brand.value,
				name: productLabels.get(registration.product.slug) ?? registration.product.slug,
			})),
			interests: me.interests.map(({ interest }) => ({
				value: interest.value,
				label: interestLabels.get(interest.value) ?? interest.value,
			})),
		},
		BRANDS_WITH_FEED,
	)
	const streams = feedStreams(tab, brands)
	const { cursors, badStreams } = parseFeedPage(
		url.searchParams.get('page'),
		streams.map((stream) => stream.key),
	)

	const outcomes = await Promise.all(
		streams.flatMap((stream): Promise<StreamOutcome>[] => {
			if (badStreams.includes(stream.key)) return [Promise.resolve({ kind: 'badToken', source: stream.source })]
			const cursor = cursors.get(stream.key)
			if (!cursor) return []
			const read = (token: string | null) =>
				getStreamPage({
					source: stream.source,
					upstreamId: stream.upstreamId,
					token,
					accessToken: credentials.accessToken,
					signal: request.signal,
				})
			return [
				read(cursor.token).then(
					async (page): Promise<StreamOutcome> => {
						if (!cursorFits(cursor, page)) return { kind: 'badToken', source: stream.source }
						// Without the following page the feed page stops short; it is only asked when needed, and cached.
						const following =
							page.nextToken && needsFollowing(cursor, page)
								? await read(page.nextToken).catch((error: unknown) => {
										if (!isUpstreamError(error) || error.cancelled) throw error
										return undefined
									})
								: undefined
						return { kind: 'read', read: { key: stream.key, cursor, page, following } }
					},
					(error: unknown): StreamOutcome => {
						if (!isUpstreamError(error) || error.cancelled) throw error
						return isBadToken(error)
							? { kind: 'badToken', source: stream.source }
							: { kind: 'failed', source: stream.source, key: stream.key, cursor }
					},
				),
			]
		}),
	)

	const reads = outcomes.flatMap((outcome) => (outcome.kind === 'read' ? [outcome.read] : []))
	const sourcesWith = (kind: 'badToken' | 'failed') => [
		...new Set(outcomes.flatMap((outcome) => (outcome.kind === kind ? [outcome.source] : []))),
	]
	const { items, next } = mergeFeedPage(reads)
	// A stream that failed is asked again from the same place on the next page.
	for (const outcome of outcomes) if (outcome.kind === 'failed') next.set(outcome.key, outcome.cursor)
	const badTokens = sourcesWith('badToken')
	return {
		tab,
		reason: reasonView(reason, culture, brandLabels, translatorFor(getI18n(context))),
		items: items.map((item): FeedCard => ({
			...item,
			image: feedPicture(item.image),
			dateText: formatDay(item.publishedAt, culture),
		})),
		moreHref: next.size ? `/feed/${tab}?${new URLSearchParams({ page: encodeFeedPage(next) })}` : null,
		badTokens,
		failed: sourcesWith('failed'),
		firstPageHref: badTokens.length ? `/feed/${tab}` : null,
	}
}
