/**
 * Attachments of the service request, product repair and parts order forms (issue 12): up to 3
 * files of at most 10 MB, images (JPEG, PNG, GIF, WebP, HEIC) and PDF, recognised by their first
 * bytes, never by name or by the type the browser claims. A small reviewed sniffer rather than a
 * library (ADR 0021): six signatures, each checked at its offset. Pure: the route reads the bytes.
 */
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from './support-fields.ts'

export type AttachmentType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'image/heic' | 'application/pdf'

const EXTENSIONS: Record<AttachmentType, string> = {
	'image/jpeg': 'jpg',
	'image/png': 'png',
	'image/gif': 'gif',
	'image/webp': 'webp',
	'image/heic': 'heic',
	'application/pdf': 'pdf',
}

const ascii = (bytes: Uint8Array, from: number, length: number) =>
	String.fromCharCode(...bytes.subarray(from, from + length))

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
	bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte)

/** HEIF brands of still images from phones (ISO/IEC 23008-12). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1'])

/** The file's type from its first bytes (16 are enough), or null when it is none of the accepted ones. */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentType | null {
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
	if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
	if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif'
	if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp'
	if (ascii(bytes, 4, 4) === 'ftyp' && HEIC_BRANDS.has(ascii(bytes, 8, 4))) return 'image/heic'
	if (ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf'
	return null
}

/** A file as the form sent it: its name as given, its size and its first bytes. */
export interface OfferedFile {
	name: string
	size: number
	head: Uint8Array
}

export type AttachmentProblem = 'tooMany' | 'tooLarge' | 'notAccepted'

export const ATTACHMENT_ERRORS: Record<AttachmentProblem, string> = {
	tooMany: 'supportForms.attachmentsTooMany',
	tooLarge: 'supportForms.attachmentTooLarge',
	notAccepted: 'supportForms.attachmentNotAccepted',
}

/**
 * The files' types, or the first problem: more than 3, one over 10 MB, or one that is no image or
 * PDF by its content. Empty file inputs (a form sent with nothing chosen) are not files.
 */
export function checkAttachments(
	files: readonly OfferedFile[],
): { ok: true; types: AttachmentType[] } | { ok: false; problem: AttachmentProblem } {
	const chosen = files.filter((file) => file.size > 0 || file.name !== '')
	if (chosen.length > MAX_ATTACHMENTS) return { ok: false, problem: 'tooMany' }
	if (chosen.some((file) => file.size > MAX_ATTACHMENT_BYTES)) return { ok: false, problem: 'tooLarge' }
	const types = chosen.map((file) => sniffAttachmentType(file.head))
	if (types.some((type) => type === null)) return { ok: false, problem: 'notAccepted' }
	return { ok: true, types: types as AttachmentType[] }
}

/**
 * The name the help centre gets: the customer's name without any path or odd characters, with the
 * extension of what the file really is (a PDF named `.png` arrives as `.pdf`).
 */
export function attachmentFileName(name: string, type: AttachmentType, index: number): string {
	const base = (name.split(/[\\/]/).pop() ?? '')
		.replace(/\.[^.]*$/, '')
		.replace(/[^\p{L}\p{N} ._-]+/gu, '_')
		.trim()
		.slice(0, 80)
	return `${base || `attachment-${index + 1}`}.${EXTENSIONS[type]}`
}
