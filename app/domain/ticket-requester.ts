/**
 * Who a ticket is from. A visitor's ticket names whoever the form names. A signed-in customer's
 * names the account: its id and its verified email are the requester, whatever email the form
 * was given, so no one can file a ticket in another person's name. A different contact email the
 * customer typed is kept, labelled as such in the ticket's text, for the agent to see.
 */

export interface TicketParty {
	ticket: { comment: { body: string } }
	request: { requester: { name: string; email: string }; userId?: string }
}

export interface SignedInAccount {
	userId: string
	/** The account's email: verified when the account was activated. */
	email: string
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The ticket with the account as its requester. `otherEmailLabel` titles the line that keeps an
 * email typed in the form that is not the account's.
 */
export function fromAccount<T extends TicketParty>(ticket: T, account: SignedInAccount, otherEmailLabel: string): T {
	const typed = ticket.request.requester.email.trim()
	const other = typed && !sameEmail(typed, account.email) ? `\n\n${otherEmailLabel}: ${typed}` : ''
	return {
		...ticket,
		ticket: { ...ticket.ticket, comment: { ...ticket.ticket.comment, body: ticket.ticket.comment.body + other } },
		request: {
			...ticket.request,
			requester: { name: ticket.request.requester.name.trim() || account.email, email: account.email },
			userId: account.userId,
		},
	}
}
