import type { Route } from './+types/maintenance'
import { currentMaintenance, maintenanceView } from '#app/maintenance/maintenance.server.ts'
import { MaintenanceNotice } from '#app/ui/maintenance-notice.tsx'

/** The maintenance page at its own address: open during maintenance; outside it, the next window or none. */
export function loader({ context }: Route.LoaderArgs) {
	return { view: maintenanceView(context, currentMaintenance()) }
}

export default function Maintenance({ loaderData }: Route.ComponentProps) {
	return <MaintenanceNotice view={loaderData.view} />
}
