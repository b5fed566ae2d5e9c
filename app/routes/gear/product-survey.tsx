import { ComingSoon } from '#app/ui/coming-soon.tsx'

/** Being built: see issue 10. */
export default function Screen() {
	return <ComingSoon />
}
