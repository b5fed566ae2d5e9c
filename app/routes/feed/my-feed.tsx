/**
 * My Feed (spec 1 §2): `/feed/:tab?`, tabs all, video, community and photo (the root chooses the
 * tab and redirects an unknown one). The loader is in `feed.server.ts`, the rules in
 * app/domain/feed.ts. Items link out and nothing third-party loads before a click: pictures come
 * from the upstreams' image addresses with their size given, lazily below the first row.
 */
import { Link } from 'react-router'
import type { Route } from './+types/my-feed'
import type { FeedSource } from '#app/domain/feed.ts'
import { useT, type Translate } from '#app/ui/i18n.tsx'
import { loadFeed, type FeedCard, type FeedReasonView } from './feed.server.ts'

export async function loader(args: Route.LoaderArgs) {
	return loadFeed(args)
}

/** Above the fold on a phone or a desktop: the first pictures load at once, the rest when scrolled to. */
const EAGER_IMAGES = 2

const SOURCE_LABELS = {
	video: 'feed.source.video',
	community: 'feed.source.community',
	photo: 'feed.source.photo',
} as const satisfies Record<FeedSource, string>

const TOKEN_MESSAGES = {
	video: 'feed.tokenNotFound.video',
	community: 'feed.tokenNotFound.community',
	photo: 'feed.tokenNotFound.photo',
} as const satisfies Record<FeedSource, string>

const UNAVAILABLE = {
	video: 'feed.unavailable.video',
	community: 'feed.unavailable.community',
	photo: 'feed.unavailable.photo',
} as const satisfies Record<FeedSource, string>

function reasonText(t: Translate, reason: FeedReasonView): string {
	switch (reason.kind) {
		case 'owned':
			return t('feed.reason.owned', { products: reason.products })
		case 'interests':
			return t('feed.reason.interests', { interests: reason.interests })
		case 'default':
			return t('feed.reason.default', { brand: reason.brand })
	}
}

export default function MyFeed({ loaderData: data }: Route.ComponentProps) {
	const t = useT()
	const titleId = `feed-${data.tab}-title`
	return (
		<section aria-labelledby={titleId} className="feed">
			<h2 id={titleId}>{t(`tab.${data.tab}`)}</h2>
			<p className="feed-reason">{reasonText(t, data.reason)}</p>
			{data.badTokens.map((source) => (
				<p key={`token-${source}`} className="notice" role="alert">
					{t(TOKEN_MESSAGES[source])}
				</p>
			))}
			{data.failed.map((source) => (
				<p key={`failed-${source}`} className="notice">
					{t(UNAVAILABLE[source])}
				</p>
			))}
			{data.firstPageHref ? (
				<p>
					<Link to={data.firstPageHref}>{t('feed.firstPage')}</Link>
				</p>
			) : null}
			{data.items.length ? (
				<ul className="feed-list">
					{data.items.map((item, index) => (
						<li key={`${item.source}:${item.id}`}>
							<FeedEntry item={item} eager={data.firstPage && index < EAGER_IMAGES} />
						</li>
					))}
				</ul>
			) : data.badTokens.length || data.failed.length ? null : (
				<p>{t('feed.empty')}</p>
			)}
			{data.moreHref ? (
				<p className="feed-more">
					<Link to={data.moreHref} className="button" preventScrollReset={false}>
						{t('feed.more')}
					</Link>
				</p>
			) : null}
		</section>
	)
}

function FeedEntry({ item, eager }: { item: FeedCard; eager: boolean }) {
	const t = useT()
	const title = item.title || t(SOURCE_LABELS[item.source])
	return (
		<article className="feed-item">
			{item.image ? (
				<img
					src={item.image.url}
					width={item.image.width}
					height={item.image.height}
					alt={title}
					loading={eager ? 'eager' : 'lazy'}
					decoding="async"
					referrerPolicy="no-referrer"
				/>
			) : null}
			<h3>
				<a href={item.link} rel="noopener noreferrer">
					{title}
				</a>
			</h3>
			<p className="feed-meta">
				{t(SOURCE_LABELS[item.source])} · <time dateTime={item.publishedAt}>{item.dateText}</time>
			</p>
		</article>
	)
}
