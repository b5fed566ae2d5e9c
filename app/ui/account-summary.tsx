import type { AccountSummary } from '#app/domain/account-summary.ts'
import { useT } from './i18n.tsx'

/** Name and email of the signed-in account, as a definition list. */
export function AccountSummaryList({ firstName, lastName, email }: AccountSummary) {
	const t = useT()
	return (
		<dl className="summary">
			<dt>{t('field.firstName')}</dt>
			<dd>{firstName}</dd>
			<dt>{t('field.lastName')}</dt>
			<dd>{lastName}</dd>
			<dt>{t('field.email')}</dt>
			<dd>{email}</dd>
		</dl>
	)
}
