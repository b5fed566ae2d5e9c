import { useCallback, useId, type MouseEvent } from 'react'
import { Form, Link, useNavigate } from 'react-router'
import { GEAR_SORTS, gearListHref, type GearSort } from '#app/domain/gear-list.ts'
import { useT } from '#app/ui/i18n.tsx'
import type { gearListAction, GearListItem, loadGearList } from './gear-list.server.ts'

type Follow = (event: MouseEvent<HTMLAnchorElement>) => void

/**
 * Client-side navigation for the list's many links: plain anchors that one handler follows without
 * reloading the page, as `Link` does (a left click without modifier keys). A page of twelve cards
 * has some fifty links, and rendering each as a `Link` on the server costs more than the rest of
 * the card; without JavaScript they are the same anchors.
 */
function useFollow(): Follow {
	const navigate = useNavigate()
	return useCallback(
		(event) => {
			if (event.defaultPrevented || event.button !== 0) return
			if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
			event.preventDefault()
			void navigate(event.currentTarget.getAttribute('href') ?? '')
		},
		[navigate],
	)
}

/** The tab `my_gear`: the user's registered products, twelve a page, sorted as chosen. */
export function GearListTab({
	data,
}: {
	data: Awaited<ReturnType<typeof loadGearList>>
	answer?: Awaited<ReturnType<typeof gearListAction>>
}) {
	const t = useT()
	const follow = useFollow()
	return (
		<section aria-labelledby="gear-title">
			<h2 id="gear-title">{t('tab.my_gear')}</h2>
			{data.total === 0 ? (
				<div className="notice">
					<p>{t('gear.empty')}</p>
					<p>
						<Link className="button primary" to="/gear/register_product">
							{t('gear.registerFirst')}
						</Link>
					</p>
				</div>
			) : (
				<>
					<SortForm sort={data.sort} />
					<p>{t('gear.showing', { from: data.from, to: data.to, total: data.total })}</p>
					<ul className="gear-list">
						{data.items.map((item, index) => (
							<li key={item.id}>
								<GearCard item={item} titleId={`gear-${index + 1}`} follow={follow} />
							</li>
						))}
					</ul>
					<Pages sort={data.sort} page={data.page} pageCount={data.pageCount} follow={follow} />
				</>
			)}
		</section>
	)
}

/** A GET form, so a sort is an address like a page, and works without JavaScript. */
function SortForm({ sort }: { sort: GearSort }) {
	const t = useT()
	const id = useId()
	return (
		// A new sort in the address resets the select to it.
		<Form key={sort} method="get" action="/gear/my_gear" className="gear-sort">
			<label htmlFor={id}>{t('gear.sortBy')}</label>
			<select id={id} name="sort" defaultValue={sort}>
				{GEAR_SORTS.map((value) => (
					<option key={value} value={value}>
						{t(`gear.sort.${value}`)}
					</option>
				))}
			</select>
			<button type="submit" className="button">
				{t('gear.applySort')}
			</button>
		</Form>
	)
}

function GearCard({ item, titleId, follow }: { item: GearListItem; titleId: string; follow: Follow }) {
	const t = useT()
	const path = `/gear/my_gear/${encodeURIComponent(item.id)}`
	return (
		<article className="gear-card" aria-labelledby={titleId}>
			{/* The name beside it says what it shows. */}
			{item.image ? (
				<img className="gear-image" src={item.image} alt="" width="120" height="90" loading="lazy" />
			) : (
				<span className="gear-image" aria-hidden="true" />
			)}
			<div className="gear-details">
				<h3 id={titleId}>
					<a href={path} onClick={follow}>
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
							<a href={`${path}#purchase-details`} onClick={follow}>
								{t('gear.edit')}
							</a>
						</li>
					)}
					<li>
						<a href={`${path}/unregister`} onClick={follow}>
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

/** Page links: plain addresses (`?page=`), the current one marked. */
function Pages({ sort, page, pageCount, follow }: { sort: GearSort; page: number; pageCount: number; follow: Follow }) {
	const t = useT()
	if (pageCount <= 1) return null
	const pages = Array.from({ length: pageCount }, (_, index) => index + 1)
	return (
		<nav className="pagination" aria-label={t('gear.pages')}>
			<ul>
				{page > 1 ? (
					<li>
						<a href={gearListHref({ sort, page: page - 1 })} rel="prev" onClick={follow}>
							{t('gear.previousPage')}
						</a>
					</li>
				) : null}
				{pages.map((n) => (
					<li key={n}>
						<a
							href={gearListHref({ sort, page: n })}
							aria-current={n === page ? 'page' : undefined}
							aria-label={t('gear.page', { n })}
							onClick={follow}
						>
							{n}
						</a>
					</li>
				))}
				{page < pageCount ? (
					<li>
						<a href={gearListHref({ sort, page: page + 1 })} rel="next" onClick={follow}>
							{t('gear.nextPage')}
						</a>
					</li>
				) : null}
			</ul>
		</nav>
	)
}
