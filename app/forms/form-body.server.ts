/**
 * Every action reads an HTML form. A request whose body is not one (another
 * content type, no body, a broken multipart body, or more than a form ever
 * holds) is refused here, once for every route, with a 4xx page in the
 * user's language, before an action's `request.formData()` could throw and
 * answer 500.
 */
import { data, type MiddlewareFunction } from 'react-router'

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

/** What is wrong with a request's form body, or null when an action can read it. */
export async function formBodyProblem(request: Request): Promise<FormBodyProblem | null> {
	const contentType = request.headers.get('Content-Type') ?? ''
	const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase()
	if (!FORM_TYPES.has(mediaType)) return 'unsupported'
	if (Number(request.headers.get('Content-Length') ?? 0) > MAX_FORM_BYTES) return 'tooLarge'
	const bytes = await readUpTo(request.clone().body, MAX_FORM_BYTES)
	if (!bytes) return 'tooLarge'
	try {
		await new Response(new Uint8Array(bytes), { headers: { 'Content-Type': contentType } }).formData()
		return null
	} catch {
		return 'unreadable'
	}
}

export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
	if (READS.has(request.method.toUpperCase())) return next()
	const problem = await formBodyProblem(request)
	if (problem) {
		const { status, errorKey } = REFUSALS[problem]
		throw data(
			{ errorKey },
			{ status, headers: problem === 'unsupported' ? { Accept: [...FORM_TYPES].join(', ') } : {} },
		)
	}
	return next()
}
