import { describe, expect, it } from 'vitest'
import { attachmentFileName, checkAttachments, sniffAttachmentType } from './support-attachments.ts'
import { MAX_ATTACHMENT_BYTES } from './support-fields.ts'

const bytes = (...parts: (number[] | string)[]) =>
	new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)))

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13])
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF')
const PDF = bytes('%PDF-1.7\n%')
const EXE = bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0])

describe('sniffAttachmentType', () => {
	it('knows images and PDF by their first bytes', () => {
		expect(sniffAttachmentType(PNG)).toBe('image/png')
		expect(sniffAttachmentType(JPEG)).toBe('image/jpeg')
		expect(sniffAttachmentType(bytes('GIF89a', [1, 0]))).toBe('image/gif')
		expect(sniffAttachmentType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp')
		expect(sniffAttachmentType(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0]))).toBe('image/heic')
		expect(sniffAttachmentType(PDF)).toBe('application/pdf')
	})

	it('refuses anything else, whatever it is called', () => {
		expect(sniffAttachmentType(EXE)).toBeNull()
		expect(sniffAttachmentType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull()
		expect(sniffAttachmentType(bytes([0, 0, 0, 24], 'ftypmp42'))).toBeNull()
		expect(sniffAttachmentType(new Uint8Array())).toBeNull()
		expect(sniffAttachmentType(bytes([0x89, 0x50, 0x4e]))).toBeNull()
	})
})

describe('checkAttachments', () => {
	const file = (name: string, head: Uint8Array, size = 1000) => ({ name, head, size })

	it('takes up to three images or PDFs of 10 MB', () => {
		expect(
			checkAttachments([file('a.png', PNG), file('b.jpg', JPEG, MAX_ATTACHMENT_BYTES), file('c.pdf', PDF)]),
		).toEqual({
			ok: true,
			types: ['image/png', 'image/jpeg', 'application/pdf'],
		})
		// A form sent with no file chosen carries one empty entry.
		expect(checkAttachments([file('', new Uint8Array(), 0)])).toEqual({ ok: true, types: [] })
	})

	it('refuses a fourth file, a file over 10 MB and a program named .png', () => {
		expect(checkAttachments([1, 2, 3, 4].map((n) => file(`${n}.png`, PNG)))).toEqual({ ok: false, problem: 'tooMany' })
		expect(checkAttachments([file('big.png', PNG, MAX_ATTACHMENT_BYTES + 1)])).toEqual({
			ok: false,
			problem: 'tooLarge',
		})
		expect(checkAttachments([file('photo.png', EXE)])).toEqual({ ok: false, problem: 'notAccepted' })
	})
})

describe('attachmentFileName', () => {
	it('keeps the customer’s name without a path, with the extension of what the file is', () => {
		expect(attachmentFileName('C:\\Users\\me\\damage.JPG', 'image/jpeg', 0)).toBe('damage.jpg')
		expect(attachmentFileName('receipt.png', 'application/pdf', 1)).toBe('receipt.pdf')
		expect(attachmentFileName('../../<script>.png', 'image/png', 2)).toBe('_script_.png')
		expect(attachmentFileName('', 'image/png', 2)).toBe('attachment-3.png')
		expect(attachmentFileName('領収書.pdf', 'application/pdf', 0)).toBe('領収書.pdf')
	})
})
