/**
 * Every action reads an HTML form, and reads it from here: the root middleware
 * reads the body once, as a stream, after the guard, the POST limit (and, in
 * Express, the origin check) decided the request is wanted, and puts the form
 * in the request's context (`submittedForm`). A request whose body is not a
 * form (another content type, no body, a broken body, more than a form ever
 * holds, a field given twice or in a list's shape) is refused here, once for every route, with a
 * 4xx page in the user's language, before an action runs. A form whose
 * honeypot is filled is turned away here too.
 *
 * busboy parses both encodings with limits on parts, fields, field size, files
 * and file size; files go to a temporary directory (deleted when the response
 * is made), so no body is ever held whole in memory. A body past its limit is
 * not read on: the answer is a 413 at once, and Express closes the connection
 * (server/app.ts) so the rest of the body is never taken in.
 */
import { createWriteStream, openAsBlob } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import { pipeline } from 'node:stream/promises'
import { setImmediate } from 'node:timers/promises'
import busboy from 'busboy'
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { misshapenField, repeatedField } from '#app/domain/form-fields.ts'
import { filledHoneypot } from '#app/domain/honeypot.ts'
import { ATTACHMENT_TABS, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '#app/domain/support-fields.ts'
import { beforeReadingBody } from '#app/limits/submission-limits.server.ts'

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

/** More fields than any form has (a survey page, the profile with its phones), and the longest text any takes. */
const MAX_FIELDS = 300
const MAX_FIELD_BYTES = MAX_FORM_BYTES

/** How much of a body is parsed before the event loop is given to other requests. */
const YIELD_EVERY_BYTES = 1024 * 1024

const UPLOAD_PATHS = new Set(ATTACHMENT_TABS.flatMap((tab) => [`/support/${tab}`, `/support/${tab}.data`]))

export interface FormBodyLimits {
	/** The whole body. */
	bytes: number
	/** Files: none but on the upload forms. One more than they take, so the form can say "too many". */
	files: number
	/** One file: one byte more than a form takes, so the form can say "too large" (the rest is dropped). */
	fileBytes: number
}

/** What a request's body may hold: more for the multipart posts of the forms that take files. */
export function formBodyLimits(pathname: string, mediaType: string): FormBodyLimits {
	return mediaType === 'multipart/form-data' && UPLOAD_PATHS.has(pathname.replace(/\/+$/, ''))
		? { bytes: MAX_UPLOAD_FORM_BYTES, files: MAX_ATTACHMENTS + 1, fileBytes: MAX_ATTACHMENT_BYTES + 1 }
		: { bytes: MAX_FORM_BYTES, files: 0, fileBytes: 0 }
}

export type FormBodyProblem = 'unsupported' | 'tooLarge' | 'unreadable'

const REFUSALS: Record<FormBodyProblem, { status: number; errorKey: string }> = {
	unsupported: { status: 415, errorKey: 'errors.formUnsupported' },
	tooLarge: { status: 413, errorKey: 'errors.formTooLarge' },
	unreadable: { status: 400, errorKey: 'errors.formUnreadable' },
}

class BodyProblem extends Error {
	readonly problem: FormBodyProblem
	constructor(problem: FormBodyProblem) {
		super(problem)
		this.problem = problem
	}
}

export interface ReadForm {
	form: FormData
	/** Removes the files the form's uploads were written to. */
	dispose: () => Promise<void>
}

/**
 * Reads the request's form as a stream, within its limits: the form, or what is wrong with it.
 * Reading stops at the first problem; the rest of the body is left unread.
 */
export async function readFormBody(request: Request): Promise<ReadForm | { problem: FormBodyProblem }> {
	const contentType = request.headers.get('Content-Type') ?? ''
	const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase()
	if (!FORM_TYPES.has(mediaType)) return { problem: 'unsupported' }
	const limits = formBodyLimits(new URL(request.url).pathname, mediaType)
	if (Number(request.headers.get('Content-Length') ?? 0) > limits.bytes) return { problem: 'tooLarge' }
	const uploads = new Uploads()
	try {
		const form = await parse(request.body, contentType, limits, uploads)
		return { form, dispose: () => uploads.dispose() }
	} catch (error) {
		await uploads.dispose()
		if (error instanceof BodyProblem) return { problem: error.problem }
		throw error
	}
}

/** The temporary directory of one request's uploads, made on its first file. */
class Uploads {
	private dir: Promise<string> | null = null

	async path(index: number): Promise<string> {
		this.dir ??= mkdtemp(path.join(os.tmpdir(), 'portal-upload-'))
		return path.join(await this.dir, String(index))
	}

	async dispose(): Promise<void> {
		if (this.dir) await rm(await this.dir, { recursive: true, force: true }).catch(() => {})
	}
}

async function parse(
	body: ReadableStream<Uint8Array> | null,
	contentType: string,
	limits: FormBodyLimits,
	uploads: Uploads,
): Promise<FormData> {
	let parser: busboy.Busboy
	try {
		parser = busboy({
			headers: { 'content-type': contentType },
			defParamCharset: 'utf8',
			limits: {
				fields: MAX_FIELDS,
				fieldSize: MAX_FIELD_BYTES,
				parts: MAX_FIELDS + limits.files,
				files: limits.files,
				fileSize: limits.fileBytes,
			},
		})
	} catch {
		// A multipart type without a boundary, or one busboy cannot read.
		throw new BodyProblem('unreadable')
	}
	const entries: Promise<[string, string | File]>[] = []
	let failure: BodyProblem | null = null
	const fail = (problem: FormBodyProblem) => {
		failure ??= new BodyProblem(problem)
	}
	parser.on('field', (name, value, info) => {
		if (info.nameTruncated || info.valueTruncated) return fail('tooLarge')
		entries.push(Promise.resolve([name, value]))
	})
	parser.on('file', (name, stream, info) => {
		const index = entries.length
		entries.push(
			(async (): Promise<[string, File]> => {
				const file = await uploads.path(index)
				await pipeline(stream, createWriteStream(file))
				const blob = await openAsBlob(file, { type: info.mimeType })
				return [name, new File([blob], info.filename ?? '', { type: info.mimeType })]
			})(),
		)
	})
	for (const event of ['partsLimit', 'fieldsLimit', 'filesLimit'] as const) parser.on(event, () => fail('tooLarge'))
	const finished = new Promise<void>((resolve, reject) => {
		parser.on('close', resolve)
		parser.on('error', () => reject(new BodyProblem('unreadable')))
	})
	// Caught here so an early end (a problem found) leaves no unhandled rejection behind.
	finished.catch(() => {})

	let size = 0
	let sinceTurn = 0
	if (body) {
		const reader = body.getReader()
		try {
			while (!failure) {
				const { done, value } = await reader.read()
				if (done) break
				size += value.byteLength
				if (size > limits.bytes) fail('tooLarge')
				// Wait for busboy to take more; a body it cannot parse ends the wait with its error.
				else if (!parser.write(value)) await Promise.race([once(parser, 'drain'), finished])
				// A body already arrived is otherwise parsed to its end in one turn of the event loop: every
				// megabyte, other requests get theirs, so an upload does not hold up everyone's pages.
				sinceTurn += value.byteLength
				if (sinceTurn >= YIELD_EVERY_BYTES) {
					sinceTurn = 0
					await setImmediate()
				}
			}
		} catch {
			// The client went away mid-body.
			fail('unreadable')
		} finally {
			reader.releaseLock()
		}
	}
	if (failure) {
		parser.destroy()
		await Promise.allSettled(entries)
		throw failure
	}
	parser.end()
	await finished
	const form = new FormData()
	for (const [name, value] of await Promise.all(entries)) form.append(name, value)
	return form
}

const formContext = createContext<FormData | null>(null)

/** The form of this request, read by the root middleware (only actions ask, and only a POST has one). */
export function submittedForm(context: Readonly<RouterContextProvider>): FormData {
	const form = context.get(formContext)
	if (!form) throw new Error('No form: the request is not a POST read by formBodyMiddleware')
	return form
}

/**
 * Whether this request is a post whose form was read: its loaders run after the action, for the page
 * the browser shows with the action's answer (React Router hands them a GET request of their own).
 */
export function isAfterPost(context: Readonly<RouterContextProvider>): boolean {
	return context.get(formContext) !== null
}

export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
	if (READS.has(request.method.toUpperCase())) return next()
	await beforeReadingBody(context)
	const body = await readFormBody(request)
	if ('problem' in body) {
		const { status, errorKey } = REFUSALS[body.problem]
		const headers = body.problem === 'unsupported' ? { Accept: [...FORM_TYPES].join(', ') } : undefined
		throw data({ errorKey }, { status, headers })
	}
	try {
		const repeated = repeatedField(body.form)
		if (repeated !== null)
			throw data({ errorKey: 'errors.formFieldRepeated', errorValues: { field: repeated } }, { status: 400 })
		const misshapen = misshapenField(body.form)
		if (misshapen !== null)
			throw data({ errorKey: 'errors.formFieldShape', errorValues: { field: misshapen } }, { status: 400 })
		// A bot is told nothing: it is sent back to the empty form, as if the post had gone through.
		if (filledHoneypot(body.form)) throw redirect(url.pathname + url.search, 303)
		context.set(formContext, body.form)
		return await next()
	} finally {
		await body.dispose()
	}
}

/**
 * The request again with its form as a body, for a library that reads the body itself
 * (remix-auth's FormStrategy): the original body has been read once, by the middleware.
 */
export function requestWithForm(request: Request, form: FormData): Request {
	const fields = [...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string')
	const headers = new Headers(request.headers)
	headers.delete('Content-Type')
	headers.delete('Content-Length')
	return new Request(request.url, { method: request.method, headers, body: new URLSearchParams(fields) })
}
