/**
 * What the catalogue's URLs point at: a generated SVG picture per product
 * (`images/products/{slug}.svg`) and the files of its downloads and support
 * documents (`documents/{slug}/{file}`: a one-page PDF, or an empty ZIP for
 * firmware and drivers).
 */
import express, { type Router } from 'express'
import { sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'
import type { ProductInfoContent } from '../../seed/product-info.ts'
import { findProductBySlug, type ProductRow } from '../products.ts'
import { escapeMarkup as escapeXml } from '../../markup.ts'
import { brandColour, brandName } from '../../public/brands.ts'

export function productSvg(product: ProductRow): string {
	const brand = brandName(product.brand)
	const colour = brand ? brandColour(brand) : '#444444'
	const [model = product.name, ...rest] = product.name.split(' ')
	return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320" viewBox="0 0 480 320" role="img" aria-label="${escapeXml(product.name)}">
<rect width="480" height="320" fill="#f4f4f5"/>
<rect x="40" y="110" width="400" height="120" rx="14" fill="${colour}"/>
<rect x="60" y="130" width="360" height="24" rx="4" fill="#ffffff" opacity="0.85"/>
<text x="240" y="205" font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="#ffffff">${escapeXml(model)}</text>
<text x="240" y="270" font-family="Helvetica, Arial, sans-serif" font-size="18" text-anchor="middle" fill="#3f3f46">${escapeXml(rest.join(' '))}</text>
<text x="240" y="60" font-family="Helvetica, Arial, sans-serif" font-size="14" text-anchor="middle" fill="#71717a">${escapeXml(product.modelCode)}</text>
</svg>`
}

/** A valid one-page PDF with one line of text. */
export function onePagePdf(line: string): Buffer {
	const text = line.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?')
	const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
		`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
	]
	let pdf = '%PDF-1.4\n'
	const offsets: number[] = []
	objects.forEach((body, index) => {
		offsets.push(pdf.length)
		pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
	})
	const xref = pdf.length
	pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
	pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
	return Buffer.from(pdf, 'latin1')
}

/** An empty ZIP archive: the end-of-central-directory record alone. */
const EMPTY_ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)])

function fileNames(product: ProductRow): Map<string, string> {
	const names = new Map<string, string>()
	for (const content of Object.values((product.data.info ?? {}) as Record<string, ProductInfoContent>)) {
		for (const download of content.downloads) names.set(download.url.split('/').pop()!, download.title)
		for (const document of content.Product_Support_Documents) {
			for (const asset of document.Asset_Details) names.set(asset.File_Name, document.Document_Title)
		}
	}
	return names
}

export function assetsRouter(ctx: EmulatorContext): Router {
	const router = express.Router()
	router.get('/images/products/:file', (req, res) => {
		const slug = String(req.params.file).replace(/\.svg$/, '')
		const product = findProductBySlug(ctx.db, slug)
		if (!product || !String(req.params.file).endsWith('.svg'))
			return sendError(res, 404, 'Image not found.', 'NoSuchKey')
		res.set('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(productSvg(product))
	})
	router.get('/documents/:slug/:file', (req, res) => {
		const product = findProductBySlug(ctx.db, String(req.params.slug))
		const file = String(req.params.file)
		const title = product && fileNames(product).get(file)
		if (!product || !title) return sendError(res, 404, 'The specified key does not exist.', 'NoSuchKey')
		res.set('Cache-Control', 'public, max-age=86400')
		if (file.endsWith('.pdf')) res.type('application/pdf').send(onePagePdf(`${title} (emulated document)`))
		else res.type('application/zip').attachment(file).send(EMPTY_ZIP)
	})
	return router
}
