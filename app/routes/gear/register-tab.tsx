import { ComingSoon } from '#app/ui/coming-soon.tsx'
import type { loadRegisterTab, registerAction } from './register.server.ts'

export function RegisterTab(_props: {
	data: Awaited<ReturnType<typeof loadRegisterTab>>
	answer?: Awaited<ReturnType<typeof registerAction>>
}) {
	return <ComingSoon />
}
