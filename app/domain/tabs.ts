/**
 * Tabs as the browser needs them (spec 1 §2): which tab is selected and where
 * a swipe lands. Apart from the route table in `screens.ts`, so the tab bar's
 * script does not carry every screen's rules to the browser.
 */

export interface Tab<Id extends string = string> {
	id: Id
	/** A disabled tab shows but cannot be opened; swiping skips it. */
	disabled?: boolean
}

/** The selected tab: the one in the URL when it is a real, enabled tab, else the first enabled one. */
export function selectedTab<T extends Tab>(tabs: readonly T[], requested: string | undefined): T | undefined {
	const enabled = tabs.filter((t) => !t.disabled)
	return enabled.find((t) => t.id === requested) ?? enabled[0]
}

/**
 * The tab a swipe lands on: the next (or previous) enabled tab, going round
 * the ends in a circle.
 */
export function swipeTarget<T extends Tab>(tabs: readonly T[], currentId: string, direction: 1 | -1): T | undefined {
	const start = tabs.findIndex((t) => t.id === currentId)
	if (start < 0) return undefined
	for (let step = 1; step <= tabs.length; step++) {
		const candidate = tabs[(start + direction * step + tabs.length * step) % tabs.length]!
		if (!candidate.disabled) return candidate.id === currentId ? undefined : candidate
	}
	return undefined
}
