/**
 * The payment processor's side: a short-lived page where the card on file
 * is changed (`GET api/Processors/payment-information/{id}/url` hands out its
 * address), as a plain HTML form that works without JavaScript.
 */
import { randomBytes } from 'node:crypto'
import type { Request, Response } from 'express'
import type { z } from 'zod'
import type { PaymentInformationUrlSchema } from '#app/upstream/contract/cloud.ts'
import type { EmulatorContext } from '../context.ts'
import { transaction } from '../db.ts'
import { escapeMarkup as escapeHtml } from '../markup.ts'
import { findMembership } from './catalogue.ts'
import { CloudError, findSubscription, iso, isRunning, saveSubscription } from './store.ts'
import { requireSubscription } from './subscriptions.ts'

export const PAYMENT_SESSION_SECONDS = 30 * 60

export function paymentInformationUrl(
	ctx: EmulatorContext,
	userId: string,
	subscriptionId: string,
): z.input<typeof PaymentInformationUrlSchema> {
	const s = requireSubscription(ctx, userId, subscriptionId)
	if (s.data.processorStatus === 'NotApplicable') {
		throw new CloudError(409, 'This subscription is not billed through a payment processor.', 'NoPaymentProcessor')
	}
	if (!isRunning(s, ctx.clock.now()))
		throw new CloudError(409, 'The subscription is not active.', 'SubscriptionNotActive')
	const id = randomBytes(24).toString('base64url')
	const expiresAt = ctx.clock.now() + PAYMENT_SESSION_SECONDS * 1000
	ctx.db
		.prepare('INSERT INTO cloud_payment_sessions (id, user_id, subscription_id, expires_at) VALUES (?, ?, ?, ?)')
		.run(id, userId, s.id, expiresAt)
	return { url: `${ctx.emulatorUrl}/cloud/processors/payment-information/${id}`, expiresDate: iso(expiresAt) }
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:28rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.5rem;margin-top:0}label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{box-sizing:border-box;width:100%;padding:.6rem;font-size:1rem;border:1px solid #71717a;border-radius:.25rem}
input[aria-invalid=true]{border-color:#b91c1c}.field-error{color:#b91c1c;margin:.25rem 0 0}
button{margin-top:1.5rem;width:100%;padding:.7rem;font-size:1rem;font-weight:600;color:#fff;background:#15803d;border:0;border-radius:.25rem}
button:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}.error{color:#b91c1c}.note{font-size:.85rem;color:#52525b}`

function page(title: string, body: string): string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

type Field = 'name' | 'number' | 'expiry' | 'cvc'
/** name, label, autocomplete, numeric keyboard. */
const FIELDS: ReadonlyArray<readonly [Field, string, string, boolean]> = [
	['name', 'Name on card', 'cc-name', false],
	['number', 'Card number', 'cc-number', true],
	['expiry', 'Expiry date (MM/YY)', 'cc-exp', false],
	['cvc', 'Security code', 'cc-csc', true],
]

function formPage(options: {
	membership: string
	current: string | null
	values?: Partial<Record<Field, string>>
	errors?: Partial<Record<Field, string>>
}): string {
	const { values = {}, errors = {} } = options
	const fields = FIELDS.map(([name, label, autocomplete, numeric]) => {
		const error = errors[name]
		const keep = name === 'name' || name === 'expiry' ? (values[name] ?? '') : ''
		return `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" type="text"${numeric ? ' inputmode="numeric"' : ''} autocomplete="${autocomplete}" required value="${escapeHtml(keep)}"${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>
${error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>` : ''}`
	}).join('\n')
	const count = Object.keys(errors).length
	return page(
		count ? 'Error: Update your card' : 'Update your card',
		`<h1>Update your card</h1>
<p>For your ${escapeHtml(options.membership)} membership. Card on file: ${escapeHtml(options.current ?? 'none')}.</p>
${count ? `<p class="error" role="alert">Please correct ${count === 1 ? 'the field' : `the ${count} fields`} below.</p>` : ''}
<form method="post">
${fields}
<button type="submit">Save card</button>
</form>
<p class="note">The payment processor of the development emulator: no card is charged.</p>`,
	)
}

function luhn(digits: string): boolean {
	let sum = 0
	for (let i = 0; i < digits.length; i++) {
		let d = Number(digits[digits.length - 1 - i])
		if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
		sum += d
	}
	return sum % 10 === 0
}

function brand(digits: string): string {
	if (digits.startsWith('4')) return 'Visa'
	if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard'
	if (/^3[47]/.test(digits)) return 'American Express'
	return 'Card'
}

type Session = { id: string; user_id: string; subscription_id: string; expires_at: number; used_at: number | null }

function liveSession(ctx: EmulatorContext, id: string) {
	const session = ctx.db.prepare('SELECT * FROM cloud_payment_sessions WHERE id = ?').get(id) as Session | undefined
	if (!session || session.used_at !== null || session.expires_at <= ctx.clock.now()) return undefined
	const subscription = findSubscription(ctx, session.user_id, session.subscription_id)
	return (
		subscription && {
			session,
			subscription,
			membership: findMembership(ctx, subscription.membershipId)?.name ?? subscription.membershipId,
		}
	)
}

const expiredPage = () =>
	page(
		'Link expired',
		'<h1>This link has expired</h1><p class="error" role="alert">Ask for a new link to update your card from your account page.</p>',
	)

export function showPaymentPage(ctx: EmulatorContext, req: Request, res: Response) {
	res.set('Cache-Control', 'no-store')
	const live = liveSession(ctx, String(req.params.session))
	if (!live) return res.status(410).type('html').send(expiredPage())
	res.type('html').send(formPage({ membership: live.membership, current: live.subscription.data.paymentMethod }))
}

export function submitPaymentPage(ctx: EmulatorContext, req: Request, res: Response) {
	res.set('Cache-Control', 'no-store')
	const live = liveSession(ctx, String(req.params.session))
	if (!live) return res.status(410).type('html').send(expiredPage())
	const body = (req.body ?? {}) as Record<string, unknown>
	const values = Object.fromEntries(
		FIELDS.map(([f]) => [f, typeof body[f] === 'string' ? (body[f] as string).trim() : '']),
	) as Record<Field, string>
	const errors: Partial<Record<Field, string>> = {}
	const digits = values.number.replace(/[\s-]/g, '')
	if (!values.name || values.name.length > 100) errors.name = 'Enter the name on the card.'
	if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) errors.number = 'Enter a valid card number.'
	const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(values.expiry)
	const now = new Date(ctx.clock.now())
	if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY.'
	else if (Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1) <= now.getTime())
		errors.expiry = 'This card has expired.'
	if (!/^\d{3,4}$/.test(values.cvc)) errors.cvc = 'Enter the 3 or 4 digit security code.'
	if (Object.keys(errors).length) {
		return res
			.status(400)
			.type('html')
			.send(formPage({ membership: live.membership, current: live.subscription.data.paymentMethod, values, errors }))
	}
	const paymentMethod = `${brand(digits)} •••• ${digits.slice(-4)}`
	transaction(ctx.db, () => {
		saveSubscription(ctx, { ...live.subscription, data: { ...live.subscription.data, paymentMethod } })
		ctx.db.prepare('UPDATE cloud_payment_sessions SET used_at = ? WHERE id = ?').run(ctx.clock.now(), live.session.id)
	})
	res
		.type('html')
		.send(
			page(
				'Card updated',
				`<h1>Card updated</h1><p role="status">Your ${escapeHtml(live.membership)} membership will be charged to ${escapeHtml(paymentMethod)}. You can close this page.</p>`,
			),
		)
}

/** A generated picture with the item's name, so every image URL the API hands out answers. */
export function svgImage(label: string, size: number): string {
	const hue = [...label].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7)
	const font = Math.max(10, Math.round(size / Math.max(8, label.length)))
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeHtml(label)}">
<rect width="100%" height="100%" fill="hsl(${hue} 45% 22%)"/><text x="50%" y="50%" fill="#fff" font-family="system-ui,sans-serif" font-size="${font}" font-weight="700" text-anchor="middle" dominant-baseline="middle">${escapeHtml(label)}</text></svg>`
}
