import { useEffect, type RefObject } from 'react'

/**
 * A control whose state the page keeps (a category that decides which models are listed) can be changed before
 * the page hydrates: its scripts start after the first paint (ADR 0062), and on a slow network a visitor may
 * choose before they run. React hydrates over the control without reading it, so the browser shows the choice and
 * the state does not know it. Taken up once, when the page has hydrated.
 */
export function useChosenBeforeHydration(
	control: RefObject<HTMLSelectElement | HTMLInputElement | null>,
	take: (value: string) => void,
) {
	useEffect(() => {
		if (control.current) take(control.current.value)
	}, [control, take])
}
