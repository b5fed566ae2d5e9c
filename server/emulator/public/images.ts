/** Product images the public API serves itself: simple generated SVGs with the product's name on its brand's colour. */
import type { ProductRow } from '../account/products.ts'
import { brandColour, type Brand } from './brands.ts'
import { escapeMarkup as escapeXml } from '../markup.ts'

export const IMAGE_KINDS = {
	main: { width: 800, height: 600 },
	thumbnail: { width: 200, height: 150 },
	gallery: { width: 1200, height: 800 },
} as const
export type ImageKind = keyof typeof IMAGE_KINDS

export function isImageKind(value: string): value is ImageKind {
	return Object.hasOwn(IMAGE_KINDS, value)
}

export function productImageSvg(
	product: Pick<ProductRow, 'name' | 'modelCode'>,
	brand: Brand,
	kind: ImageKind,
): string {
	const { width, height } = IMAGE_KINDS[kind]
	const colour = brandColour(brand)
	const title = escapeXml(product.name)
	const size = Math.round(height / 8)
	const instrument =
		kind === 'gallery'
			? `<rect x="${width * 0.15}" y="${height * 0.55}" width="${width * 0.7}" height="${height * 0.12}" rx="${height * 0.02}" fill="#ffffff" opacity="0.85"/>`
			: `<rect x="${width * 0.2}" y="${height * 0.58}" width="${width * 0.6}" height="${height * 0.16}" rx="${height * 0.02}" fill="#ffffff" opacity="0.85"/>`
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}">
<title>${title}</title>
<rect width="${width}" height="${height}" fill="${colour}"/>
${instrument}
<text x="50%" y="38%" text-anchor="middle" font-family="sans-serif" font-size="${size}" fill="#ffffff">${title}</text>
<text x="50%" y="90%" text-anchor="middle" font-family="monospace" font-size="${Math.round(size / 2)}" fill="#ffffff" opacity="0.8">${escapeXml(product.modelCode)}</text>
</svg>`
}
