import { ComingSoon } from '#app/ui/coming-soon.tsx'

/**
 * A screen whose feature is not built yet: the root layout gives it its
 * heading, tabs and bars; this says the rest is coming.
 */
export default function ComingSoonScreen() {
	return <ComingSoon />
}
