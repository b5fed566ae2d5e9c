/**
 * The Zenbeats, Zentracker and BTX support pages (ZenbeatsSupport, ZentrackerSupport, BtxSupport;
 * `/cloud/support/{app}`): one module for the three, the app read from the path. Each shows the
 * app's top help articles (by its label, linking to the article page) and a contact form that files
 * a ticket tagged for the app. Anyone may write; visitors see the same notice as on Contact us.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'
import type { Route } from './+types/app-support'
import { APP_TOP_ARTICLES, SUPPORT_APP_NAMES, supportAppOfPath, type SupportApp } from '#app/domain/contact-fields.ts'
import { AppSupportSchema } from '#app/domain/contact-form.ts'
import { appSupportForm, buildAppSupportTicket } from '#app/domain/contact-ticket.ts'
import { faqArticlePath, faqSearchHref } from '#app/domain/faq-search.ts'
import { invalidForm } from '#app/responses.server.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { searchHelpArticles } from '#app/upstream/help-articles.server.ts'
import { Field, formResult } from '#app/ui/form.tsx'
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

function appOf(url: URL): SupportApp {
	const app = supportAppOfPath(url.pathname)
	if (!app) throw data(null, { status: 404 })
	return app
}

/** The app's articles; a help centre that cannot answer leaves the form working and says so. */
async function topArticles(app: SupportApp, signal: AbortSignal) {
	try {
		const result = await searchHelpArticles({ query: '', labels: [app], page: 1, perPage: APP_TOP_ARTICLES }, signal)
		return result.articles.map((article) => ({
			id: article.id,
			title: article.title,
			href: faqArticlePath(article.id),
		}))
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled) throw error
		return null
	}
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
	const app = appOf(url)
	const receipt = readReceipt(url)
	const [visitor, articles] = await Promise.all([
		receipt ? null : contactVisitor(context, request),
		topArticles(app, request.signal),
	])
	return {
		app,
		receipt,
		articles,
		allArticles: faqSearchHref({ q: '', label: app, page: 1 }),
		signedIn: visitor?.signedIn ?? false,
		prefill: visitor?.prefill ?? { contactName: '', email: '' },
		links: accountLinks(url),
		formPath: formPath(url),
		returnTo: returnTargetOf(url),
	}
}

export async function action({ context, request, url }: Route.ActionArgs) {
	const app = appOf(url)
	const submission = parseWithZod(submittedForm(context), { schema: AppSupportSchema })
	if (submission.status !== 'success') return invalidForm(submission)
	const visitor = await contactVisitor(context, request)
	const { t, labels } = contactLabels(context)
	const ticket = buildAppSupportTicket(app, submission.value, {
		labels,
		appLabel: t('appSupport.app'),
		cultureCode: cultureOf(context),
		countryName: visitor.countryName,
	})
	return sendContactTicket({ context, url, form: appSupportForm(app), ticket, visitor, submission })
}

export default function AppSupport({ loaderData, actionData }: Route.ComponentProps) {
	const t = useT()
	const { app, receipt, articles, signedIn, prefill, links, returnTo } = loaderData
	const name = SUPPORT_APP_NAMES[app]
	const result = formResult(actionData)
	return (
		<>
			<section className="stack" aria-labelledby="app-articles-title">
				<h2 id="app-articles-title">{t('appSupport.topArticles', { app: name })}</h2>
				{articles === null ? (
					<p className="notice">{t('appSupport.articlesUnavailable')}</p>
				) : articles.length === 0 ? (
					<p>{t('appSupport.noArticles')}</p>
				) : (
					<ul className="link-list">
						{articles.map((article) => (
							<li key={article.id}>
								<Link to={article.href}>{article.title}</Link>
							</li>
						))}
					</ul>
				)}
				<p>
					<Link to={loaderData.allArticles}>{t('appSupport.allArticles', { app: name })}</Link>
				</p>
			</section>
			<section aria-labelledby="app-contact-title">
				<h2 id="app-contact-title">{t('appSupport.contactTitle', { app: name })}</h2>
				{receipt ? (
					<ContactReceiptView receipt={receipt} sendAnother={loaderData.formPath} returnTo={returnTo} />
				) : (
					<>
						{signedIn ? null : <AnonymousNotice logIn={links.logIn} signUp={links.signUp} />}
						<ContactForm
							result={result}
							prefill={prefill}
							labelledBy="app-contact-title"
							subject={<Field name="subject" label={t('contact.subject')} result={result} required />}
						/>
					</>
				)}
			</section>
		</>
	)
}
