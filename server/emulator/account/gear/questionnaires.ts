/**
 * Product questionnaires (spec 1 §3, §5; spec 2 §7): the surveys, by
 * questionnaireLabels id and culture, and their answer infos and answers.
 * Every required question must be answered ('An answer is required.').
 */
import type { DatabaseSync } from 'node:sqlite'
import express, { type Request, type Response } from 'express'
import type { z } from 'zod'
import {
	CreateAnswerInfoRequestSchema,
	GEAR_MESSAGES,
	PostAnswersRequestSchema,
	type Answer,
	type AnswerRequiredErrorSchema,
	type QuestionnaireSchema,
} from '#app/upstream/contract/account-gear.ts'
import { CULTURE_CODES, FALLBACK_CULTURE, findServedCulture, type CultureCode } from '../../cultures.ts'
import { requireToken, sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'
import { getMeta, setMeta } from '../../db.ts'
import {
	findAnswerInfo,
	findLiveAnswerInfo,
	insertAnswerInfo,
	presentAnswerInfo,
	saveAnswers,
} from './answer-infos-table.ts'
import { QUESTIONNAIRES, type SeedQuestionnaire, type SurveyLanguage } from './questionnaire-seed.ts'
import { findRegisteredProduct } from './registered-products.ts'
import { parseBody, queryList } from './request.ts'

interface QuestionnaireRow extends Omit<SeedQuestionnaire, 'name'> {
	name: string
	updateDate: string
}

export function migrateQuestionnaires(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS questionnaires (
		id TEXT PRIMARY KEY,
		name TEXT NOT NULL UNIQUE,
		label_ids TEXT NOT NULL,
		data TEXT NOT NULL,
		update_date TEXT NOT NULL
	)`)
}

/**
 * The seed's shape. Raise it when the seeded surveys change (2: ratings): a data directory seeded
 * before gets them written again at start, its answers kept.
 */
const QUESTIONNAIRES_VERSION = '2'

export function seedQuestionnaires(ctx: EmulatorContext): void {
	const insert = ctx.db.prepare(
		'INSERT OR REPLACE INTO questionnaires (id, name, label_ids, data, update_date) VALUES (?, ?, ?, ?, ?)',
	)
	const now = new Date(ctx.clock.now()).toISOString()
	for (const { id, name, labelIds, ...data } of QUESTIONNAIRES)
		insert.run(id, name, JSON.stringify(labelIds), JSON.stringify(data), now)
	setMeta(ctx.db, 'questionnairesVersion', QUESTIONNAIRES_VERSION)
}

/** Only a data directory seeded by an earlier version: a new one is seeded whole after the migrations. */
export function upgradeQuestionnaires(ctx: EmulatorContext): void {
	if (getMeta(ctx.db, 'seeded') !== undefined && getMeta(ctx.db, 'questionnairesVersion') !== QUESTIONNAIRES_VERSION)
		seedQuestionnaires(ctx)
}

type Row = { id: string; name: string; label_ids: string; data: string; update_date: string }
const toQuestionnaire = (row: Row): QuestionnaireRow => ({
	...(JSON.parse(row.data) as Omit<SeedQuestionnaire, 'id' | 'name' | 'labelIds'>),
	id: row.id,
	name: row.name,
	labelIds: JSON.parse(row.label_ids) as string[],
	updateDate: row.update_date,
})

/** By id, or by survey name (`ProductSurvey1`), which is how the portal's screens know them. */
export function findQuestionnaire(db: DatabaseSync, idOrName: string): QuestionnaireRow | undefined {
	const row = db.prepare('SELECT * FROM questionnaires WHERE id = ? OR name = ?').get(idOrName, idOrName) as
		Row | undefined
	return row && toQuestionnaire(row)
}

function listQuestionnaires(db: DatabaseSync): QuestionnaireRow[] {
	return (db.prepare('SELECT * FROM questionnaires ORDER BY CAST(id AS INTEGER), id').all() as Row[]).map(
		toQuestionnaire,
	)
}

/**
 * A cultureCodes master-list id: the culture's 1-based position in the
 * supported cultures list, so the master list and this API agree without
 * sharing a table.
 */
export function cultureCodeId(culture: CultureCode): string {
	return String(CULTURE_CODES.indexOf(culture) + 1)
}

/** `cultureCodeIds[]` may carry master-list ids or culture codes; the first one we know wins. */
function cultureFrom(values: string[]): CultureCode {
	for (const value of values) {
		const culture = /^\d+$/.test(value) ? CULTURE_CODES[Number(value) - 1] : findServedCulture(value)
		if (culture) return culture
	}
	return FALLBACK_CULTURE
}

const languageOf = (culture: CultureCode): SurveyLanguage => (culture.startsWith('ja') ? 'ja' : 'en')

function presentQuestionnaire(
	questionnaire: QuestionnaireRow,
	culture: CultureCode,
): z.input<typeof QuestionnaireSchema> {
	const language = languageOf(culture)
	return {
		id: questionnaire.id,
		name: questionnaire.name,
		title: questionnaire.title[language],
		description: questionnaire.description[language],
		labels: questionnaire.labelIds.map((id) => ({ id })),
		cultureCode: { id: cultureCodeId(culture), value: culture },
		questions: questionnaire.questions.map((q) => ({
			id: q.id,
			type: q.type,
			text: q.text[language],
			required: q.required,
			choices: q.choices.map((c) => ({ id: c.id, text: c.text[language] })),
		})),
		management: { updateDate: questionnaire.updateDate, cultureCode: culture },
	}
}

type AnswerCheck = { ok: true; answers: Answer[] } | { ok: false; missing?: string }

/** Checks answers against the survey's questions; keeps only the given (non-empty) ones. */
function checkAnswers(questionnaire: QuestionnaireRow, given: Answer[]): AnswerCheck {
	const byId = new Map(given.map((a) => [a.questionId, a.value]))
	if (byId.size !== given.length) return { ok: false }
	const known = new Set(questionnaire.questions.map((q) => q.id))
	if (given.some((a) => !known.has(a.questionId))) return { ok: false }
	const answers: Answer[] = []
	for (const question of questionnaire.questions) {
		const value = byId.get(question.id)
		const choices = new Set(question.choices.map((c) => c.id))
		let empty: boolean
		if (question.type === 'multipleChoice') {
			const list = value === undefined ? [] : typeof value === 'string' ? [value] : value
			if (list.some((v) => !choices.has(v)) || new Set(list).size !== list.length) return { ok: false }
			empty = list.length === 0
			if (!empty) answers.push({ questionId: question.id, value: list })
		} else {
			if (Array.isArray(value)) return { ok: false }
			const text = value?.trim() ?? ''
			if (question.type !== 'freeText' && text !== '' && !choices.has(text)) return { ok: false }
			empty = text === ''
			if (!empty) answers.push({ questionId: question.id, value: text })
		}
		if (empty && question.required) return { ok: false, missing: question.id }
	}
	return { ok: true, answers }
}

export function questionnairesRouter(ctx: EmulatorContext) {
	const router = express.Router()
	const auth = requireToken(ctx, 'access')
	const surveyNotFound = (res: Response) => sendError(res, 404, GEAR_MESSAGES.surveyNotFound, 'NotFound')

	router.get('/questionnaires', auth, (req: Request, res: Response) => {
		const labelIds = new Set(queryList(req, 'labelIds[]', 'labelIds'))
		const culture = cultureFrom(queryList(req, 'cultureCodeIds[]', 'cultureCodeIds'))
		const found = listQuestionnaires(ctx.db).filter(
			(q) => labelIds.size === 0 || q.labelIds.some((id) => labelIds.has(id)),
		)
		res.json(found.map((q) => presentQuestionnaire(q, culture)))
	})

	router.get('/questionnaires/:id', auth, (req: Request, res: Response) => {
		const questionnaire = findQuestionnaire(ctx.db, String(req.params.id))
		if (!questionnaire) return surveyNotFound(res)
		res.json(
			presentQuestionnaire(
				questionnaire,
				cultureFrom(queryList(req, 'cultureCodeIds[]', 'cultureCodeIds', 'cultureCode')),
			),
		)
	})

	router.post('/questionnaires/:id/answerInfos', auth, (req: Request, res: Response) => {
		const questionnaire = findQuestionnaire(ctx.db, String(req.params.id))
		if (!questionnaire) return surveyNotFound(res)
		const body = parseBody(CreateAnswerInfoRequestSchema, req, res)
		if (!body) return
		if (body.isDeleted || findQuestionnaire(ctx.db, body.questionnaire.id)?.id !== questionnaire.id) {
			return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
		}
		const userId = String(res.locals.userId)
		if (body.user.id !== userId) return sendError(res, 403, 'Access Denied', 'AccessDeniedException')
		const registered = findRegisteredProduct(ctx, userId, body.product.id)
		if (!registered) return sendError(res, 404, GEAR_MESSAGES.productNotFound, 'ProductNotFound')
		const existing = findLiveAnswerInfo(ctx.db, userId, questionnaire.id, registered.id)
		if (existing) return res.status(200).json(presentAnswerInfo(existing))
		const created = insertAnswerInfo(ctx, {
			userId,
			questionnaireId: questionnaire.id,
			questionnaireName: questionnaire.name,
			registeredProductId: registered.id,
			productSlug: registered.productSlug,
		})
		res.status(201).json(presentAnswerInfo(created))
	})

	router.post('/questionnaires/:id/answerInfos/:aid/answers', auth, (req: Request, res: Response) => {
		const questionnaire = findQuestionnaire(ctx.db, String(req.params.id))
		if (!questionnaire) return surveyNotFound(res)
		const info = findAnswerInfo(ctx.db, String(req.params.aid))
		if (!info || info.isDeleted || info.userId !== res.locals.userId || info.questionnaireId !== questionnaire.id) {
			return sendError(res, 404, 'Answer info not found.', 'NotFound')
		}
		const body = parseBody(PostAnswersRequestSchema, req, res)
		if (!body) return
		const checked = checkAnswers(questionnaire, body.answers)
		if (!checked.ok) {
			if (checked.missing === undefined) return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
			const error: z.input<typeof AnswerRequiredErrorSchema> = {
				message: GEAR_MESSAGES.answerRequired,
				code: 'AnswerRequired',
				questionId: checked.missing,
			}
			return res.status(400).json(error)
		}
		res.json(presentAnswerInfo(saveAnswers(ctx, info, checked.answers)))
	})

	return router
}
