import { useLayoutEffect } from 'react'
import { Link, useNavigate } from 'react-router'
import type { ScreenTab } from '#app/domain/screens.ts'
import { swipeTarget } from '#app/domain/tabs.ts'
import { useT } from './i18n.tsx'

const SWIPE_MIN_PX = 60

/**
 * The screen's tabs: links to URLs, so they work without JavaScript. With it,
 * a horizontal swipe moves to the next or previous enabled tab, in a circle.
 */
export function TabBar({
	tabs,
	selected,
	basePath,
}: {
	tabs: ScreenTab[]
	selected: string | undefined
	basePath: string
}) {
	const t = useT()
	const navigate = useNavigate()

	// A layout effect: the listeners know the new tab in the same commit that marks it current, so a
	// second swipe right after a first never moves from the tab before.
	useLayoutEffect(() => {
		if (!selected) return
		let start: { x: number; y: number } | null = null
		function onStart(event: TouchEvent) {
			const touch = event.touches[0]
			start = touch ? { x: touch.clientX, y: touch.clientY } : null
		}
		function onEnd(event: TouchEvent) {
			const touch = event.changedTouches[0]
			if (!start || !touch) return
			const dx = touch.clientX - start.x
			const dy = touch.clientY - start.y
			start = null
			if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dy) > Math.abs(dx)) return
			const target = swipeTarget(tabs, selected!, dx < 0 ? 1 : -1)
			if (target) void navigate(`${basePath}/${target.id}`)
		}
		const main = document.getElementById('main')
		main?.addEventListener('touchstart', onStart, { passive: true })
		main?.addEventListener('touchend', onEnd, { passive: true })
		return () => {
			main?.removeEventListener('touchstart', onStart)
			main?.removeEventListener('touchend', onEnd)
		}
	}, [tabs, selected, basePath, navigate])

	return (
		<nav className="tabs" aria-label={t('app.tabs')}>
			<ul>
				{tabs.map((tab) =>
					tab.disabled ? (
						<li key={tab.id}>
							<span className="tab" aria-disabled="true">
								{t(`tab.${tab.id}`)}
							</span>
						</li>
					) : (
						<li key={tab.id}>
							<Link
								className="tab"
								to={`${basePath}/${tab.id}`}
								aria-current={tab.id === selected ? 'page' : undefined}
								preventScrollReset
							>
								{t(`tab.${tab.id}`)}
							</Link>
						</li>
					),
				)}
			</ul>
		</nav>
	)
}
