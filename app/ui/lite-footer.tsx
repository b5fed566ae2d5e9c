import { useLocation } from 'react-router'
import type { LiteMode } from '#app/domain/lite-mode.ts'
import { useT } from './i18n.tsx'

/**
 * The page's footer: the switch between the lite version (no JavaScript, ADR 0058) and the full one.
 * A plain form, not the router's: the choice changes what the whole document carries, so the browser
 * loads the next page itself, with JavaScript or without.
 */
export function LiteFooter({ lite, reason }: { lite: boolean; reason: LiteMode['reason'] }) {
	const t = useT()
	const location = useLocation()
	return (
		<footer className="app-footer">
			<form method="post" action="/preferences">
				<input type="hidden" name="intent" value="lite" />
				<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
				{lite ? <p>{t(reason === 'save-data' ? 'lite.onBySaveData' : 'lite.on')}</p> : null}
				<button type="submit" name="lite" value={lite ? 'off' : 'on'} className="link-button">
					{t(lite ? 'lite.switchToFull' : 'lite.switchToLite')}
				</button>
			</form>
		</footer>
	)
}
