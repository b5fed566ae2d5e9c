import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { supportAppOfPath } from './contact-fields.ts'
import { AppSupportSchema, ContactUsSchema } from './contact-form.ts'
import { appSupportTag, buildAppSupportTicket, buildContactUsTicket } from './contact-ticket.ts'

const labels = { contactName: 'Contact name', email: 'Email', subject: 'Subject', details: 'Details' }

function errorsOf(schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.append(name, value)
	const submission = parseWithZod(form, { schema })
	expect(submission.status).toBe('error')
	return submission.reply().error
}

describe('the contact forms (spec 2 §5: contact name, email, subject and details required)', () => {
	it('reports every missing field at once, in the spec’s words', () => {
		expect(errorsOf(ContactUsSchema, {})).toEqual({
			contactName: ['contact.errors.contactNameRequired'],
			email: ['validation.emailRequired'],
			subject: ['contact.errors.subjectRequired'],
			details: ['contact.errors.detailsRequired'],
		})
		expect(errorsOf(AppSupportSchema, { contactName: '  ', subject: ' ' })).toEqual({
			contactName: ['contact.errors.contactNameRequired'],
			email: ['validation.emailRequired'],
			subject: ['contact.errors.subjectRequired'],
			details: ['contact.errors.detailsRequired'],
		})
	})

	it('refuses a malformed email, a subject off the list ("choose option" is no subject) and overlong details', () => {
		expect(
			errorsOf(ContactUsSchema, {
				contactName: 'Robin',
				email: 'robin@',
				subject: 'choose_option',
				details: 'x'.repeat(5001),
			}),
		).toEqual({
			email: ['contact.errors.emailInvalid'],
			subject: ['contact.errors.subjectRequired'],
			details: ['contact.errors.detailsTooLong'],
		})
	})
})

describe('buildContactUsTicket', () => {
	it('files a question in the cloud brand, subject and request type from the chosen subject', () => {
		const values = ContactUsSchema.parse({
			contactName: ' Robin  Drummer ',
			email: 'robin@example.com',
			subject: 'found_a_bug',
			details: '  The app closes when I open a kit.\r\nEvery time.  ',
		})
		expect(
			buildContactUsTicket(values, { labels, subjectName: 'Found a bug', cultureCode: 'en-US', countryName: 'Japan' }),
		).toEqual({
			ticket: {
				subject: 'Contact us: Found a bug',
				comment: {
					body: 'Contact name: Robin Drummer\nEmail: robin@example.com\nSubject: Found a bug\n\nDetails:\nThe app closes when I open a kit.\nEvery time.',
				},
				type: 'question',
				tags: ['contact_us', 'contact_us_found_a_bug'],
				customFields: { productName: null, requestType: 'found_a_bug', countryName: 'Japan' },
			},
			request: { requester: { name: 'Robin  Drummer', email: 'robin@example.com' }, cultureCode: 'en-US' },
			brand: 'cloud',
		})
	})

	it('labels the body in the page’s language and leaves out what it does not know', () => {
		const values = ContactUsSchema.parse({
			contactName: '山田',
			email: 'y@example.jp',
			subject: 'other',
			details: 'はい',
		})
		const ticket = buildContactUsTicket(values, {
			labels: { contactName: '氏名', email: 'メール', subject: '件名', details: '詳細' },
			subjectName: 'その他',
		})
		expect(ticket.ticket.comment.body).toBe('氏名: 山田\nメール: y@example.jp\n件名: その他\n\n詳細:\nはい')
		expect(ticket.request).toEqual({ requester: { name: '山田', email: 'y@example.jp' } })
		expect(ticket.ticket.customFields.countryName).toBeNull()
	})
})

describe('buildAppSupportTicket', () => {
	it('tags and titles the ticket for its app, the app as the product', () => {
		const values = AppSupportSchema.parse({
			contactName: 'Sam',
			email: 'sam@example.com',
			subject: 'Latency\twhen recording',
			details: 'Crackles at 64 samples.',
		})
		for (const [app, name] of [
			['zenbeats', 'Zenbeats'],
			['zentracker', 'Zentracker'],
			['btx', 'BTX'],
		] as const) {
			const ticket = buildAppSupportTicket(app, values, { labels, appLabel: 'App' })
			expect(ticket.ticket.subject).toBe(`${name} support: Latency when recording`)
			expect(ticket.ticket.tags).toEqual([`${app}_support`])
			expect(appSupportTag(app)).toBe(`${app}_support`)
			expect(ticket.ticket.customFields).toEqual({
				productName: name,
				requestType: `${app}_support`,
				countryName: null,
			})
			expect(ticket.ticket.comment.body).toBe(
				`App: ${name}\nContact name: Sam\nEmail: sam@example.com\nSubject: Latency when recording\n\nDetails:\nCrackles at 64 samples.`,
			)
			expect(ticket.brand).toBe('cloud')
			expect(ticket.ticket.type).toBe('question')
		}
	})

	it('keeps the subject line within the help centre’s 150 characters', () => {
		const values = AppSupportSchema.parse({
			contactName: 'Sam',
			email: 's@example.com',
			subject: 'y'.repeat(120),
			details: 'd',
		})
		expect(
			buildAppSupportTicket('zentracker', values, { labels, appLabel: 'App' }).ticket.subject.length,
		).toBeLessThanOrEqual(150)
	})

	it('knows the app of each support page', () => {
		expect(supportAppOfPath('/cloud/support/zenbeats')).toBe('zenbeats')
		expect(supportAppOfPath('/cloud/support/btx/')).toBe('btx')
		expect(supportAppOfPath('/cloud/support/other')).toBeNull()
	})
})
