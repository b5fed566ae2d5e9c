import { ComingSoon } from '#app/ui/coming-soon.tsx'

/**
 * Placeholder until this cloud screen is built: the root layout gives it its
 * heading, tabs and bars; this says the rest is coming.
 */
export default function ComingSoonScreen() {
	return <ComingSoon />
}
