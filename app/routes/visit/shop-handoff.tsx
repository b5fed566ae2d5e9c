import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/shop-handoff'
import { inAppBrowserLacks, inAppBrowserOf, systemBrowserWays } from '#app/domain/in-app-browser.ts'
import { shopTarget, verificationOf } from '#app/domain/shop-handoff.ts'
import { checkShopReply, handoffState } from '#app/session/shop-reply.server.ts'
import type { ShopOriginRules } from '#app/domain/shop-origins.ts'
import { pageViewEvent } from '#app/domain/usage-event.ts'
import { getEnv } from '#app/env.server.ts'
import { pageContextOf, usageLoggingAllowed } from '#app/logging/page-view.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { createExternalUserId, getExternalUserId, updateExternalUserId } from '#app/upstream/account-identity.server.ts'
import { sendErrorLog } from '#app/upstream/log.server.ts'
import { useT } from '#app/ui/i18n.tsx'
import { OpenInBrowser } from '#app/ui/open-in-browser.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

/** The account API's service the shop account id is kept under (`externalUserId/services/{serviceId}`). */
export const SHOP_SERVICE_ID = 'shopify'

function shopRules(): ShopOriginRules {
	const env = getEnv()
	return { shops: env.SHOP_ORIGINS, previewHosts: env.SHOP_PREVIEW_HOSTS }
}

const NO_STORE = { 'Cache-Control': 'no-store' }

/**
 * The shops' service-worker handoff (spec 2 §3, §4; ADR 0028): a signed-in user sent here by a shop
 * hands the shop their id token through the worker, and goes on to the shop once it has answered.
 * The id token is on this page only, and only when the target is an allowed shop.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
	const target = shopTarget(url.searchParams.get('target'), shopRules())
	if (!target) return data({ handoff: null, elsewhere: null }, { headers: NO_STORE })
	// A messaging app's browser on iOS has no service worker: the handoff could never finish there, so
	// the page sends the user to the phone's browser (before any sign-in, which would not carry over).
	const inApp = inAppBrowserOf(request.headers.get('User-Agent'))
	if (inAppBrowserLacks(inApp, 'serviceWorker')) {
		// The host the visitor came by (it names the theme); behind a TLS proxy the request may say http.
		const page = new URL(url)
		if (new URL(getEnv().PORTAL_URL).protocol === 'https:') page.protocol = 'https:'
		return data(
			{ handoff: null, elsewhere: { ways: systemBrowserWays(page, inApp!), target: target.href } },
			{ headers: NO_STORE },
		)
	}
	const { idToken, userId } = await requireCredentials(context, request)
	const state = await handoffState(userId, target.origin, getEnv().SESSION_SECRETS[0]!, new Date())
	return data(
		{ handoff: { target: target.href, shopOrigin: target.origin, idToken, state }, elsewhere: null },
		{ headers: NO_STORE },
	)
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
	return actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders
}

const ReplySchema = z.object({
	origin: z.string().max(300),
	type: z.string().max(100),
	status: z.string().max(100),
	shopifyId: z.string().max(300).optional(),
	/** The shop's signed reply (a compact JWS): the only source of a shop account id that is saved. */
	token: z.string().max(4000).optional(),
})

/**
 * The worker's reply, sent on by the page: taken only from an allowed shop origin, for an allowed
 * target. `success` answers 200 (ready) and saves the shopifyId the shop signed; any other reply 409
 * (not ready); a failed save 503, logged. What the browser says alone is never saved: it could be the
 * user's own writing (ADR 0032).
 */
export async function action({ request, context, url }: Route.ActionArgs) {
	const rules = shopRules()
	const target = shopTarget(url.searchParams.get('target'), rules)
	const reply = ReplySchema.safeParse(Object.fromEntries(submittedForm(context)))
	const verification = reply.success ? verificationOf(reply.data.origin, reply.data, rules) : { ready: false as const }
	if (!target || !reply.success || reply.data.origin !== target.origin || !verification.ready)
		return data({ ready: false }, { status: 409, headers: NO_STORE })
	const credentials = await requireCredentials(context, request)
	if (!verification.shopifyId && !reply.data.token) return data({ ready: true }, { headers: NO_STORE })
	const env = getEnv()
	const signed = await checkShopReply(reply.data.token, {
		shopOrigin: target.origin,
		portalOrigin: new URL(env.PORTAL_URL).origin,
		userId: credentials.userId,
		keys: env.SHOP_KEYS,
		stateSecrets: env.SESSION_SECRETS,
		now: new Date(),
	})
	if (!signed.signed) {
		// The shop said yes, so the user goes on to it; only its account id is not taken on trust.
		console.warn(`shop handoff: a reply from ${target.origin} is ${signed.refusal}: the shop account id is not saved`)
		return data({ ready: true }, { headers: NO_STORE })
	}
	const { accessToken, idToken } = credentials
	try {
		const saved = await getExternalUserId(accessToken, SHOP_SERVICE_ID)
		if (!saved) await createExternalUserId(accessToken, SHOP_SERVICE_ID, signed.shopifyId)
		else if (saved.id !== signed.shopifyId) await updateExternalUserId(accessToken, SHOP_SERVICE_ID, signed.shopifyId)
	} catch (error) {
		console.error(`shop handoff: saving the shop account id failed: ${(error as Error).message}`)
		if (usageLoggingAllowed(context))
			void sendErrorLog(
				env.LOG_SERVICE,
				{
					...pageViewEvent(pageContextOf(context, url.pathname)),
					event: 'error',
					eventSource: 'shopHandoff',
					description: error,
				},
				idToken,
			)
		return data({ ready: false }, { status: 503, headers: NO_STORE })
	}
	return data({ ready: true }, { headers: NO_STORE })
}

export default function ShopHandoff({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const { handoff, elsewhere } = loaderData
	if (elsewhere)
		return (
			<div className="form">
				<OpenInBrowser ways={elsewhere.ways} reason="inAppBrowser.shopHandoff" />
				<p>
					<a href={elsewhere.target}>{t('shopHandoff.toShop')}</a>
				</p>
			</div>
		)
	if (!handoff)
		return (
			<div className="form">
				<p className="notice" role="alert">
					{t('shopHandoff.notAShop')}
				</p>
				<p>
					<a href="/">{t('shopHandoff.home')}</a>
				</p>
			</div>
		)
	return (
		<div
			id="shop-handoff"
			className="form"
			data-id-token={handoff.idToken}
			data-shop-origin={handoff.shopOrigin}
			data-target={handoff.target}
			data-state={handoff.state}
		>
			<p data-state="noscript" className="notice">
				{t('shopHandoff.needsJavaScript')}
			</p>
			<p data-state="waiting" role="status" hidden>
				{t('shopHandoff.waiting')}
			</p>
			<p data-state="refused" className="notice" role="alert" hidden>
				{t('shopHandoff.refused')}
			</p>
			<p data-state="failed" className="form-errors" role="alert" hidden>
				{t('shopHandoff.saveFailed')}
			</p>
			<p>
				<a href={handoff.target}>{t('shopHandoff.toShop')}</a>
			</p>
			<script src="/shop-handoff.js" />
		</div>
	)
}
