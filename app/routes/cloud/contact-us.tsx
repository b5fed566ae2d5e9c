/**
 * Contact us (ContactUs, spec 2 §2, §3; `/cloud/contact-us` and `/contact-us`): the RVS contact
 * form. Anyone may write: a signed-in customer finds their name and email filled in; a visitor is
 * asked to sign in or create an account and may send all the same. The ticket is built in
 * app/domain/contact-ticket.ts and handed to the support outbox; the page then shows the receipt.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import type { Route } from './+types/contact-us'
import { CONTACT_SUBJECTS } from '#app/domain/contact-fields.ts'
import { ContactUsSchema } from '#app/domain/contact-form.ts'
import { buildContactUsTicket, CONTACT_US_FORM } from '#app/domain/contact-ticket.ts'
import { invalidForm } from '#app/responses.server.ts'
import { formResult, SelectField } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'
import {
	accountLinks,
	contactLabels,
	contactVisitor,
	cultureOf,
	formPath,
	readReceipt,
	returnTargetOf,
	sendContactTicket,
} from './contact.server.ts'
import { AnonymousNotice, ContactForm, ContactReceiptView } from './contact-views.tsx'

export async function loader({ context, request, url }: Route.LoaderArgs) {
	const receipt = readReceipt(url)
	const visitor = receipt ? null : await contactVisitor(context, request)
	return {
		receipt,
		signedIn: visitor?.signedIn ?? false,
		prefill: visitor?.prefill ?? { contactName: '', email: '' },
		links: accountLinks(url),
		formPath: formPath(url),
		returnTo: returnTargetOf(url),
	}
}

export async function action({ context, request, url }: Route.ActionArgs) {
	const submission = parseWithZod(submittedForm(context), { schema: ContactUsSchema })
	if (submission.status !== 'success') return invalidForm(submission)
	const visitor = await contactVisitor(context, request)
	const { t, labels } = contactLabels(context)
	const ticket = buildContactUsTicket(submission.value, {
		labels,
		subjectName: t(`contact.subjects.${submission.value.subject}`),
		cultureCode: cultureOf(context),
		countryName: visitor.countryName,
	})
	return sendContactTicket({ context, url, form: CONTACT_US_FORM, ticket, visitor, submission })
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
	const t = useT()
	const { receipt, signedIn, prefill, links, returnTo } = loaderData
	if (receipt) return <ContactReceiptView receipt={receipt} sendAnother={loaderData.formPath} returnTo={returnTo} />
	const result = formResult(actionData)
	return (
		<section aria-labelledby="contact-us-title">
			<h2 id="contact-us-title">{t('contact.title')}</h2>
			<p>{t('contact.intro')}</p>
			{signedIn ? null : <AnonymousNotice logIn={links.logIn} signUp={links.signUp} />}
			<ContactForm
				result={result}
				prefill={prefill}
				labelledBy="contact-us-title"
				subject={
					<SelectField
						name="subject"
						label={t('contact.subject')}
						result={result}
						placeholder={t('contact.subjects.choose_option')}
						options={CONTACT_SUBJECTS.map((value) => ({ value, label: t(`contact.subjects.${value}`) }))}
						required
					/>
				}
			/>
		</section>
	)
}
