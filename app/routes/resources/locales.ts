import type { Route } from './+types/locales'
import { browserCatalogue } from '#app/i18n/i18n.server.ts'

/**
 * `/locales/{lng}.{hash}.json`: a language's catalogue for the browser.
 * Today's hash is cached for good; an old one (a page from before a deploy)
 * gets today's catalogue, briefly cached.
 */
export function loader({ params }: Route.LoaderArgs) {
	const match = /^([a-z]{2})\.([A-Za-z0-9_-]+)\.json$/.exec(params.file)
	const catalogue = match ? browserCatalogue(match[1]!, match[2]!) : null
	if (!catalogue) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
	return new Response(catalogue.json, {
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Cache-Control': catalogue.current ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
		},
	})
}
