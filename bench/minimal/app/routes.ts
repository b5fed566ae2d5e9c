import { type RouteConfig, index, route } from '@react-router/dev/routes'

/**
 * One page. With BENCH_MINIMAL_ROUTES=N the same page sits among N more
 * routes shaped like the portal's (a third with an optional tab): the
 * benchmark's measure of what the size of a route table costs React Router
 * on every request, apart from what the portal's own code costs.
 */
const extra = Number(process.env.BENCH_MINIMAL_ROUTES ?? 0)

export default [
	index('routes/home.tsx'),
	...Array.from({ length: extra }, (_, i) =>
		route(i % 3 === 0 ? `screen-${i}/:tab?` : `screen-${i}`, 'routes/home.tsx', { id: `screen-${i}` }),
	),
] satisfies RouteConfig
