import { useId } from 'react'
import { Form, Link } from 'react-router'
import { GEAR_SORTS, gearListHref, type GearSort } from '#app/domain/gear-list.ts'
import { useT } from '#app/ui/i18n.tsx'
import type { gearListAction, GearItem, loadGearList } from './gear-list.server.ts'

const SORT_LABELS = {
	purchaseDateDesc: 'gear.sort.purchaseDateDesc',
	purchaseDateAsc: 'gear.sort.purchaseDateAsc',
	productNameAsc: 'gear.sort.productNameAsc',
	productNameDesc: 'gear.sort.productNameDesc',
} as const satisfies Record<GearSort, string>

/** The tab `my_gear`: the user's registered products, twelve a page, sorted as chosen. */
export function GearListTab({
	data,
}: {
	data: Awaited<ReturnType<typeof loadGearList>>
	answer?: Awaited<ReturnType<typeof gearListAction>>
}) {
	const t = useT()
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
						{data.items.map((item) => (
							<li key={item.id}>
								<GearCard item={item} />
							</li>
						))}
					</ul>
					<Pages sort={data.sort} page={data.page} pageCount={data.pageCount} />
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
						{t(SORT_LABELS[value])}
					</option>
				))}
			</select>
			<button type="submit" className="button">
				{t('gear.applySort')}
			</button>
		</Form>
	)
}

function GearCard({ item }: { item: GearItem }) {
	const t = useT()
	const titleId = `gear-${item.id}`
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
					<Link to={`/gear/my_gear/${encodeURIComponent(item.id)}`}>{item.name}</Link>
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
							<Link to={`/gear/my_gear/${encodeURIComponent(item.id)}#purchase-details`}>{t('gear.edit')}</Link>
						</li>
					)}
					<li>
						<Link to={`/gear/my_gear/${encodeURIComponent(item.id)}/unregister`}>{t('gear.unregister')}</Link>
					</li>
					<li>
						<Link to={`/products/${encodeURIComponent(item.slug)}`}>{t('gear.productInfo')}</Link>
					</li>
				</ul>
			</div>
		</article>
	)
}

/** A registration still pending or one that failed says so (spec 1 §4); a completed one needs no word. */
export function RegistrationState({ item }: { item: Pick<GearItem, 'id' | 'status'> }) {
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
function Pages({ sort, page, pageCount }: { sort: GearSort; page: number; pageCount: number }) {
	const t = useT()
	if (pageCount <= 1) return null
	const pages = Array.from({ length: pageCount }, (_, index) => index + 1)
	return (
		<nav className="pagination" aria-label={t('gear.pages')}>
			<ul>
				{page > 1 ? (
					<li>
						<Link to={gearListHref({ sort, page: page - 1 })} rel="prev">
							{t('gear.previousPage')}
						</Link>
					</li>
				) : null}
				{pages.map((n) => (
					<li key={n}>
						<Link
							to={gearListHref({ sort, page: n })}
							aria-current={n === page ? 'page' : undefined}
							aria-label={t('gear.page', { n })}
						>
							{n}
						</Link>
					</li>
				))}
				{page < pageCount ? (
					<li>
						<Link to={gearListHref({ sort, page: page + 1 })} rel="next">
							{t('gear.nextPage')}
						</Link>
					</li>
				) : null}
			</ul>
		</nav>
	)
}
