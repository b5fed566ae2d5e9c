/**
 * The feed's upstream pages through the portal's cache: a channel's uploads (video API) and the
 * social proxy's posts and media, each kept per list and page token for a few minutes. The
 * content is public, the same for every user, so one user's page warms the next user's. A failed
 * call keeps nothing: the next page view asks again.
 */
import { cachified } from '@epic-web/cachified'
import type { FeedItem, FeedSource, StreamPage } from '../domain/feed.ts'
import { checkShared, getCache, type PortalCache } from './cache.server.ts'
import type { SocialFeed } from './contract/help-centre.ts'
import type { PlaylistItemList } from './contract/video.ts'
import { getSocialFeed } from './help-centre.server.ts'
import { getPlaylistItems } from './video.server.ts'

/** A few minutes: new posts show soon, and a page of the feed asks the upstreams nothing in between. */
export const FEED_CACHE_MS = 5 * 60_000

let override: PortalCache | undefined
const cache = () => override ?? getCache()

/** For tests: use this cache instead of the shared one (undefined: the shared one again). */
export function setFeedCache(next: PortalCache | undefined): void {
	override = next
}

const WATCH_URL = 'https://www.youtube.com/watch?v='
/** A post's title is its first line, cut to a readable length. */
const TITLE_LENGTH = 100

function titleOf(text: string | undefined): string {
	const line = (text ?? '').split('\n')[0]!.trim()
	return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1).trimEnd()}…` : line
}

/** Social pictures come without their size; the feed shows them in a square box of this size. */
export const SOCIAL_IMAGE_SIZE = 320

export function videoPageOf(list: PlaylistItemList): StreamPage {
	return {
		items: list.items.map((item): FeedItem => {
			const videoId = item.contentDetails?.videoId ?? item.snippet.resourceId.videoId
			const thumbnail = item.snippet.thumbnails.medium
			return {
				id: videoId,
				source: 'video',
				title: item.snippet.title,
				publishedAt: item.contentDetails?.videoPublishedAt ?? item.snippet.publishedAt,
				link: `${WATCH_URL}${encodeURIComponent(videoId)}`,
				image: { url: thumbnail.url, width: thumbnail.width, height: thumbnail.height },
			}
		}),
		nextToken: list.nextPageToken ?? null,
	}
}

export function socialPageOf(feed: SocialFeed): StreamPage {
	const square = (url: string | undefined) =>
		url ? { url, width: SOCIAL_IMAGE_SIZE, height: SOCIAL_IMAGE_SIZE } : null
	const items: FeedItem[] =
		feed.kind === 'page'
			? feed.data.flatMap((post) =>
					post.permalink_url && post.created_time
						? [
								{
									id: post.id,
									source: 'community' as const,
									title: titleOf(post.message),
									publishedAt: post.created_time,
									link: post.permalink_url,
									image: square(post.full_picture),
								},
							]
						: [],
				)
			: feed.data.flatMap((media) =>
					media.permalink && media.timestamp
						? [
								{
									id: media.id,
									source: 'photo' as const,
									title: titleOf(media.caption),
									publishedAt: media.timestamp,
									link: media.permalink,
									image: square(media.media_url),
								},
							]
						: [],
				)
	return { items, nextToken: feed.paging.next }
}

function isStreamPage(value: unknown): value is StreamPage {
	return (
		typeof value === 'object' &&
		value !== null &&
		Array.isArray((value as StreamPage).items) &&
		((value as StreamPage).nextToken === null || typeof (value as StreamPage).nextToken === 'string')
	)
}

export interface StreamPageQuery {
	source: FeedSource
	/** The playlist, social page or photo account. */
	upstreamId: string
	token: string | null
	/** The user's, for the social proxy (the account API asks for one). */
	accessToken: string
	signal?: AbortSignal
}

/** One upstream page of a feed stream, newest first. */
export function getStreamPage(query: StreamPageQuery): Promise<StreamPage> {
	return cachified({
		key: `feed:${query.source}:${query.upstreamId}:${query.token ?? ''}`,
		cache: cache(),
		ttl: FEED_CACHE_MS,
		checkValue: checkShared(cache(), isStreamPage),
		getFreshValue: async () =>
			query.source === 'video'
				? videoPageOf(
						await getPlaylistItems({ playlistId: query.upstreamId, pageToken: query.token ?? undefined }, query.signal),
					)
				: socialPageOf(
						await getSocialFeed(query.accessToken, query.upstreamId, { after: query.token ?? undefined }, query.signal),
					),
	})
}
