/**
 * The payment processor's hosted checkout: the page a validated checkout's
 * `checkoutUrl` opens. The customer pays (with the emulator's test card) or
 * cancels; the processor records the decision and sends the browser back to
 * the merchant's `return` address with `checkout` (the token) and `result`
 * (paid or cancelled). post-subscription takes only a paid checkout. A plain
 * HTML form: it works without JavaScript.
 */
import type { DatabaseSync } from 'node:sqlite'
import type { Request, Response } from 'express'
import type { EmulatorContext } from '../context.ts'
import { escapeMarkup as escapeHtml } from '../markup.ts'
import { findPlan } from './catalogue.ts'
import { TEST_CARD } from './subscriptions.ts'

export type CheckoutDecision = 'paid' | 'cancelled'

export function migrateCheckoutDecisions(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS cloud_checkout_decisions (
		token TEXT PRIMARY KEY,
		decision TEXT NOT NULL,
		decided_at INTEGER NOT NULL
	)`)
}

export function checkoutDecision(ctx: EmulatorContext, token: string): CheckoutDecision | undefined {
	const row = ctx.db.prepare('SELECT decision FROM cloud_checkout_decisions WHERE token = ?').get(token) as
		{ decision: CheckoutDecision } | undefined
	return row?.decision
}

export const checkoutPageUrl = (ctx: EmulatorContext, token: string) =>
	`${ctx.emulatorUrl}/cloud/processors/checkout/${encodeURIComponent(token)}`

interface OpenCheckout {
	token: string
	planId: string
	amount: number
	currency: string
}

function openCheckout(ctx: EmulatorContext, token: string): OpenCheckout | undefined {
	const row = ctx.db.prepare('SELECT * FROM cloud_checkouts WHERE token = ?').get(token) as
		| { token: string; plan_id: string; amount: number; currency: string; expires_at: number; used_at: number | null }
		| undefined
	if (!row || row.used_at !== null || row.expires_at <= ctx.clock.now()) return undefined
	if (checkoutDecision(ctx, token)) return undefined
	return { token: row.token, planId: row.plan_id, amount: row.amount, currency: row.currency }
}

/** Only a web address may be returned to (the merchant's own page). */
function returnAddress(value: unknown): URL | undefined {
	if (typeof value !== 'string' || !value) return undefined
	try {
		const url = new URL(value)
		return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined
	} catch {
		return undefined
	}
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:28rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.5rem;margin-top:0}dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}dt{font-weight:600}
button{margin-top:1rem;width:100%;padding:.7rem;font-size:1rem;font-weight:600;border:0;border-radius:.25rem}
.pay{color:#fff;background:#15803d}.cancel{color:#18181b;background:#e4e4e7}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}.error{color:#b91c1c}.note{font-size:.85rem;color:#52525b}`

function page(title: string, body: string): string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

const gonePage = () =>
	page(
		'Checkout unavailable',
		'<h1>This checkout is no longer available</h1><p class="error" role="alert">It was completed, cancelled or has expired. Start again from the memberships page.</p>',
	)

export function showCheckoutPage(ctx: EmulatorContext, req: Request, res: Response) {
	res.set('Cache-Control', 'no-store')
	const checkout = openCheckout(ctx, String(req.params.token))
	if (!checkout) return res.status(410).type('html').send(gonePage())
	const found = findPlan(ctx, checkout.planId)
	const item = found ? `${found.membership.name} membership, ${found.plan.interval.toLowerCase()}` : checkout.planId
	const total = `${checkout.amount.toFixed(2)} ${checkout.currency}`
	const back = returnAddress(req.query.return)
	res.type('html').send(
		page(
			'Checkout',
			`<h1>Checkout</h1>
<dl><dt>Item</dt><dd>${escapeHtml(item)}</dd><dt>Total</dt><dd>${escapeHtml(total)}</dd><dt>Card</dt><dd>${escapeHtml(TEST_CARD)}</dd></dl>
<form method="post">
${back ? `<input type="hidden" name="return" value="${escapeHtml(back.toString())}">` : ''}
<button class="pay" type="submit" name="decision" value="pay">Pay ${escapeHtml(total)}</button>
<button class="cancel" type="submit" name="decision" value="cancel">Cancel and return</button>
</form>
<p class="note">The payment processor of the development emulator: no card is charged.</p>`,
		),
	)
}

export function submitCheckoutPage(ctx: EmulatorContext, req: Request, res: Response) {
	res.set('Cache-Control', 'no-store')
	const checkout = openCheckout(ctx, String(req.params.token))
	if (!checkout) return res.status(410).type('html').send(gonePage())
	const body = (req.body ?? {}) as Record<string, unknown>
	const decision: CheckoutDecision | undefined =
		body.decision === 'pay' ? 'paid' : body.decision === 'cancel' ? 'cancelled' : undefined
	if (!decision)
		return res.status(400).type('html').send(page('Checkout', '<p class="error">Choose pay or cancel.</p>'))
	ctx.db
		.prepare('INSERT INTO cloud_checkout_decisions (token, decision, decided_at) VALUES (?, ?, ?)')
		.run(checkout.token, decision, ctx.clock.now())
	const back = returnAddress(body.return)
	if (!back) {
		const done = decision === 'paid' ? 'Payment complete' : 'Checkout cancelled'
		return res.type('html').send(page(done, `<h1>${done}</h1><p role="status">You can close this page.</p>`))
	}
	back.searchParams.set('checkout', checkout.token)
	back.searchParams.set('result', decision)
	res.redirect(303, back.toString())
}
