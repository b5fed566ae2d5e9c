/**
 * Placeholder pictures for seeded social posts and fallback demo products:
 * `GET /account/_images/{name}.svg?text=…`, a coloured tile with a caption,
 * so the portal shows real images without reaching the internet.
 */
import { createHash } from 'node:crypto'
import express, { type Request, type Response } from 'express'
import type { EmulatorContext } from '../../context.ts'
import { escapeMarkup as escapeXml } from '../../markup.ts'

export const IMAGE_PATH = '/account/_images'

export function placeholderImageUrl(ctx: EmulatorContext, name: string, text: string): string {
	return `${ctx.emulatorUrl}${IMAGE_PATH}/${encodeURIComponent(name)}.svg?text=${encodeURIComponent(text)}`
}

export function imagesRouter() {
	const router = express.Router()
	router.get('/_images/:file', (req: Request, res: Response) => {
		const file = String(req.params.file)
		if (!/^[\w.-]+\.svg$/.test(file)) return res.status(404).json({ message: 'Image not found.' })
		const hue = createHash('sha256').update(file).digest()[0]! * (360 / 256)
		const text = escapeXml(String(req.query.text ?? file.replace(/\.svg$/, '')).slice(0, 60))
		res
			.type('image/svg+xml')
			.set('Cache-Control', 'public, max-age=86400')
			.send(
				`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640" role="img" aria-label="${text}">` +
					`<rect width="640" height="640" fill="hsl(${Math.round(hue)} 45% 38%)"/>` +
					`<text x="320" y="330" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${text}</text></svg>`,
			)
	})
	return router
}
