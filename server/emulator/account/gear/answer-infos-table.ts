/**
 * Questionnaire answer infos: one per user, survey and registered product.
 * Each registered product's `data.answerInfos` mirrors its live ones, so the
 * `me` call can list them without knowing this table.
 */
import { randomUUID } from 'node:crypto'
import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type { z } from 'zod'
import type { Answer, AnswerInfoSchema } from '#app/upstream/contract/account-gear.ts'
import type { EmulatorContext } from '../../context.ts'

export interface AnswerInfoRow {
	id: string
	userId: string
	questionnaireId: string
	questionnaireName: string
	registeredProductId: string
	productSlug: string
	isDeleted: boolean
	answers: Answer[]
	answeredDate: string | null
	createDate: string
}

export function migrateAnswerInfos(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS answer_infos (
		id TEXT PRIMARY KEY,
		user_id TEXT NOT NULL,
		questionnaire_id TEXT NOT NULL,
		questionnaire_name TEXT NOT NULL,
		registered_product_id TEXT NOT NULL,
		product_slug TEXT NOT NULL,
		is_deleted INTEGER NOT NULL DEFAULT 0,
		answers TEXT NOT NULL DEFAULT '[]',
		answered_date TEXT,
		create_date TEXT NOT NULL
	);
	CREATE INDEX IF NOT EXISTS answer_infos_registered_product ON answer_infos (registered_product_id);`)
}

type Row = {
	id: string
	user_id: string
	questionnaire_id: string
	questionnaire_name: string
	registered_product_id: string
	product_slug: string
	is_deleted: number
	answers: string
	answered_date: string | null
	create_date: string
}
const toAnswerInfo = (row: Row): AnswerInfoRow => ({
	id: row.id,
	userId: row.user_id,
	questionnaireId: row.questionnaire_id,
	questionnaireName: row.questionnaire_name,
	registeredProductId: row.registered_product_id,
	productSlug: row.product_slug,
	isDeleted: row.is_deleted === 1,
	answers: JSON.parse(row.answers) as Answer[],
	answeredDate: row.answered_date,
	createDate: row.create_date,
})

export function presentAnswerInfo(info: AnswerInfoRow): z.input<typeof AnswerInfoSchema> {
	return {
		id: info.id,
		user: { id: info.userId },
		isDeleted: info.isDeleted,
		questionnaire: { id: info.questionnaireId, name: info.questionnaireName },
		product: { id: info.registeredProductId, slug: info.productSlug },
		answers: info.answers,
		answeredDate: info.answeredDate,
		createDate: info.createDate,
	}
}

export function findAnswerInfo(db: DatabaseSync, id: string): AnswerInfoRow | undefined {
	const row = db.prepare('SELECT * FROM answer_infos WHERE id = ?').get(id) as Row | undefined
	return row && toAnswerInfo(row)
}

const liveOf = new WeakMap<DatabaseSync, StatementSync>()

/**
 * The live (not deleted) answer infos of a registered product, oldest first. Asked once per row of every list
 * of registered products (and of `me`), so the statement is prepared once per database.
 */
export function listAnswerInfosOf(db: DatabaseSync, registeredProductId: string): AnswerInfoRow[] {
	let statement = liveOf.get(db)
	if (!statement) {
		statement = db.prepare(
			'SELECT * FROM answer_infos WHERE registered_product_id = ? AND is_deleted = 0 ORDER BY create_date, id',
		)
		liveOf.set(db, statement)
	}
	return (statement.all(registeredProductId) as Row[]).map(toAnswerInfo)
}

export function findLiveAnswerInfo(
	db: DatabaseSync,
	userId: string,
	questionnaireId: string,
	registeredProductId: string,
): AnswerInfoRow | undefined {
	const row = db
		.prepare(
			'SELECT * FROM answer_infos WHERE user_id = ? AND questionnaire_id = ? AND registered_product_id = ? AND is_deleted = 0',
		)
		.get(userId, questionnaireId, registeredProductId) as Row | undefined
	return row && toAnswerInfo(row)
}

export function insertAnswerInfo(
	ctx: EmulatorContext,
	info: {
		userId: string
		questionnaireId: string
		questionnaireName: string
		registeredProductId: string
		productSlug: string
		answers?: Answer[]
		answeredDate?: string | null
		createDate?: string
	},
): AnswerInfoRow {
	const id = randomUUID()
	ctx.db
		.prepare(
			'INSERT INTO answer_infos (id, user_id, questionnaire_id, questionnaire_name, registered_product_id, product_slug, answers, answered_date, create_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
		)
		.run(
			id,
			info.userId,
			info.questionnaireId,
			info.questionnaireName,
			info.registeredProductId,
			info.productSlug,
			JSON.stringify(info.answers ?? []),
			info.answeredDate ?? null,
			info.createDate ?? new Date(ctx.clock.now()).toISOString(),
		)
	syncAnswerInfos(ctx.db, info.registeredProductId)
	return findAnswerInfo(ctx.db, id)!
}

export function saveAnswers(ctx: EmulatorContext, info: AnswerInfoRow, answers: Answer[]): AnswerInfoRow {
	ctx.db
		.prepare('UPDATE answer_infos SET answers = ?, answered_date = ? WHERE id = ?')
		.run(JSON.stringify(answers), new Date(ctx.clock.now()).toISOString(), info.id)
	syncAnswerInfos(ctx.db, info.registeredProductId)
	return findAnswerInfo(ctx.db, info.id)!
}

/** Unregistering a product deletes its answer infos softly, as the API keeps them with isDeleted. */
export function deleteAnswerInfosOf(db: DatabaseSync, registeredProductId: string): void {
	db.prepare('UPDATE answer_infos SET is_deleted = 1 WHERE registered_product_id = ?').run(registeredProductId)
}

function syncAnswerInfos(db: DatabaseSync, registeredProductId: string): void {
	const row = db.prepare('SELECT data FROM registered_products WHERE id = ?').get(registeredProductId) as
		{ data: string } | undefined
	if (!row) return
	const data = JSON.parse(row.data) as Record<string, unknown>
	data.answerInfos = listAnswerInfosOf(db, registeredProductId).map(presentAnswerInfo)
	db.prepare('UPDATE registered_products SET data = ? WHERE id = ?').run(JSON.stringify(data), registeredProductId)
}
