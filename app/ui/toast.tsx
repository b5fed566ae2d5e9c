import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { useT } from './i18n.tsx'

export const TOAST_TIMEOUT_MS = 8000

export interface ToastView {
	id: string
	type: 'success' | 'error' | 'info'
	message: string
}

/**
 * The spec's snackbar: a flash message from the session, shown on the next
 * page. With JavaScript it hides after 8 s; without it the dismiss link
 * reloads the page, where the flash is already spent.
 */
export function Toast({ toast }: { toast: ToastView | null }) {
	const t = useT()
	const location = useLocation()
	const [hidden, setHidden] = useState<string | null>(null)

	useEffect(() => {
		if (!toast) return
		const timer = setTimeout(() => setHidden(toast.id), TOAST_TIMEOUT_MS)
		return () => clearTimeout(timer)
	}, [toast])

	if (!toast || hidden === toast.id) return null
	return (
		<div className={`toast toast-${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
			<p>{toast.message}</p>
			<a
				href={location.pathname + location.search}
				onClick={(event) => {
					event.preventDefault()
					setHidden(toast.id)
				}}
			>
				{t('toast.dismiss')}
			</a>
		</div>
	)
}
