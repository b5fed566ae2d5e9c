/**
 * Every action reads an HTML form. A request whose body is not one (another
 * content type, no body, a broken multipart body, or more than a form ever
 * holds) is refused here, once for every route, with a 4xx page in the
 * user's language, before an action's `request.formData()` could throw and
 * answer 500. A form whose honeypot is filled is turned away here too.
 */
import { data, redirect, type MiddlewareFunction } from 'react-router'
import { filledHoneypot } from '#app/domain/honeypot.ts'
import { ATTACHMENT_TABS, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '#app/domain/support-fields.ts'

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Far above the largest form without files (a support request with three parts). */
export const MAX_FORM_BYTES = 64 * 1024

/**
 * The support forms that take attachments (3 files of 10 MB, ADR 0021) accept a multipart body of
 * up to this: the files and the form around them. Every other route, and these ones url-encoded,
 * keep the 64 KB limit.
 */
export const MAX_UPLOAD_FORM_BYTES = MAX_ATTACHMENTS * MAX_ATTACHMENT_BYTES + 1024 * 1024

const UPLOAD_PATHS = new Set(ATTACHMENT_TABS.flatMap((tab) => [`/support/${tab}`, `/support/${tab}.data`]))

/** The most a request's body may hold: more for the multipart posts of the forms that take files. */
export function formBodyLimit(pathname: string, mediaType: string): number {
	return mediaType === 'multipart/form-data' && UPLOAD_PATHS.has(pathname.replace(/\/+$/, ''))
		? MAX_UPLOAD_FORM_BYTES
		: MAX_FORM_BYTES
}

export type FormBodyProblem = 'unsupported' | 'tooLarge' | 'unreadable'

const REFUSALS: Record<FormBodyProblem, { status: number; errorKey: string }> = {
	unsupported: { status: 415, errorKey: 'errors.formUnsupported' },
	tooLarge: { status: 413, errorKey: 'errors.formTooLarge' },
	unreadable: { status: 400, errorKey: 'errors.formUnreadable' },
}

/** The body's bytes, or null once it passes `limit` (the rest is not read). */
async function readUpTo(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer | null> {
	if (!body) return Buffer.alloc(0)
	const chunks: Uint8Array[] = []
	let size = 0
	for await (const chunk of body) {
		size += chunk.byteLength
		if (size > limit) return null
		chunks.push(chunk)
	}
	return Buffer.concat(chunks)
}

/** The request's form (read from a copy: the action reads the body again), or what is wrong with it. */
export async function readFormBody(request: Request): Promise<{ form: FormData } | { problem: FormBodyProblem }> {
	const contentType = request.headers.get('Content-Type') ?? ''
	const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase()
	if (!FORM_TYPES.has(mediaType)) return { problem: 'unsupported' }
	const limit = formBodyLimit(new URL(request.url).pathname, mediaType)
	if (Number(request.headers.get('Content-Length') ?? 0) > limit) return { problem: 'tooLarge' }
	const bytes = await readUpTo(request.clone().body, limit)
	if (!bytes) return { problem: 'tooLarge' }
	try {
		return { form: await new Response(new Uint8Array(bytes), { headers: { 'Content-Type': contentType } }).formData() }
	} catch {
		return { problem: 'unreadable' }
	}
}

export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request, url }, next) => {
	if (READS.has(request.method.toUpperCase())) return next()
	const body = await readFormBody(request)
	if ('problem' in body) {
		const { status, errorKey } = REFUSALS[body.problem]
		const headers = body.problem === 'unsupported' ? { Accept: [...FORM_TYPES].join(', ') } : undefined
		throw data({ errorKey }, { status, headers })
	}
	// A bot is told nothing: it is sent back to the empty form, as if the post had gone through.
	if (filledHoneypot(body.form)) throw redirect(url.pathname + url.search, 303)
	return next()
}
