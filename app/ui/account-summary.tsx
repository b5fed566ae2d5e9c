import type { AccountSummary } from '#app/domain/account-summary.ts'
import { useT } from './i18n.tsx'

/** Name and email of the signed-in account, as a definition list. */
export function AccountSummaryList({ name, email }: AccountSummary) {
	const t = useT()
	return (
		<dl className="summary">
			<dt>{t('profile.name')}</dt>
			<dd>{name}</dd>
			<dt>{t('field.email')}</dt>
			<dd>{email}</dd>
		</dl>
	)
}
