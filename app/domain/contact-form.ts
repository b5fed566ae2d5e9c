/**
 * The contact forms' schemas (spec 2 §5: contact name, email, subject and details required), used
 * by the actions through conform. Messages are catalogue keys in the spec's 'X is required' /
 * 'X must be valid.' form (spec 1 §5), translated when the form is shown again.
 */
import { z } from 'zod'
import { APP_SUBJECT_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECTS, DETAILS_MAX } from './contact-fields.ts'

const requiredText = (required: string, invalid: string, max: number) =>
	z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: invalid })

const contactName = requiredText(
	'contact.errors.contactNameRequired',
	'contact.errors.contactNameInvalid',
	CONTACT_NAME_MAX,
)
const email = z
	.string({ error: 'validation.emailRequired' })
	.trim()
	.max(254, { error: 'contact.errors.emailInvalid' })
	.pipe(z.email({ error: 'contact.errors.emailInvalid' }))
const details = requiredText('contact.errors.detailsRequired', 'contact.errors.detailsTooLong', DETAILS_MAX)

/** The RVS contact form (Contact us). */
export const ContactUsSchema = z.object({
	contactName,
	email,
	subject: z.enum(CONTACT_SUBJECTS, { error: 'contact.errors.subjectRequired' }),
	details,
})
export type ContactUsValues = z.infer<typeof ContactUsSchema>

/** An app's support form: the same fields, the subject typed. */
export const AppSupportSchema = z.object({
	contactName,
	email,
	subject: requiredText('contact.errors.subjectRequired', 'contact.errors.subjectInvalid', APP_SUBJECT_MAX),
	details,
})
export type AppSupportValues = z.infer<typeof AppSupportSchema>
