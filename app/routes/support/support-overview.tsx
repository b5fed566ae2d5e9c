import { Link } from 'react-router'
import { SUPPORT_PROMISE } from '#app/domain/support-form-view.ts'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'
import type { loadSupportOverview } from './support-overview.server.ts'

type Overview = Awaited<ReturnType<typeof loadSupportOverview>>

/** `/support`: the forms, what the page promises, and the user's recent requests. */
export function SupportOverview({ data }: { data: Overview }) {
	const t = useT()
	return (
		<>
			<section aria-labelledby="support-forms-title">
				<h2 id="support-forms-title">{t('supportForms.overviewTitle')}</h2>
				<p>{t('supportForms.promise', { hours: String(SUPPORT_PROMISE.responseHours) })}</p>
				<p>{t('supportForms.officeHours')}</p>
				<ul className="link-list">
					{data.forms.map(({ tab, intro }) => (
						<li key={tab}>
							<Link to={`/support/${tab}`}>{t(`tab.${tab}`)}</Link>
							<span className="field-hint"> {t(intro as CatalogueKey)}</span>
						</li>
					))}
				</ul>
			</section>
			<section aria-labelledby="support-recent-title">
				<h2 id="support-recent-title">{t('supportForms.recentTitle')}</h2>
				{data.requests.length === 0 ? (
					<p>{t('supportForms.recentNone')}</p>
				) : (
					<table className="spec-table">
						<thead>
							<tr>
								<th scope="col">{t('supportForms.recentReference')}</th>
								<th scope="col">{t('supportForms.recentForm')}</th>
								<th scope="col">{t('supportForms.recentDate')}</th>
								<th scope="col">{t('supportForms.recentStatus')}</th>
							</tr>
						</thead>
						<tbody>
							{data.requests.map((request) => (
								<tr key={request.reference}>
									<td>{request.reference}</td>
									<td>
										{request.tab ? <Link to={`/support/${request.tab}`}>{request.formName}</Link> : request.formName}
									</td>
									<td>
										<time dateTime={request.dateTime}>{request.date}</time>
									</td>
									<td>{request.delivered ? t('supportForms.statusDelivered') : t('supportForms.statusWaiting')}</td>
								</tr>
							))}
						</tbody>
					</table>
				)}
			</section>
		</>
	)
}
