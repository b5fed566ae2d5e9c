import { escapeMarkup as escapeHtml } from '../../markup.ts'
/** The emulated help centre's pages: plain, accessible HTML. */
/** `body` is HTML the caller has escaped. */
export function helpCentrePage(title: string, body: string): string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Help Center (emulated)</title></head><body><main><h1>${escapeHtml(title)}</h1>
${body}</main></body></html>`
}
