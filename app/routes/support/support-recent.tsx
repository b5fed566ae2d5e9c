import { Link } from 'react-router'
import { useT } from '#app/ui/i18n.tsx'
import type { RecentRequest } from './support-recent.server.ts'

/** The user's recent requests, below every support form. */
export function RecentRequests({ requests }: { requests: RecentRequest[] }) {
	const t = useT()
	return (
		<section aria-labelledby="support-recent-title">
			<h2 id="support-recent-title">{t('supportForms.recentTitle')}</h2>
			{requests.length === 0 ? (
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
						{requests.map((request) => (
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
	)
}
