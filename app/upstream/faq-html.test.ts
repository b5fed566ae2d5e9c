import { describe, expect, it } from 'vitest'
import { sanitiseArticleHtml } from './faq-html.ts'

const ARTICLE_URL = 'https://help.example.com/hc/articles/360001000099'
/** The picture route's address of a picture from the help centre's host; no other host's is shown. */
const picture = (url: string) =>
	url.startsWith('https://help.example.com/') ? `/img?u=${encodeURIComponent(url)}` : null

describe('sanitiseArticleHtml', () => {
	it('drops scripts and styles with their content, iframes, forms and event attributes', () => {
		const html = sanitiseArticleHtml(
			`<p onclick="steal()" style="color:red">Hello <b onmouseover="x()">there</b></p>
			<script>window.hacked = true</script><style>body{display:none}</style>
			<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form>
			<img src="https://help.example.com/a.png" onerror="alert(1)" alt="A">
			<svg onload="alert(1)"><circle /></svg>`,
			ARTICLE_URL,
			picture,
		)
		expect(html).toContain('<p>Hello <b>there</b></p>')
		expect(html).toContain('<img loading="lazy" alt="A" src="/img?u=https%3A%2F%2Fhelp.example.com%2Fa.png" />')
		for (const gone of ['<script', 'hacked', '<style', 'style=', 'display:none', '<iframe', '<form', '<input', '<svg'])
			expect(html).not.toContain(gone)
		expect(html).not.toMatch(/\son\w+=/i)
	})

	it('keeps only http(s) and mailto links, with rel=noopener on links that leave the portal', () => {
		const html = sanitiseArticleHtml(
			`<a href="javascript:alert(1)">js</a> <a href="JaVaScRiPt:alert(1)">js2</a>
			<a href="data:text/html,<script>x</script>">data</a> <a href="vbscript:x">vb</a>
			<a href="https://example.com/page" target="_blank">out</a> <a href="mailto:help@example.com">mail</a>
			<a href="/hc/articles/360001000001">relative</a> <a href="//evil.example/x">protocol-relative</a>`,
			ARTICLE_URL,
			picture,
		)
		expect(html).not.toMatch(/javascript|vbscript|data:/i)
		expect(html).toContain('<a>js</a>')
		expect(html).toContain('<a href="https://example.com/page" rel="noopener noreferrer">out</a>')
		expect(html).toContain('<a href="mailto:help@example.com">mail</a>')
		expect(html).toContain(
			'<a href="https://help.example.com/hc/articles/360001000001" rel="noopener noreferrer">relative</a>',
		)
		expect(html).not.toContain('target=')
		// A protocol-relative link is an external https link like any other.
		expect(html).toContain('<a href="https://evil.example/x" rel="noopener noreferrer">protocol-relative</a>')
	})

	it('keeps reading markup: headings (h1 as h2), lists, tables, code', () => {
		const html = sanitiseArticleHtml(
			'<h1>Title</h1><ul><li>one</li></ul><table><tr><th scope="col">A</th></tr><tr><td>1</td></tr></table><pre><code>x</code></pre>',
			ARTICLE_URL,
			picture,
		)
		expect(html).toContain('<h2>Title</h2>')
		expect(html).toContain('<ul><li>one</li></ul>')
		expect(html).toContain('<th scope="col">A</th>')
		expect(html).toContain('<pre><code>x</code></pre>')
	})

	it('shows a picture only through the picture route: one the route does not serve is dropped (ADR 0033)', () => {
		const html = sanitiseArticleHtml(
			'<p>Steps</p><img src="/hc/article_attachments/1.png" alt="Relative"><img src="https://tracker.example/p.gif" alt="Elsewhere">',
			ARTICLE_URL,
			picture,
		)
		expect(html).toContain(
			'<img loading="lazy" alt="Relative" src="/img?u=https%3A%2F%2Fhelp.example.com%2Fhc%2Farticle_attachments%2F1.png" />',
		)
		expect(html).not.toContain('tracker.example')
		expect(html).not.toContain('Elsewhere')
	})
})
