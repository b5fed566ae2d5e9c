/**
 * Help-centre articles: `GET zendesk/articles?query=&label_names=` searches
 * by text (every word in the title or body) and by label (at least one of
 * them), `GET zendesk/articles/{id}` reads one. Anyone may read them. The
 * emulated help centre shows them at `zendesk/hc` and `zendesk/hc/articles/{id}`.
 */
import type { DatabaseSync } from 'node:sqlite'
import express, { type Request, type Response } from 'express'
import type { z } from 'zod'
import {
	HELP_CENTRE_MESSAGES,
	type ArticleSchema,
	type ArticleSearchResultSchema,
} from '#app/upstream/contract/help-centre.ts'
import { sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'
import { queryList } from '../gear/request.ts'
import { ARTICLES } from './article-seed.ts'
import { escapeMarkup as escapeHtml } from '../../markup.ts'
import { helpCentrePage } from './html.ts'

const DAY_MS = 24 * 3600 * 1000
const DEFAULT_PER_PAGE = 25
const MAX_PER_PAGE = 100

export function migrateArticles(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS help_centre_articles (
		id TEXT PRIMARY KEY,
		title TEXT NOT NULL,
		body TEXT NOT NULL,
		label_names TEXT NOT NULL,
		section TEXT NOT NULL,
		locale TEXT NOT NULL,
		created_at TEXT NOT NULL,
		updated_at TEXT NOT NULL
	)`)
}

export function seedArticles(ctx: EmulatorContext): void {
	const insert = ctx.db.prepare(
		'INSERT OR REPLACE INTO help_centre_articles (id, title, body, label_names, section, locale, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
	)
	const now = ctx.clock.now()
	for (const article of ARTICLES) {
		const updated = new Date(now - article.ageDays * DAY_MS).toISOString()
		const createdAt = new Date(now - (article.ageDays + 90) * DAY_MS).toISOString()
		insert.run(
			article.id,
			article.title,
			article.body,
			JSON.stringify(article.labelNames),
			article.section,
			'en-us',
			createdAt,
			updated,
		)
	}
}

type Row = {
	id: string
	title: string
	body: string
	label_names: string
	section: string
	locale: string
	created_at: string
	updated_at: string
}

function presentArticle(ctx: EmulatorContext, row: Row): z.input<typeof ArticleSchema> {
	return {
		id: row.id,
		title: row.title,
		body: row.body,
		labelNames: JSON.parse(row.label_names) as string[],
		section: row.section,
		htmlUrl: `${ctx.emulatorUrl}/account/zendesk/hc/articles/${row.id}`,
		locale: row.locale,
		createdAt: row.created_at,
		updatedAt: row.updated_at,
	}
}

const plainText = (html: string) =>
	html
		.replace(/<[^>]*>/g, ' ')
		.replace(/&[a-z]+;/g, ' ')
		.toLowerCase()

function positiveInt(value: unknown, fallback: number): number | null {
	if (value === undefined) return fallback
	if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) < 1) return null
	return Number(value)
}

export function articlesRouter(ctx: EmulatorContext) {
	const router = express.Router()
	const all = () => ctx.db.prepare('SELECT * FROM help_centre_articles ORDER BY updated_at DESC, id').all() as Row[]
	const byId = (id: string) =>
		ctx.db.prepare('SELECT * FROM help_centre_articles WHERE id = ?').get(id) as Row | undefined

	router.get('/zendesk/articles', (req: Request, res: Response) => {
		const page = positiveInt(req.query.page, 1)
		const perPage = positiveInt(req.query.per_page, DEFAULT_PER_PAGE)
		if (page === null || perPage === null || perPage > MAX_PER_PAGE)
			return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
		const words = (typeof req.query.query === 'string' ? req.query.query : '')
			.toLowerCase()
			.split(/\s+/)
			.filter(Boolean)
		const labels = new Set(queryList(req, 'label_names', 'label_names[]').map((l) => l.toLowerCase()))
		const scored = all()
			.filter(
				(row) =>
					labels.size === 0 || (JSON.parse(row.label_names) as string[]).some((l) => labels.has(l.toLowerCase())),
			)
			.map((row) => {
				const title = row.title.toLowerCase()
				const text = `${title} ${plainText(row.body)}`
				return {
					row,
					matches: words.every((w) => text.includes(w)),
					inTitle: words.filter((w) => title.includes(w)).length,
				}
			})
			.filter((a) => a.matches)
			// Title hits first; otherwise newest first (the order of `all`).
			.sort((a, b) => b.inTitle - a.inTitle)
		const start = (page - 1) * perPage
		const result: z.input<typeof ArticleSearchResultSchema> = {
			articles: scored.slice(start, start + perPage).map((a) => presentArticle(ctx, a.row)),
			count: scored.length,
			page,
			perPage,
			nextPage: start + perPage < scored.length ? page + 1 : null,
		}
		res.json(result)
	})

	router.get('/zendesk/articles/:id', (req: Request, res: Response) => {
		const id = String(req.params.id).trim()
		if (!id) return sendError(res, 400, HELP_CENTRE_MESSAGES.articleIdRequired, 'InvalidParameterException')
		const row = byId(id)
		if (!row) return sendError(res, 404, HELP_CENTRE_MESSAGES.articleNotFound, 'NotFound')
		res.json(presentArticle(ctx, row))
	})

	router.get('/zendesk/hc', (_req: Request, res: Response) => {
		const items = all()
			.map(
				(row) =>
					`<li><a href="${escapeHtml(`${ctx.emulatorUrl}/account/zendesk/hc/articles/${row.id}`)}">${escapeHtml(row.title)}</a></li>`,
			)
			.join('\n')
		res.type('html').send(helpCentrePage('Help Center', `<ul>${items}</ul>`))
	})

	router.get('/zendesk/hc/articles/:id', (req: Request, res: Response) => {
		const row = byId(String(req.params.id))
		if (!row)
			return res
				.status(404)
				.type('html')
				.send(helpCentrePage('Article not found', '<p>This article does not exist.</p>'))
		// Article bodies are seeded HTML, one of them hostile on purpose (the portal's sanitiser is tested
		// with it): like a real help centre, this page lets none of its scripts or styles run.
		res.set('Content-Security-Policy', "default-src 'none'; img-src https: data:")
		res.type('html').send(helpCentrePage(row.title, `<p>${escapeHtml(row.section)}</p><article>${row.body}</article>`))
	})

	return router
}
