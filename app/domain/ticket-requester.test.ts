import { describe, expect, it } from 'vitest'
import { fromAccount, type TicketParty } from './ticket-requester.ts'

type Ticket = TicketParty & { ticket: { subject: string }; request: { cultureCode: string }; brand: string }

const ticket = (email: string): Ticket => ({
	ticket: { subject: 'Help', comment: { body: 'My question' } },
	request: { requester: { name: 'Alex Owner', email }, cultureCode: 'en-US' },
	brand: 'main',
})
const account = { userId: 'user-1', email: 'owner@example.com' }

describe('fromAccount', () => {
	it('names the account as the requester, whatever email the form gave', () => {
		const signed = fromAccount(ticket('staff@roland.com'), account, 'Contact email given (not the account’s)')
		expect(signed.request.requester).toEqual({ name: 'Alex Owner', email: 'owner@example.com' })
		expect(signed.request.userId).toBe('user-1')
		expect(signed.request.cultureCode).toBe('en-US')
	})

	it('keeps a different contact email, labelled as such, in the text', () => {
		const signed = fromAccount(ticket('staff@roland.com'), account, 'Contact email given (not the account’s)')
		expect(signed.ticket.comment.body).toBe('My question\n\nContact email given (not the account’s): staff@roland.com')
	})

	it("adds nothing when the form's email is the account's", () => {
		const signed = fromAccount(ticket(' Owner@Example.com '), account, 'Other')
		expect(signed.ticket.comment.body).toBe('My question')
	})
})
