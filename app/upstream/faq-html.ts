/**
 * A help-centre article's HTML made safe to show inside the portal (spec 2 §7 `zendesk/articles/{id}`).
 * The help centre is another service: its HTML is text we did not write. A kept sanitiser
 * (sanitize-html) keeps an allow-list of reading markup; script, style, iframe, forms and every
 * event attribute go, links keep only http(s) and mailto addresses, and a link that leaves the
 * portal opens without a handle on it (rel="noopener noreferrer"), and a picture is shown through the
 * portal's picture route or not at all (ADR 0033). Runs on the server only.
 */
import sanitizeHtml from 'sanitize-html'

const ALLOWED_TAGS = [
	'p',
	'br',
	'h2',
	'h3',
	'h4',
	'h5',
	'h6',
	'strong',
	'b',
	'em',
	'i',
	'u',
	's',
	'sub',
	'sup',
	'small',
	'mark',
	'span',
	'div',
	'ul',
	'ol',
	'li',
	'dl',
	'dt',
	'dd',
	'blockquote',
	'pre',
	'code',
	'kbd',
	'hr',
	'a',
	'img',
	'figure',
	'figcaption',
	'table',
	'caption',
	'thead',
	'tbody',
	'tfoot',
	'tr',
	'th',
	'td',
]

function absolute(href: string, base: string): string | null {
	try {
		return new URL(href, base).toString()
	} catch {
		return null
	}
}

/**
 * The article's body, safe to render. `articleUrl` is the article's own address at the help centre:
 * its relative links and pictures are made absolute against it, so they lead where the help centre
 * meant and never into the portal's own paths. `picture` gives a picture's address on the portal
 * (null: not one it shows), so reading an article tells no other host of the visit.
 */
export function sanitiseArticleHtml(html: string, articleUrl: string, picture: (url: string) => string | null): string {
	return sanitizeHtml(html, {
		allowedTags: ALLOWED_TAGS,
		allowedAttributes: {
			a: ['href', 'title', 'rel'],
			img: ['src', 'alt', 'width', 'height', 'loading'],
			th: ['colspan', 'rowspan', 'scope'],
			td: ['colspan', 'rowspan'],
			ol: ['start'],
			'*': ['lang', 'dir'],
		},
		allowedSchemes: ['http', 'https', 'mailto'],
		allowedSchemesByTag: { img: ['http', 'https'] },
		allowedSchemesAppliedToAttributes: ['href', 'src'],
		allowProtocolRelative: false,
		// h1 is the page's; an article's top heading becomes a section heading.
		transformTags: {
			h1: 'h2',
			a: (tagName, attribs) => {
				const href = attribs.href ? absolute(attribs.href, articleUrl) : null
				if (!href) return { tagName, attribs: {} }
				const next: Record<string, string> = { href }
				if (attribs.title) next.title = attribs.title
				if (/^https?:/i.test(href)) next.rel = 'noopener noreferrer'
				return { tagName, attribs: next }
			},
			img: (tagName, attribs) => {
				const url = attribs.src ? absolute(attribs.src, articleUrl) : null
				const src = url ? picture(url) : null
				const next: Record<string, string> = { loading: 'lazy', alt: attribs.alt ?? '' }
				if (src) next.src = src
				if (attribs.width) next.width = attribs.width
				if (attribs.height) next.height = attribs.height
				return { tagName, attribs: next }
			},
		},
		// An image without a source (or from a host the portal does not fetch from) is nothing to show.
		exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
	})
}
