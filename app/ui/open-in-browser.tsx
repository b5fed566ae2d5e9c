import { useId, useState, useSyncExternalStore } from 'react'
import type { SystemBrowserWays } from '#app/domain/in-app-browser.ts'
import { useT, type CatalogueKey } from './i18n.tsx'

const noChanges = () => () => {}

/**
 * For a flow a messaging app's in-app browser cannot finish (ADR 0059): says so, and offers the way
 * out to the phone's own browser: the app's or Android's link where there is one, and always the
 * address in a read-only field (to copy without JavaScript); the copy button comes with JavaScript.
 */
export function OpenInBrowser({ ways, reason }: { ways: SystemBrowserWays; reason: CatalogueKey }) {
	const t = useT()
	const id = useId()
	// False in the server's HTML and until the page hydrates: a button that needs JavaScript is never dead.
	const canCopy = useSyncExternalStore(
		noChanges,
		() => true,
		() => false,
	)
	const [copied, setCopied] = useState(false)

	async function copy() {
		const field = document.getElementById(`${id}-address`) as HTMLInputElement | null
		try {
			await navigator.clipboard.writeText(ways.address)
		} catch {
			// Old web views have no clipboard API, or refuse it: the address is selected for the user to copy.
			field?.select()
			return
		}
		setCopied(true)
	}

	return (
		<section className="notice in-app-browser" aria-labelledby={`${id}-title`}>
			<h2 id={`${id}-title`}>{t('inAppBrowser.title')}</h2>
			<p>{t(reason)}</p>
			{ways.open ? (
				<p>
					<a className="button primary" href={ways.open}>
						{t('inAppBrowser.open')}
					</a>
				</p>
			) : null}
			<p>{t('inAppBrowser.copyHint')}</p>
			<p className="copy-address">
				<label htmlFor={`${id}-address`}>{t('inAppBrowser.address')}</label>
				<input
					id={`${id}-address`}
					type="url"
					readOnly
					value={ways.address}
					onFocus={(event) => event.currentTarget.select()}
				/>
				{canCopy ? (
					<button type="button" className="button" onClick={copy}>
						{t('inAppBrowser.copy')}
					</button>
				) : null}
			</p>
			<p role="status">{copied ? t('inAppBrowser.copied') : null}</p>
		</section>
	)
}
