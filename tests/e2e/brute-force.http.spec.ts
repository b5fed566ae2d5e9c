/**
 * Brute force through the real server (issue 23, ADR 0054): every code-entry form is limited per
 * account however the guesses are spread over addresses, and per address however they are spread over
 * accounts; every mail-sending form is limited per target address however the sends are spread, and per
 * address. Each case uses accounts, targets and forwarded addresses of its own (TRUST_PROXY=loopback).
 * The windows' counts are ADR 0009's defaults (the suite's portals raise only the support and guess ones).
 */
import type { APIResponse } from '@playwright/test'
import { activatedAccount, unactivatedAccount, uniqueEmail, visitorAddress } from './emulator.ts'
import { expect, test } from './fixtures.ts'

const CODE_PER_ACCOUNT = 10
const CODE_PER_CLIENT = 100
const MAIL_PER_EMAIL = 5
const MAIL_PER_CLIENT = 30

type Form = Record<string, string>

interface CodeForm {
	name: string
	path: string
	/** The guess, for the account `email` (the signed-in one where the form needs a session). */
	form: (email: string) => Form
	signedIn?: true
}

const CODE_FORMS: CodeForm[] = [
	{ name: 'activation code', path: '/activation', form: (email) => ({ intent: 'confirm', email, code: '000000' }) },
	{
		name: 'reset code',
		path: '/reset-password',
		form: (email) => ({
			intent: 'confirm',
			email,
			code: '000000',
			password: 'Guess12345',
			passwordConfirm: 'Guess12345',
		}),
	},
	{
		name: 'email-change code',
		path: '/email-change',
		form: () => ({ intent: 'verify', code: '000000' }),
		signedIn: true,
	},
]

interface MailForm {
	name: string
	path: string
	form: (target: string) => Form
	signedIn?: true
	/**
	 * A target the form really mails: a send the account API refuses (no such user) mails no one and is
	 * given back, so resending an activation needs an account that is not activated.
	 */
	unactivatedTarget?: true
}

const MAIL_FORMS: MailForm[] = [
	{ name: 'reset request', path: '/reset-password', form: (email) => ({ intent: 'request', email }) },
	{
		name: 'activation resend',
		path: '/activation',
		form: (email) => ({ intent: 'resend', email }),
		unactivatedTarget: true,
	},
	{
		name: 'email change',
		path: '/email-change',
		form: (email) => ({ intent: 'request', newEmail: email, newEmailConfirm: email }),
		signedIn: true,
	},
]

/** The portal's own refusal (429 with Retry-After), told from the account API's own lock (429 without it). */
const ours = (response: APIResponse) => response.status() === 429 && response.headers()['retry-after'] !== undefined
/** What a send or guess got: `ours` for the portal's refusal, else the status. */
const outcome = (response: APIResponse) => (ours(response) ? 'ours' : response.status())

test.describe.configure({ mode: 'serial' })

test('code entry: limited per account across addresses, and per address across accounts', async ({
	playwright,
	baseURL,
}) => {
	test.setTimeout(120_000)
	const request = await playwright.request.newContext({ baseURL })
	const figures: string[] = []
	for (const entry of CODE_FORMS) {
		// Per account: guesses from a new address each time.
		const { email, password } = await activatedAccount(request, { prefix: 'guess', firstName: 'Gu', lastName: 'Ess' })
		const session = await playwright.request.newContext({ baseURL })
		if (entry.signedIn) {
			const signin = await session.post('/login', {
				form: { email, password },
				headers: { 'X-Forwarded-For': visitorAddress() },
				maxRedirects: 0,
			})
			expect(signin.status()).toBe(302)
		}
		const outcomes: (number | 'ours')[] = []
		for (let i = 0; i <= CODE_PER_ACCOUNT; i++) {
			const response = await session.post(entry.path, {
				form: entry.form(email),
				headers: { 'X-Forwarded-For': visitorAddress() },
				maxRedirects: 0,
			})
			outcomes.push(outcome(response))
		}
		const seen = outcomes.join(' ')
		expect(outcomes.slice(0, CODE_PER_ACCOUNT), `${entry.name}: before the limit (${seen})`).not.toContain('ours')
		expect(outcomes.at(-1), `${entry.name}: guess ${CODE_PER_ACCOUNT + 1} on one account (${seen})`).toBe('ours')
		await session.dispose()
		figures.push(`${entry.name}, ${CODE_PER_ACCOUNT + 1} guesses from as many addresses: ${seen}`)
	}

	// Per address: one client guessing codes of many accounts (no account needs to exist for that), from a
	// new IPv6 address of its /64 each time, as a client given a /64 can: counted as one (ADR 0054).
	const group = () => Math.floor(Math.random() * 0xffff).toString(16)
	const network = `2001:db8:${group()}:${group()}`
	let refusedAt = 0
	for (let i = 1; i <= CODE_PER_CLIENT + 1 && !refusedAt; i++) {
		const response = await request.post('/activation', {
			form: CODE_FORMS[0]!.form(uniqueEmail('guess-many')),
			headers: { 'X-Forwarded-For': `${network}:${group()}:${group()}:${group()}:${i.toString(16)}` },
			maxRedirects: 0,
		})
		if (ours(response)) refusedAt = i
		else expect(response.status()).toBeLessThan(500)
	}
	expect(refusedAt, 'the guess one past the address’s limit is refused').toBe(CODE_PER_CLIENT + 1)
	figures.push(
		`one IPv6 /64, ${CODE_PER_CLIENT + 1} codes of as many accounts, a new address each: refused at ${refusedAt}`,
	)
	console.log(`brute force, code entry:\n  ${figures.join('\n  ')}`)
	await request.dispose()
})

test('mail: limited per target across addresses and forms, and per address across targets', async ({
	playwright,
	baseURL,
}) => {
	test.setTimeout(120_000)
	const request = await playwright.request.newContext({ baseURL })
	const figures: string[] = []
	const { email, password } = await activatedAccount(request, { prefix: 'mailer', firstName: 'Ma', lastName: 'Iler' })
	const signedIn = await playwright.request.newContext({ baseURL })
	const signin = await signedIn.post('/login', {
		form: { email, password },
		headers: { 'X-Forwarded-For': visitorAddress() },
		maxRedirects: 0,
	})
	expect(signin.status()).toBe(302)

	const unactivated = async () =>
		(await unactivatedAccount(request, { prefix: 'target', firstName: 'Ta', lastName: 'Rget' })).email
	for (const mail of MAIL_FORMS) {
		// Made at the emulated account API, not through the portal: its sign-up mail is not the portal's count.
		const target = mail.unactivatedTarget ? await unactivated() : uniqueEmail('target')
		const client = mail.signedIn ? signedIn : request
		const outcomes: (number | 'ours')[] = []
		for (let i = 0; i <= MAIL_PER_EMAIL; i++) {
			const response = await client.post(mail.path, {
				form: mail.form(target),
				headers: { 'X-Forwarded-For': visitorAddress() },
				maxRedirects: 0,
			})
			outcomes.push(outcome(response))
		}
		const seen = outcomes.join(' ')
		expect(outcomes.slice(0, -1), `${mail.name}: before the limit (${seen})`).not.toContain('ours')
		expect(outcomes.at(-1), `${mail.name}: send ${MAIL_PER_EMAIL + 1} to one target (${seen})`).toBe('ours')
		figures.push(`${mail.name}, ${MAIL_PER_EMAIL + 1} sends to one target from as many addresses: ${seen}`)
	}

	// One target, the sends spread over two forms: one budget.
	const target = await unactivated()
	const spread: (number | 'ours')[] = []
	const both = MAIL_FORMS.filter((m) => m.name === 'reset request' || m.name === 'activation resend')
	for (let i = 0; i <= MAIL_PER_EMAIL; i++) {
		const mail = both[i % both.length]!
		const response = await (mail.signedIn ? signedIn : request).post(mail.path, {
			form: mail.form(target),
			headers: { 'X-Forwarded-For': visitorAddress() },
			maxRedirects: 0,
		})
		spread.push(outcome(response))
	}
	expect(spread.at(-1), `one target over two forms (${spread.join(', ')})`).toBe('ours')
	expect(spread.slice(0, -1)).not.toContain('ours')
	figures.push(`one target over the forms: ${spread.join(' ')}`)

	// Per address: one address mailing many targets.
	const address = visitorAddress()
	let refusedAt = 0
	for (let i = 1; i <= MAIL_PER_CLIENT + 1 && !refusedAt; i++) {
		const response = await request.post('/reset-password', {
			form: { intent: 'request', email: uniqueEmail('many') },
			headers: { 'X-Forwarded-For': address },
			maxRedirects: 0,
		})
		if (ours(response)) refusedAt = i
	}
	expect(refusedAt, 'the mail one past the address’s limit is refused').toBe(MAIL_PER_CLIENT + 1)
	figures.push(`one address, ${MAIL_PER_CLIENT + 1} targets: refused at ${refusedAt}`)
	console.log(`brute force, mail:\n  ${figures.join('\n  ')}`)
	await signedIn.dispose()
	await request.dispose()
})
