import { HONEYPOT_FIELD } from '#app/domain/honeypot.ts'
import { useT } from './i18n.tsx'

/**
 * The honeypot field. `hidden` keeps it out of sight and out of the accessibility tree even when
 * the page's CSS does not load; a text browser that shows it anyway shows the label saying to
 * leave it empty.
 */
export function HoneypotField() {
	const t = useT()
	return (
		<div hidden>
			<label>
				{t('field.honeypot')}
				<input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
			</label>
		</div>
	)
}
