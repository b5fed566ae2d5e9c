/**
 * The parts the contact screens share in the browser: the visitor's notice, the fields every contact
 * form has, the details box and the receipt. Zod-free (see contact-fields.ts).
 */
import { useId, type ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { DETAILS_MAX } from '#app/domain/contact-fields.ts'
import { Field, FieldLabel, fieldErrors, fieldValue, FormErrors, SubmitButton, type FormResult } from '#app/ui/form.tsx'
import { HoneypotField } from '#app/ui/honeypot.tsx'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'

/** Spec 2 §2: anonymous visitors are asked to sign in or create an account; they may still write. */
export function AnonymousNotice({ logIn, signUp }: { logIn: string; signUp: string }) {
	const t = useT()
	return (
		<div className="notice stack" role="note">
			<p>{t('contact.anonymousNotice')}</p>
			<p className="actions">
				<Link to={logIn}>{t('account.logIn')}</Link>
				<Link to={signUp}>{t('contact.createAccount')}</Link>
			</p>
		</div>
	)
}

function DetailsField({ result, label }: { result?: FormResult; label: string }) {
	const t = useT()
	const id = useId()
	const errors = fieldErrors(result, 'details')
	return (
		<div className="field">
			<FieldLabel htmlFor={id} label={label} required />
			<textarea
				id={id}
				name="details"
				required
				rows={8}
				maxLength={DETAILS_MAX}
				defaultValue={fieldValue(result, 'details') ?? ''}
				aria-invalid={errors.length ? true : undefined}
				aria-describedby={errors.length ? `${id}-error` : undefined}
			/>
			{errors.length ? (
				<ul id={`${id}-error`} className="field-errors">
					{errors.map((error) => (
						<li key={error}>{t(error as CatalogueKey)}</li>
					))}
				</ul>
			) : null}
		</div>
	)
}

/** A contact form: name and email (filled in for a signed-in customer), the subject given, details. */
export function ContactForm({
	result,
	prefill,
	subject,
	labelledBy,
}: {
	result?: FormResult
	prefill: { contactName: string; email: string }
	/** The subject field: a list on Contact us, typed on the app pages. */
	subject: ReactNode
	labelledBy: string
}) {
	const t = useT()
	return (
		<Form method="post" className="form" noValidate aria-labelledby={labelledBy}>
			<FormErrors result={result} />
			<HoneypotField />
			<Field
				name="contactName"
				label={t('contact.contactName')}
				result={result}
				initial={prefill.contactName}
				autoComplete="name"
				required
			/>
			<Field
				name="email"
				type="email"
				label={t('contact.email')}
				result={result}
				initial={prefill.email}
				autoComplete="email"
				required
			/>
			{subject}
			<DetailsField result={result} label={t('contact.details')} />
			<SubmitButton>{t('contact.send')}</SubmitButton>
		</Form>
	)
}

/** After sending: the spec's success with the reference, or the honest word that it is kept. */
export function ContactReceiptView({
	receipt,
	sendAnother,
	returnTo,
}: {
	receipt: { reference: string; delivered: boolean }
	sendAnother: string
	returnTo?: string | null
}) {
	const t = useT()
	return (
		<div className="stack">
			<div className="notice stack" role="status">
				{receipt.delivered ? (
					<>
						<p>{t('toast.sent')}</p>
						<p>{t('contact.reference', { reference: receipt.reference })}</p>
					</>
				) : (
					<p>{t('contact.kept', { reference: receipt.reference })}</p>
				)}
			</div>
			<p className="actions">
				{returnTo ? <a href={returnTo}>{t('contact.goBack')}</a> : null}
				<Link to={sendAnother}>{t('contact.sendAnother')}</Link>
			</p>
		</div>
	)
}
