/**
 * The register-a-product tab (spec 1 §2 `register_product`, §4, §5, §8): the form's lists, its
 * pre-fill from a registration card (the `?mdl=&serial=` of the QR landing, or a card kept as
 * ProductRegistrationUsingQR temporary data while its owner signed up), the connected devices not
 * yet registered, and the form's intents: `category` (the category's models, without JavaScript),
 * `find` (the product of a typed model code), `register`, `device` (one press for a connected
 * device) and `forgetCard`.
 */
import { parseWithZod, type SubmissionResult } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import type { Route } from './+types/my-gear'
import {
	isLongSerial,
	lastSevenOf,
	normaliseModelCode,
	REGISTER_PRODUCT_PATH,
	registerSchema,
	registerValuesFromForm,
	registrationOf,
	registrationOutcome,
	registrationRefusal,
	registrationStatusPath,
	registeredToast,
	withProduct,
	type CatalogueProduct,
	type RegisterValues,
} from '#app/domain/product-registration.ts'
import { deviceRegistration, registerFormOnOpen } from '#app/domain/register-prefill.ts'
import { categoriesByBrand } from '#app/domain/product-registration-fields.ts'
import { latestPurchaseDate } from '#app/domain/purchase-details.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { logMilestone } from '#app/logging/page-view.server.ts'
import { orUpstreamUnavailable, redirectWithToast } from '#app/responses.server.ts'
import { connectedDevices, forgetRegistrationCard, keptCard, registerProduct } from '#app/services/gear.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import type { SessionCredentials } from '#app/session/session.server.ts'
import { searchProducts } from '#app/upstream/account-catalogue.server.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { registerLists } from '#app/upstream/gear-lists.server.ts'
import { submittedForm } from '#app/forms/form-body.server.ts'

type Context = Readonly<RouterContextProvider>
type Args = Pick<Route.LoaderArgs, 'context' | 'request' | 'url'>

/** What an answer of the tab's form carries: the form as typed (or as the server filled it), and why it came back. */
export interface RegisterAnswer {
	tab: 'register_product'
	values?: RegisterValues
	result?: SubmissionResult<string[]>
	/** A 16-digit serial was given: the form now holds its last 7, for the user to check. */
	longSerial?: boolean
	/** The product a typed model code found. */
	found?: string
	/** Why a registration was refused, for the links the message offers. */
	refusal?: string
	/** A connected device's one-press registration that was refused, and the message. */
	device?: { pcode: string; errorKey: string }
}

/** The tab's data: the lists, the form (filled from a card when there is one) and the devices to offer. */
export async function loadRegisterTab({ context, request, url }: Args) {
	const credentials = await requireCredentials(context, request)
	const { culture } = context.get(preferencesContext)
	const signal = request.signal
	const lists = registerLists(culture)
	// Every call at once: the lists (cached), the kept card, the devices and the user's registrations.
	const [{ catalogue, purchaseMethods, stores, brandLabels }, kept, devices] = await Promise.all([
		orUpstreamUnavailable(lists),
		keptCard(credentials, signal),
		connectedDevices(
			credentials,
			signal,
			lists.then((l) => l.catalogue),
		),
	])
	const opened = registerFormOnOpen(
		{ mdl: url.searchParams.get('mdl'), serial: url.searchParams.get('serial') },
		kept,
		catalogue,
	)
	return {
		brandLabels,
		// The 21 categories by brand, as data: the table stays out of the page's script.
		categoryGroups: categoriesByBrand(),
		catalogue,
		purchaseMethods,
		stores,
		latestDate: latestPurchaseDate(),
		values: opened.values,
		longSerial: opened.longSerial,
		keptCard: opened.keptCard,
		devices,
	}
}

function answer(body: Omit<RegisterAnswer, 'tab'>, status = 200) {
	return data<RegisterAnswer>({ tab: 'register_product', ...body }, { status })
}

/** Where a registration the API took leads: its status page (saying what is registered when it is done at once). */
function afterRegistration(context: Context, created: Awaited<ReturnType<typeof registerProduct>>) {
	const to = registrationStatusPath(created.id)
	logMilestone(context, REGISTER_PRODUCT_PATH, 'product_registered', { registrationStatus: created.status })
	return registrationOutcome(created.status) === 'done'
		? redirectWithToast(context, to, registeredToast(created.product))
		: redirect(to)
}

/** `find`: the product of the typed model code (`searchProducts`), chosen in the form. */
async function findByModelCode(values: RegisterValues, catalogue: readonly CatalogueProduct[], signal: AbortSignal) {
	const modelCode = normaliseModelCode(values.modelCode)
	const notFound = () =>
		answer({ values, result: { initialValue: values, error: { modelCode: ['register.productNotFound'] } } }, 400)
	if (!modelCode) return notFound()
	try {
		const product = await searchProducts(modelCode, signal)
		return answer({ values: withProduct(values, catalogue, product.modelCode), found: product.name })
	} catch (error) {
		if (!isUpstreamError(error)) throw error
		const refusal = registrationRefusal(error)
		if (refusal.kind === 'productNotFound' || error.status === 404 || error.status === 400) return notFound()
		return answer({ values, result: { initialValue: values, error: { '': [refusal.key] } } }, refusal.status)
	}
}

/** `device`: one press registers a connected device as it reported itself, with no purchase details. */
async function registerDevice(context: Context, credentials: SessionCredentials, form: FormData, signal: AbortSignal) {
	const checked = deviceRegistration({
		pcode: String(form.get('pcode') ?? ''),
		modelCode: String(form.get('modelCode') ?? ''),
		serialCode: String(form.get('serialCode') ?? ''),
	})
	if ('errorKey' in checked) return answer({ device: checked }, 400)
	const { pcode, registration } = checked
	try {
		const created = await registerProduct(context, credentials, registration, { fromCard: false, signal })
		return afterRegistration(context, created)
	} catch (error) {
		if (!isUpstreamError(error)) throw error
		const refusal = registrationRefusal(error)
		return answer({ device: { pcode, errorKey: refusal.key }, refusal: refusal.kind }, refusal.status)
	}
}

/** The tab's form: see the module's comment for the intents. */
export async function registerAction({ context, request }: Route.ActionArgs) {
	const credentials = await requireCredentials(context, request)
	const { culture } = context.get(preferencesContext)
	const signal = request.signal
	const form = submittedForm(context)
	const intent = form.get('intent')

	if (intent === 'device') return registerDevice(context, credentials, form, signal)
	if (intent === 'forgetCard') {
		await forgetRegistrationCard(credentials, signal)
		return redirect(REGISTER_PRODUCT_PATH)
	}

	const typed = registerValuesFromForm(form)
	const lists = await orUpstreamUnavailable(registerLists(culture))

	if (intent === 'category') {
		// Without JavaScript: the form again, as typed, with the chosen category's models.
		const inCategory = lists.catalogue.some((p) => p.slug === typed.slug && String(p.categoryId) === typed.category)
		return answer({ values: { ...typed, slug: inCategory ? typed.slug : '' } })
	}
	if (intent === 'find') return findByModelCode(typed, lists.catalogue, signal)

	const schema = registerSchema({
		today: latestPurchaseDate(),
		purchaseMethods: lists.purchaseMethods.map((m) => m.value),
	})
	const submission = parseWithZod(form, { schema })
	if (submission.status !== 'success') {
		// A 16-digit serial comes back as its last 7, for the user to check and send again.
		const longSerial = isLongSerial(typed.serialCode)
		const values = longSerial ? { ...typed, serialCode: lastSevenOf(typed.serialCode) } : typed
		const result = submission.reply()
		if (longSerial) result.initialValue = { ...result.initialValue, serialCode: values.serialCode }
		return answer({ values, result, longSerial }, 400)
	}

	const registration = registrationOf(submission.value, lists.stores)
	let created
	try {
		created = await registerProduct(context, credentials, registration, { fromCard: Boolean(typed.fromCard), signal })
	} catch (error) {
		if (!isUpstreamError(error)) throw error
		const refusal = registrationRefusal(error)
		const field =
			refusal.field === 'product' ? ('modelCode' in registration.product ? 'modelCode' : 'slug') : refusal.field
		const result = submission.reply(field ? { fieldErrors: { [field]: [refusal.key] } } : { formErrors: [refusal.key] })
		return answer({ values: typed, result, refusal: refusal.kind }, refusal.status)
	}
	return afterRegistration(context, created)
}
