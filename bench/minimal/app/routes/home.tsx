export function meta() {
	return [{ title: 'Minimal page' }]
}

export default function Home() {
	return (
		<main>
			<h1>Minimal page</h1>
			<p>A React Router page with nothing else in it: the baseline for the portal's pages.</p>
		</main>
	)
}
