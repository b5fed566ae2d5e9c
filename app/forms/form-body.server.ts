/**
 * Every action reads an HTML form. A request whose body is not one (another
 * content type, no body, a broken multipart body, or more than a form ever
 * holds) is refused here, once for every route, with a 4xx page in the
 * user's language, before an action's `request.formData()` could throw and
 * answer 500. A form whose honeypot is filled is turned away here too.
 */
import { data, redirect, type MiddlewareFunction } from 'react-router'
import { filledHoneypot } from '#app/domain/honeypot.ts'

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Far above the largest form (a support request with three parts); nothing the portal accepts is a file. */
export const MAX_FORM_BYTES = 64 * 1024

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
	if (Number(request.headers.get('Content-Length') ?? 0) > MAX_FORM_BYTES) return { problem: 'tooLarge' }
	const bytes = await readUpTo(request.clone().body, MAX_FORM_BYTES)
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
