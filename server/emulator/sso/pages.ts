/**
 * The single sign-on's own pages: plain HTML forms that work without
 * JavaScript, with labelled fields and errors announced to screen readers.
 */
import type { AuthorizeQuery } from '#app/upstream/contract/sso.ts'
import { escapeMarkup as escapeHtml } from '../markup.ts'

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.5rem;margin-top:0}label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{box-sizing:border-box;width:100%;padding:.6rem;font-size:1rem;border:1px solid #71717a;border-radius:.25rem}
input[aria-invalid=true]{border-color:#b91c1c}button{margin-top:1.5rem;width:100%;padding:.7rem;font-size:1rem;font-weight:600;
color:#fff;background:#1d4ed8;border:0;border-radius:.25rem;cursor:pointer}button:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.error{color:#b91c1c;background:#fef2f2;border:1px solid #fecaca;padding:.75rem;border-radius:.25rem}.note{font-size:.85rem;color:#52525b}`

function layout(title: string, body: string): string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

const REQUEST_FIELDS = ['client_id', 'state', 'code_challenge', 'code_challenge_method', 'redirect_uri'] as const

export function loginPage(options: {
	request: AuthorizeQuery
	clientName: string
	username?: string
	error?: string
}): string {
	const { request, clientName, username, error } = options
	const hidden = REQUEST_FIELDS.map((name) => {
		const value = request[name] ?? (name === 'code_challenge_method' ? 'S256' : '')
		return `<input type="hidden" name="${name}" value="${escapeHtml(String(value))}">`
	}).join('\n')
	const invalid = error ? ' aria-invalid="true" aria-describedby="login-error"' : ''
	return layout(
		error ? 'Error: Sign in' : 'Sign in',
		`<h1>Sign in</h1>
<p>Sign in with your account to continue to ${escapeHtml(clientName)}.</p>
${error ? `<p class="error" role="alert" id="login-error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="login">
${hidden}
<label for="username">Email address</label>
<input id="username" name="username" type="email" autocomplete="username" required value="${escapeHtml(username ?? '')}"${invalid}${error ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
<button type="submit">Sign in</button>
</form>
<p class="note">The single sign-on of the development emulator.</p>`,
	)
}

export function errorPage(title: string, message: string): string {
	return layout(
		`Error: ${title}`,
		`<h1>${escapeHtml(title)}</h1><p class="error" role="alert">${escapeHtml(message)}</p>`,
	)
}

export function signedOutPage(): string {
	return layout(
		'Signed out',
		'<h1>Signed out</h1><p>You are signed out of the single sign-on. You can close this page.</p>',
	)
}
