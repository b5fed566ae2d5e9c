/**
 * Product registration (spec 1 §3, §4, §5, §8): users/{id}/registeredProducts.
 * A product is found by slug or model code, the serial is 7–8 characters,
 * the product must be registrable in the user's country and not already
 * registered by them. A product whose catalogue data has
 * `registrationDelaySeconds` sits pending that long, then completes; a serial
 * starting with `0000` is the failure fixture: it fails (at once, or when its
 * pending time is up).
 */
import { randomUUID } from 'node:crypto'
import express, { type Request, type Response } from 'express'
import type { z } from 'zod'
import {
	CreateRegisteredProductRequestSchema,
	GEAR_MESSAGES,
	SERIAL_CODE_MAX_LENGTH,
	SERIAL_CODE_MIN_LENGTH,
	UpdateRegisteredProductRequestSchema,
	type RegisteredProductSchema,
} from '#app/upstream/contract/account-gear.ts'
import { sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'
import { transaction } from '../../db.ts'
import { productImageUrl } from '../../seed/products.ts'
import { findProductByModelCode, findProductBySlug, findProductHeadBySlug, type ProductRow } from '../products.ts'
import {
	toRegisteredProductRow,
	type RegisteredProductDbRow,
	type RegisteredProductRow,
} from '../registered-products-table.ts'
import { findUserById, type UserRow } from '../users.ts'
import { deleteAnswerInfosOf, listAnswerInfosOf, presentAnswerInfo } from './answer-infos-table.ts'
import { ownUser, parseBody } from './request.ts'

/** Serials starting with this fail to register: a fixture for the failure path. */
export const FAILING_SERIAL_PREFIX = '0000'

/** What the gear calls keep in a registered product's `data`. */
interface RegistrationData {
	purchaseDate: string | null
	purchaseMethod: string | null
	purchaseDealer: string | null
	image: string | null
	/** When a pending registration settles (ms, emulator clock), and how. */
	settlesAt: number
	outcome: 'completed' | 'failed'
	statusMessage: string | null
	answerInfos?: unknown[]
}

type Row = RegisteredProductDbRow
const toRow = toRegisteredProductRow

const dataOf = (row: RegisteredProductRow) => row.data as unknown as Partial<RegistrationData>

/** A pending registration whose time is up becomes what it was going to be. */
export function settleRegistration(ctx: EmulatorContext, row: RegisteredProductRow): RegisteredProductRow {
	const data = dataOf(row)
	if (row.status !== 'pending' || (data.settlesAt ?? 0) > ctx.clock.now()) return row
	const status = data.outcome ?? 'completed'
	const settled = { ...row.data, statusMessage: status === 'failed' ? GEAR_MESSAGES.registrationFailed : null }
	ctx.db
		.prepare('UPDATE registered_products SET status = ?, data = ? WHERE id = ?')
		.run(status, JSON.stringify(settled), row.id)
	return { ...row, status, data: settled }
}

export function findRegisteredProduct(
	ctx: EmulatorContext,
	userId: string,
	id: string,
): RegisteredProductRow | undefined {
	const row = ctx.db.prepare('SELECT * FROM registered_products WHERE id = ? AND user_id = ?').get(id, userId) as
		Row | undefined
	return row && settleRegistration(ctx, toRow(row))
}

function registeredProductsOf(ctx: EmulatorContext, userId: string): RegisteredProductRow[] {
	const rows = ctx.db
		.prepare('SELECT * FROM registered_products WHERE user_id = ? ORDER BY create_date, id')
		.all(userId) as Row[]
	return rows.map((row) => settleRegistration(ctx, toRow(row)))
}

/** A registered product as the gear calls (and `me`) answer it. */
export function presentRegisteredProduct(
	ctx: EmulatorContext,
	row: RegisteredProductRow,
): z.input<typeof RegisteredProductSchema> {
	const settled = settleRegistration(ctx, row)
	const data = dataOf(settled)
	// Every registration of a list names its product: the product info each row carries is left unread.
	const product = findProductHeadBySlug(ctx.db, settled.productSlug)
	// Catalogue images are served by the emulator: answered at its address now, not the one at seeding.
	const productImage = product?.image.includes('/account/images/products/')
		? productImageUrl(ctx.emulatorUrl, product.slug)
		: (product?.image ?? null)
	return {
		id: settled.id,
		product: {
			slug: settled.productSlug,
			brand: { value: product?.brand ?? 'main' },
			modelCode: product?.modelCode ?? null,
			name: product?.name ?? null,
			image: productImage,
			categoryId: product?.categoryId ?? null,
		},
		serialCode: settled.serialCode,
		purchaseDate: data.purchaseDate ?? null,
		purchaseMethod: data.purchaseMethod ?? null,
		purchaseDealer: data.purchaseDealer ?? null,
		image: data.image ?? productImage,
		answerInfos: listAnswerInfosOf(ctx.db, settled.id).map(presentAnswerInfo),
		status: settled.status,
		statusMessage: data.statusMessage ?? null,
		createDate: settled.createDate,
	}
}

export function insertRegisteredProduct(
	ctx: EmulatorContext,
	registration: {
		userId: string
		product: ProductRow
		serialCode: string
		purchaseDate: string | null
		purchaseMethod: string | null
		purchaseDealer: string | null
		image: string | null
		createDate?: string
	},
): RegisteredProductRow {
	const now = ctx.clock.now()
	const delaySeconds = Number(registration.product.data.registrationDelaySeconds ?? 0)
	const settlesAt = now + (Number.isFinite(delaySeconds) && delaySeconds > 0 ? delaySeconds * 1000 : 0)
	const data: RegistrationData = {
		purchaseDate: registration.purchaseDate,
		purchaseMethod: registration.purchaseMethod,
		purchaseDealer: registration.purchaseDealer,
		image: registration.image,
		settlesAt,
		outcome: registration.serialCode.startsWith(FAILING_SERIAL_PREFIX) ? 'failed' : 'completed',
		statusMessage: null,
		answerInfos: [],
	}
	const id = randomUUID()
	ctx.db
		.prepare(
			'INSERT INTO registered_products (id, user_id, product_slug, serial_code, status, data, create_date) VALUES (?, ?, ?, ?, ?, ?, ?)',
		)
		.run(
			id,
			registration.userId,
			registration.product.slug,
			registration.serialCode,
			'pending',
			JSON.stringify(data),
			registration.createDate ?? new Date(now).toISOString(),
		)
	return findRegisteredProduct(ctx, registration.userId, id)!
}

/** The user's country: a code in the profile, as a string or a master-list item. */
export function countryOf(user: UserRow): string | null {
	const country = user.profile.country
	if (typeof country === 'string') return country.trim().toUpperCase() || null
	if (country && typeof country === 'object') {
		const item = country as Record<string, unknown>
		for (const key of ['value', 'code', 'id'])
			if (typeof item[key] === 'string') return (item[key] as string).toUpperCase()
	}
	return null
}

export function isRegistrableIn(product: ProductRow, country: string | null): boolean {
	return (
		product.registrableCountries === null ||
		(country !== null && product.registrableCountries.some((c) => c.toUpperCase() === country))
	)
}

/** A serial as the API keeps it: trimmed and upper-case, or null when it is not 7–8 characters. */
export function normaliseSerialCode(raw: string): string | null {
	const serial = raw.trim().toUpperCase()
	return serial.length >= SERIAL_CODE_MIN_LENGTH && serial.length <= SERIAL_CODE_MAX_LENGTH ? serial : null
}

/** YYYY-MM-DD, a real day, not after today (emulator clock); null/empty is no date. */
function purchaseDateOf(
	ctx: EmulatorContext,
	raw: string | null | undefined,
): { ok: true; value: string | null } | { ok: false } {
	if (raw === undefined || raw === null || raw === '') return { ok: true, value: null }
	if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return { ok: false }
	const date = new Date(`${raw}T00:00:00Z`)
	if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== raw) return { ok: false }
	if (raw > new Date(ctx.clock.now()).toISOString().slice(0, 10) || raw < '1950-01-01') return { ok: false }
	return { ok: true, value: raw }
}

function isRegisteredAlready(
	ctx: EmulatorContext,
	userId: string,
	productSlug: string,
	serialCode: string,
	exceptId?: string,
): boolean {
	return registeredProductsOf(ctx, userId).some(
		(r) => r.id !== exceptId && r.productSlug === productSlug && r.serialCode === serialCode && r.status !== 'failed',
	)
}

function findProduct(ctx: EmulatorContext, ref: { slug?: string; modelCode?: string }): ProductRow | undefined {
	const bySlug = ref.slug === undefined ? undefined : findProductBySlug(ctx.db, ref.slug)
	const byModel = ref.modelCode === undefined ? undefined : findProductByModelCode(ctx.db, ref.modelCode)
	if (ref.slug !== undefined && ref.modelCode !== undefined)
		return bySlug && byModel && bySlug.slug === byModel.slug ? bySlug : undefined
	return bySlug ?? byModel
}

export function registeredProductsRouter(ctx: EmulatorContext) {
	const router = express.Router()
	const own = ownUser(ctx)
	const notFound = (res: Response) => sendError(res, 404, 'Registered product not found.', 'NotFound')

	router.get('/users/:id/registeredProducts', own, (req: Request, res: Response) => {
		res.json(registeredProductsOf(ctx, String(req.params.id)).map((row) => presentRegisteredProduct(ctx, row)))
	})

	router.post('/users/:id/registeredProducts', own, (req: Request, res: Response) => {
		const body = parseBody(CreateRegisteredProductRequestSchema, req, res)
		if (!body) return
		const user = findUserById(ctx.db, String(req.params.id))
		if (!user) return sendError(res, 404, 'User not found.', 'UserNotFoundException')
		const product = findProduct(ctx, body.product)
		if (!product) return sendError(res, 404, GEAR_MESSAGES.productNotFound, 'ProductNotFound')
		const serialCode = normaliseSerialCode(body.serialCode)
		if (!serialCode) return sendError(res, 400, GEAR_MESSAGES.serialCodeLength, 'InvalidSerialCode')
		const purchaseDate = purchaseDateOf(ctx, body.purchaseDate)
		if (!purchaseDate.ok) return sendError(res, 400, GEAR_MESSAGES.invalidPurchaseDate, 'InvalidPurchaseDate')
		if (!isRegistrableIn(product, countryOf(user)))
			return sendError(res, 400, GEAR_MESSAGES.notRegistrable, 'ProductNotRegistrable')
		const created = transaction(ctx.db, () => {
			if (isRegisteredAlready(ctx, user.id, product.slug, serialCode)) return undefined
			return insertRegisteredProduct(ctx, {
				userId: user.id,
				product,
				serialCode,
				purchaseDate: purchaseDate.value,
				purchaseMethod: body.purchaseMethod ?? null,
				purchaseDealer: body.purchaseDealer ?? null,
				image: body.image ?? null,
			})
		})
		if (!created) return sendError(res, 409, GEAR_MESSAGES.alreadyRegistered, 'AlreadyRegistered')
		if (created.status === 'failed') {
			// A registration that fails at once leaves nothing behind to unregister.
			ctx.db.prepare('DELETE FROM registered_products WHERE id = ?').run(created.id)
			return sendError(res, 422, GEAR_MESSAGES.registrationFailed, 'RegistrationFailed')
		}
		res.status(201).json(presentRegisteredProduct(ctx, created))
	})

	router.get('/users/:id/registeredProducts/:rpId', own, (req: Request, res: Response) => {
		const row = findRegisteredProduct(ctx, String(req.params.id), String(req.params.rpId))
		if (!row) return notFound(res)
		res.json(presentRegisteredProduct(ctx, row))
	})

	router.put('/users/:id/registeredProducts/:rpId', own, (req: Request, res: Response) => {
		const body = parseBody(UpdateRegisteredProductRequestSchema, req, res)
		if (!body) return
		const row = findRegisteredProduct(ctx, String(req.params.id), String(req.params.rpId))
		if (!row) return notFound(res)
		const serialCode = body.serialCode === undefined ? row.serialCode : normaliseSerialCode(body.serialCode)
		if (!serialCode) return sendError(res, 400, GEAR_MESSAGES.serialCodeLength, 'InvalidSerialCode')
		const purchaseDate = purchaseDateOf(ctx, body.purchaseDate)
		if (!purchaseDate.ok) return sendError(res, 400, GEAR_MESSAGES.invalidPurchaseDate, 'InvalidPurchaseDate')
		const updated = transaction(ctx.db, () => {
			if (serialCode !== row.serialCode && isRegisteredAlready(ctx, row.userId, row.productSlug, serialCode, row.id))
				return false
			const data = { ...row.data }
			if (body.purchaseDate !== undefined) data.purchaseDate = purchaseDate.value
			for (const key of ['purchaseMethod', 'purchaseDealer', 'image'] as const)
				if (body[key] !== undefined) data[key] = body[key]
			ctx.db
				.prepare('UPDATE registered_products SET serial_code = ?, data = ? WHERE id = ?')
				.run(serialCode, JSON.stringify(data), row.id)
			return true
		})
		if (!updated) return sendError(res, 409, GEAR_MESSAGES.alreadyRegistered, 'AlreadyRegistered')
		res.json(presentRegisteredProduct(ctx, findRegisteredProduct(ctx, row.userId, row.id)!))
	})

	router.delete('/users/:id/registeredProducts/:rpId', own, (req: Request, res: Response) => {
		const row = findRegisteredProduct(ctx, String(req.params.id), String(req.params.rpId))
		if (!row) return notFound(res)
		transaction(ctx.db, () => {
			ctx.db.prepare('DELETE FROM registered_products WHERE id = ?').run(row.id)
			deleteAnswerInfosOf(ctx.db, row.id)
		})
		res.status(204).end()
	})

	router.get('/users/:id/registeredProducts/:rpId/answerInfos', own, (req: Request, res: Response) => {
		const row = findRegisteredProduct(ctx, String(req.params.id), String(req.params.rpId))
		if (!row) return notFound(res)
		res.json(listAnswerInfosOf(ctx.db, row.id).map(presentAnswerInfo))
	})

	return router
}
