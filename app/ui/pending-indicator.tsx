import { useEffect, useState } from 'react'
import { useFetchers, useNavigation } from 'react-router'
import { useT } from './i18n.tsx'

/** Spec 1 §9: the progress indicator is forced off after 60 s. */
export const PROGRESS_TIMEOUT_MS = 60_000

/**
 * A bar at the top while a navigation or a submission is under way (JavaScript only; the browser
 * shows its own otherwise).
 */
export function PendingIndicator() {
	const t = useT()
	const navigation = useNavigation()
	const fetchers = useFetchers()
	const busy = navigation.state !== 'idle' || fetchers.some((f) => f.state !== 'idle')
	const [timedOut, setTimedOut] = useState(false)

	useEffect(() => {
		if (!busy) return
		const timer = setTimeout(() => setTimedOut(true), PROGRESS_TIMEOUT_MS)
		// The next navigation starts with the bar shown again.
		return () => {
			clearTimeout(timer)
			setTimedOut(false)
		}
	}, [busy])

	if (!busy || timedOut) return null
	return <div className="progress-bar" role="progressbar" aria-label={t('app.loading')} />
}
