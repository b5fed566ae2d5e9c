/**
 * My Feed (spec 1 §2): `/feed/:tab?`, tabs all, video, community and photo (the root chooses the
 * tab and redirects an unknown one). The loader is in `feed.server.ts`, the rules in
 * app/domain/feed.ts. Items link out and nothing third-party loads before a click: pictures come
 * through the portal's picture route (ADR 0033) with their size given, lazily below the first row.
 */
import { useEffect, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import type { Route } from './+types/my-feed'
import type { FeedSource } from '#app/domain/feed.ts'
import { useT, type Translate } from '#app/ui/i18n.tsx'
import { loadFeed, type FeedCard, type FeedReasonView } from './feed.server.ts'

export async function loader(args: Route.LoaderArgs) {
	return loadFeed(args)
}

/** Above the fold on a phone or a desktop: a page's first pictures load at once, the rest when scrolled to. */
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

type FeedData = Awaited<ReturnType<typeof loadFeed>>

/**
 * With JavaScript, "More" appends the next page below the items already shown (the link's address
 * is loaded by a fetcher) and moves focus to the first new item; without, it is a plain link to the
 * next page.
 */
function useAppendedPages(data: FeedData) {
	const fetcher = useFetcher<FeedData>()
	const [state, setState] = useState<{ base: FeedData; more: FeedData[] }>({ base: data, more: [] })
	// A new page from the loader (another tab, a reload, a link) starts the list again.
	if (state.base !== data) setState({ base: data, more: [] })
	const appended = useRef<FeedData | undefined>(undefined)
	useEffect(() => {
		if (fetcher.state !== 'idle' || !fetcher.data || appended.current === fetcher.data) return
		const page = fetcher.data
		appended.current = page
		setState((current) => ({ ...current, more: [...current.more, page] }))
	}, [fetcher.state, fetcher.data])
	const last = state.more.at(-1) ?? state.base
	return {
		pages: state.more,
		moreHref: last.moreHref,
		loading: fetcher.state !== 'idle',
		load: (href: string) => fetcher.load(href),
	}
}

export default function MyFeed({ loaderData: data }: Route.ComponentProps) {
	const t = useT()
	const titleId = `feed-${data.tab}-title`
	const { pages, moreHref, loading, load } = useAppendedPages(data)
	const list = useRef<HTMLUListElement>(null)
	const shown = data.items.length + pages.reduce((sum, page) => sum + page.items.length, 0)
	const focusFrom = useRef<number | null>(null)
	useEffect(() => {
		if (focusFrom.current === null || shown <= focusFrom.current) return
		list.current?.querySelectorAll<HTMLAnchorElement>('h3 a')[focusFrom.current]?.focus()
		focusFrom.current = null
	}, [shown])
	const items = [...data.items, ...pages.flatMap((page) => page.items)]
	return (
		<section aria-labelledby={titleId} className="feed">
			<h2 id={titleId}>{t(`tab.${data.tab}`)}</h2>
			<p className="feed-reason">{reasonText(t, data.reason)}</p>
			<Notices data={data} />
			{items.length ? (
				<ul className="feed-list" ref={list}>
					{items.map((item, index) => (
						<li key={`${item.source}:${item.id}`}>
							<FeedEntry item={item} eager={index < EAGER_IMAGES} />
						</li>
					))}
				</ul>
			) : data.badTokens.length || data.failed.length ? null : (
				<p>{t('feed.empty')}</p>
			)}
			{pages.map((page, index) => (
				<Notices key={index} data={page} />
			))}
			{moreHref ? (
				<p className="feed-more">
					<Link
						to={moreHref}
						className="button"
						aria-disabled={loading || undefined}
						onClick={(event) => {
							if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
							event.preventDefault()
							if (loading) return
							focusFrom.current = items.length
							load(moreHref)
						}}
					>
						{t('feed.more')}
					</Link>
				</p>
			) : null}
		</section>
	)
}

/** A bad token's message with the way back to the first page, and a line per failing source. */
function Notices({ data }: { data: FeedData }) {
	const t = useT()
	return (
		<>
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
		</>
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
