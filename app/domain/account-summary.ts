import { nameCulture, personName } from './culture.ts'

/** Who is signed in, as the account home and the profile tab show it. */
export interface AccountSummary {
	/** The name as the culture writes it (`personName`): 山田太郎 in ja-JP, Robin Keys elsewhere. */
	name: string
	email: string
}

/** The summary of an account record, read on a page of `pageCulture`. */
export function accountSummary(
	pageCulture: string,
	me: {
		firstName?: string | null
		lastName?: string | null
		email: string
		cultureCode?: { value: string } | null
	},
): AccountSummary {
	return { name: personName(nameCulture(pageCulture, me.cultureCode?.value), me), email: me.email }
}
