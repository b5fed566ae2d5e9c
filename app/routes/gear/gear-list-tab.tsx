import { ComingSoon } from '#app/ui/coming-soon.tsx'
import type { gearListAction, loadGearList } from './gear-list.server.ts'

export function GearListTab(_props: {
	data: Awaited<ReturnType<typeof loadGearList>>
	answer?: Awaited<ReturnType<typeof gearListAction>>
}) {
	return <ComingSoon />
}
