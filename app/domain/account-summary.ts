/** Who is signed in, as the account home and the profile tab show it. */
export interface AccountSummary {
	firstName: string
	lastName: string
	email: string
}
