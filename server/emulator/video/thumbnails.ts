/** Thumbnails the video API serves itself: generated SVGs in the real API's three sizes. */
import type { z } from 'zod'
import type { ThumbnailsSchema } from '#app/upstream/contract/video.ts'
import { escapeMarkup as escapeXml } from '../markup.ts'

export const VIDEO_THUMBNAIL_SIZES = {
	default: { width: 120, height: 90 },
	medium: { width: 320, height: 180 },
	high: { width: 480, height: 360 },
} as const
export const CHANNEL_THUMBNAIL_SIZES = {
	default: { width: 88, height: 88 },
	medium: { width: 240, height: 240 },
	high: { width: 800, height: 800 },
} as const
export type ThumbnailSize = keyof typeof VIDEO_THUMBNAIL_SIZES

export function isThumbnailSize(value: string): value is ThumbnailSize {
	return Object.hasOwn(VIDEO_THUMBNAIL_SIZES, value)
}

export function thumbnails(base: string, id: string, kind: 'video' | 'channel'): z.input<typeof ThumbnailsSchema> {
	const sizes = kind === 'channel' ? CHANNEL_THUMBNAIL_SIZES : VIDEO_THUMBNAIL_SIZES
	const one = (size: ThumbnailSize) => ({
		url: `${base}/thumbnails/${encodeURIComponent(id)}/${size}.svg`,
		...sizes[size],
	})
	return { default: one('default'), medium: one('medium'), high: one('high') }
}

/** A hue from the id, so neighbouring thumbnails differ. */
function hue(id: string): number {
	let n = 0
	for (const c of id) n = (n * 31 + c.charCodeAt(0)) % 360
	return n
}

export function thumbnailSvg(id: string, title: string, kind: 'video' | 'channel', size: ThumbnailSize): string {
	const { width, height } = (kind === 'channel' ? CHANNEL_THUMBNAIL_SIZES : VIDEO_THUMBNAIL_SIZES)[size]
	const label = escapeXml(title)
	const play =
		kind === 'video'
			? `<polygon points="${width * 0.44},${height * 0.32} ${width * 0.44},${height * 0.56} ${width * 0.58},${height * 0.44}" fill="#ffffff" opacity="0.9"/>`
			: ''
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}">
<title>${label}</title>
<rect width="${width}" height="${height}" fill="hsl(${hue(id)} 45% 32%)"/>
${play}
<text x="50%" y="82%" text-anchor="middle" font-family="sans-serif" font-size="${Math.max(8, Math.round(height / 12))}" fill="#ffffff">${label}</text>
</svg>`
}
