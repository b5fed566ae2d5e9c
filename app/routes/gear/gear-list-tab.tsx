import type { MouseEvent } from 'react'
import { Form, Link, useNavigate } from 'react-router'
import { useT } from '#app/ui/i18n.tsx'
import type { gearListAction, GearListItem, loadGearList } from './gear-list.server.ts'

type Data = Awaited<ReturnType<typeof loadGearList>>
type Follow = (event: MouseEvent<HTMLAnchorElement>) => void

/**
 * Client-side navigation for the list's many links: plain anchors that one handler follows without
 * reloading the page, as `Link` does (a left click without modifier keys). A page of twelve cards
 * has some fifty links, and rendering each as a `Link` on the server costs more than the rest of
 * the card; without JavaScript they are the same anchors.
 */
function useFollow(): Follow {
	const navigate = useNavigate()
	return (event) => {
		if (event.defaultPrevented || event.button || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
			return
		event.preventDefault()
		void navigate(event.currentTarget.getAttribute('href')!)
	}
}

/**
 * The tab `my_gear`: the user's registered products, twelve a page, sorted as chosen. The loader
 * makes every address, so the browser carries none of the list's rules.
 */
export function GearListTab({ data }: { data: Data; answer?: Awaited<ReturnType<typeof gearListAction>> }) {
	const t = useT()
	const follow = useFollow()
	if (data.total === 0)
		return (
			<section aria-labelledby="gear-title">
				<h2 id="gear-title">{t('gear.listTitle')}</h2>
				<div className="notice">
					<p>{t('gear.empty')}</p>
					<p>
						<Link className="button primary" to="/gear/register_product">
							{t('gear.registerFirst')}
						</Link>
					</p>
				</div>
			</section>
		)
	return (
		<section aria-labelledby="gear-title">
			<h2 id="gear-title">{t('gear.listTitle')}</h2>
			{/* A GET form: a sort is an address like a page. A new sort in the address resets the select. */}
			<Form key={data.sort} method="get" action="/gear/my_gear" className="gear-sort">
				<label htmlFor="gear-sort">{t('gear.sortBy')}</label>
				<select id="gear-sort" name="sort" defaultValue={data.sort}>
					{data.sorts.map((value) => (
						<option key={value} value={value}>
							{t(`gear.sort.${value}`)}
						</option>
					))}
				</select>
				<button type="submit" className="button">
					{t('gear.applySort')}
				</button>
			</Form>
			<p>{t('gear.showing', { from: data.from, to: data.to, total: data.total })}</p>
			<ul className="gear-list">
				{data.items.map((item, index) => (
					<li key={item.id}>
						<GearCard item={item} titleId={`gear-${index + 1}`} follow={follow} first={index === 0} />
					</li>
				))}
			</ul>
			{data.pages.length > 0 ? (
				<nav className="pagination" aria-label={t('gear.pages')}>
					<ul>
						{data.previous ? (
							<li>
								<a href={data.previous} rel="prev" onClick={follow}>
									{t('gear.previousPage')}
								</a>
							</li>
						) : null}
						{data.pages.map(({ n, href, current }) => (
							<li key={n}>
								<a
									href={href}
									aria-current={current ? 'page' : undefined}
									aria-label={t('gear.page', { n })}
									onClick={follow}
								>
									{n}
								</a>
							</li>
						))}
						{data.next ? (
							<li>
								<a href={data.next} rel="next" onClick={follow}>
									{t('gear.nextPage')}
								</a>
							</li>
						) : null}
					</ul>
				</nav>
			) : null}
		</section>
	)
}

function GearCard({
	item,
	titleId,
	follow,
	first,
}: {
	item: GearListItem
	titleId: string
	follow: Follow
	first: boolean
}) {
	const t = useT()
	return (
		<article className="gear-card" aria-labelledby={titleId}>
			{/* The name beside it says what it shows. The first card's picture is on a phone's first screen, the
			    largest thing painted there (ADR 0062): fetched at once and first; the others when scrolled to. */}
			{item.image ? (
				<img
					className="gear-image"
					src={item.image}
					alt=""
					width="120"
					height="90"
					{...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
				/>
			) : (
				<span className="gear-image" aria-hidden="true" />
			)}
			<div className="gear-details">
				<h3 id={titleId}>
					<a href={item.href} onClick={follow}>
						{item.name}
					</a>
				</h3>
				<dl className="summary">
					<dt>{t('gear.brand')}</dt>
					<dd>{item.brand}</dd>
					<dt>{t('gear.serialCode')}</dt>
					<dd>{item.serialCode}</dd>
					<dt>{t('gear.purchaseDate')}</dt>
					<dd>{item.purchaseDateText ?? t('gear.notGiven')}</dd>
				</dl>
				<RegistrationState item={item} />
				<ul className="gear-actions">
					{item.status === 'failed' ? null : (
						<li>
							<a href={`${item.href}#purchase-details`} onClick={follow}>
								{t('gear.edit')}
							</a>
						</li>
					)}
					<li>
						<a href={`${item.href}/unregister`} onClick={follow}>
							{t('gear.unregister')}
						</a>
					</li>
					<li>
						<a href={`/products/${encodeURIComponent(item.slug)}`} onClick={follow}>
							{t('gear.productInfo')}
						</a>
					</li>
				</ul>
			</div>
		</article>
	)
}

/** A registration still pending or one that failed says so (spec 1 §4); a completed one needs no word. */
export function RegistrationState({ item }: { item: Pick<GearListItem, 'id' | 'status'> }) {
	const t = useT()
	if (item.status === 'pending')
		return (
			<p className="gear-status">
				{t('gear.pending')}{' '}
				<Link to={`/gear/register_product/${encodeURIComponent(item.id)}`}>{t('gear.checkStatus')}</Link>
			</p>
		)
	if (item.status === 'failed')
		return (
			<p className="gear-status gear-failed">
				<strong>{t('gear.failed')}</strong> {t('errors.registrationFailed')}
			</p>
		)
	return null
}
