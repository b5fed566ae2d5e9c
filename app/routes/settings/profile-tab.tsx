import type { AccountSummary } from '#app/domain/account-summary.ts'
import { AccountSummaryList } from '#app/ui/account-summary.tsx'
import { ComingSoon } from '#app/ui/coming-soon.tsx'
import { useT } from '#app/ui/i18n.tsx'

/** The profile tab: who is signed in (its editing comes with the profile form). */
export function ProfileTab({ profile }: { profile: AccountSummary }) {
	const t = useT()
	return (
		<section aria-labelledby="profile-title">
			<h2 id="profile-title">{t('tab.profile')}</h2>
			<AccountSummaryList {...profile} />
			<ComingSoon />
		</section>
	)
}
