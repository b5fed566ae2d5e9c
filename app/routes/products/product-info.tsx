import { ComingSoon } from '#app/ui/coming-soon.tsx'

/** Being built: see issue 11. */
export default function Screen() {
	return <ComingSoon />
}
