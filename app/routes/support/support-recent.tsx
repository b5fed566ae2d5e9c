import { Link } from 'react-router'
import { DataTable } from '#app/ui/data-table.tsx'
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
				<DataTable
					className="spec-table"
					columns={[
						t('supportForms.recentReference'),
						t('supportForms.recentForm'),
						t('supportForms.recentDate'),
						t('supportForms.recentStatus'),
					]}
					rows={requests.map((request) => ({
						key: request.reference,
						cells: [
							request.reference,
							request.tab ? <Link to={`/support/${request.tab}`}>{request.formName}</Link> : request.formName,
							<time dateTime={request.dateTime}>{request.date}</time>,
							request.delivered ? t('supportForms.statusDelivered') : t('supportForms.statusWaiting'),
						],
					}))}
				/>
			)}
		</section>
	)
}
