import { useNonce } from './nonce.tsx'

/**
 * Adds the stage's analytics script 5 s after the page has loaded (spec 2 §4). Rendered only for a
 * visitor who allowed analytics on a portal that has one; an inline script, so it runs once per
 * document and never without JavaScript.
 */
export function AnalyticsScript({ src }: { src: string }) {
	const nonce = useNonce()
	const code =
		`addEventListener('load',function(){setTimeout(function(){var s=document.createElement('script');` +
		`s.src=${JSON.stringify(src).replace(/</g, '\\u003c')};s.async=true;document.head.appendChild(s)},5000)})`
	return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />
}
