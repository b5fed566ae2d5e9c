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
import { readDevices } from '#app/domain/device.ts'
import {
	deviceOffers,
	EMPTY_REGISTER_VALUES,
	hasSerialAlphabet,
	hasSerialLength,
	isLongSerial,
	lastSevenOf,
	normaliseModelCode,
	prefillFromCard,
	REGISTER_PRODUCT_PATH,
	REGISTRATION_MESSAGES,
	registerSchema,
	registerValuesFromForm,
	registrationCardOf,
	registrationOf,
	registrationOutcome,
	registrationRefusal,
	registrationStatusPath,
	registeredToast,
	withProduct,
	type CatalogueProduct,
	type DeviceOffer,
	type Registration,
	type RegisterValues,
	type RegistrationCard,
} from '#app/domain/product-registration.ts'
import { categoriesByBrand } from '#app/domain/product-registration-fields.ts'
import { latestPurchaseDate } from '#app/domain/purchase-details.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { logMilestone } from '#app/logging/page-view.server.ts'
import { orUpstreamUnavailable, redirectWithToast } from '#app/responses.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { cachedMe } from '#app/session/me.server.ts'
import type { SessionCredentials } from '#app/session/session.server.ts'
import { searchProducts } from '#app/upstream/account-catalogue.server.ts'
import { createRegisteredProduct } from '#app/upstream/account-gear.server.ts'
import { deleteTemporaryData, getTemporaryData } from '#app/upstream/account-identity.server.ts'
import { getDevices } from '#app/upstream/device.server.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { getMasterData } from '#app/upstream/master-data.server.ts'
import { submittedForm } from '#app/forms/form-body.server.ts'
import { guessLimits, limitedGuess } from '#app/limits/rate-limit.server.ts'
import { purchaseLists } from './purchase-details.server.ts'

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

const PURPOSE = 'ProductRegistrationUsingQR'

/**
 * The lists the form offers, labelled in the page's culture, all through the master-data cache at
 * their spec times (products 600 s, stores 3600 s): the product catalogue, the brands that group
 * the categories, and the purchase details' lists the edit form shares (methods, stores of the culture).
 */
async function registerLists(culture: string) {
	const [products, brands, purchase] = await Promise.all([
		getMasterData('products', culture),
		getMasterData('brands', culture),
		purchaseLists(culture),
	])
	const catalogue: CatalogueProduct[] = products.map((p) => ({
		slug: p.slug,
		modelCode: p.modelCode,
		name: p.name,
		categoryId: p.categoryId,
	}))
	return {
		catalogue,
		purchaseMethods: purchase.methods,
		stores: purchase.stores,
		brandLabels: {
			main: brands.find((b) => b.value === 'main')?.label ?? 'main',
			effects: brands.find((b) => b.value === 'effects')?.label ?? 'effects',
		},
	}
}

/** The card kept for the user while they signed up, if any (best effort: the form works without it). */
async function keptCard(credentials: SessionCredentials, signal: AbortSignal): Promise<RegistrationCard | null> {
	const kept = await getTemporaryData(credentials.accessToken, credentials.userId, PURPOSE, { signal }).catch(
		() => null,
	)
	return kept ? registrationCardOf(kept.body) : null
}

/** The connected devices still to register; null when the device API or the user's record cannot say. */
async function connectedDevices(
	credentials: SessionCredentials,
	signal: AbortSignal,
	catalogue: Promise<CatalogueProduct[]>,
): Promise<DeviceOffer[] | null> {
	try {
		const [records, me, products] = await Promise.all([
			getDevices(credentials.accessToken, credentials.userId, signal),
			cachedMe(credentials, { signal }),
			catalogue,
		])
		return deviceOffers(readDevices(records).devices, me.registeredProducts, products)
	} catch (error) {
		if (!isUpstreamError(error)) throw error
		return null
	}
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
	const fromQuery = registrationCardOf({
		modelCode: url.searchParams.get('mdl') ?? undefined,
		serialCode: url.searchParams.get('serial') ?? undefined,
	})
	const card = fromQuery ?? kept
	const filled = card
		? prefillFromCard(card, catalogue, Boolean(kept && kept.modelCode === card.modelCode))
		: { values: EMPTY_REGISTER_VALUES, longSerial: false }
	const keptName = kept ? (catalogue.find((p) => p.modelCode === kept.modelCode)?.name ?? kept.modelCode) : null
	return {
		brandLabels,
		// The 21 categories by brand, as data: the table stays out of the page's script.
		categoryGroups: categoriesByBrand(),
		catalogue,
		purchaseMethods,
		stores,
		latestDate: latestPurchaseDate(),
		values: filled.values,
		longSerial: filled.longSerial,
		keptCard: kept && !fromQuery ? { ...kept, name: keptName ?? kept.modelCode } : null,
		devices,
	}
}

function answer(body: Omit<RegisterAnswer, 'tab'>, status = 200) {
	return data<RegisterAnswer>({ tab: 'register_product', ...body }, { status })
}

/** Where a registration the API took leads: its status page (saying what is registered when it is done at once). */
function afterRegistration(context: Context, created: Awaited<ReturnType<typeof register>>) {
	const to = registrationStatusPath(created.id)
	logMilestone(context, REGISTER_PRODUCT_PATH, 'product_registered', { registrationStatus: created.status })
	return registrationOutcome(created.status) === 'done'
		? redirectWithToast(context, to, registeredToast(created.product))
		: redirect(to)
}

async function register(credentials: SessionCredentials, registration: Registration, signal: AbortSignal) {
	return createRegisteredProduct(credentials.accessToken, credentials.userId, registration, signal)
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
	const pcode = String(form.get('pcode') ?? '').slice(0, 64)
	const modelCode = normaliseModelCode(String(form.get('modelCode') ?? ''))
	const serial = String(form.get('serialCode') ?? '').trim()
	const serialCode = isLongSerial(serial) ? lastSevenOf(serial) : serial
	if (!modelCode) return answer({ device: { pcode, errorKey: 'register.productNotFound' } }, 400)
	if (!hasSerialAlphabet(serialCode))
		return answer({ device: { pcode, errorKey: REGISTRATION_MESSAGES.serialCharacters } }, 400)
	if (!hasSerialLength(serialCode)) return answer({ device: { pcode, errorKey: 'register.serialLength' } }, 400)
	try {
		const created = await limitedGuess(guessLimits(context, credentials.userId), () =>
			register(
				credentials,
				{ product: { modelCode }, serialCode, purchaseDate: null, purchaseMethod: null, purchaseDealer: null },
				signal,
			),
		)
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
		await deleteTemporaryData(credentials.accessToken, credentials.userId, PURPOSE, { signal }).catch(() => {})
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
		// Serials are guessable: the ones the API refuses are counted (ADR 0009).
		created = await limitedGuess(guessLimits(context, credentials.userId), () =>
			register(credentials, registration, signal),
		)
	} catch (error) {
		if (!isUpstreamError(error)) throw error
		const refusal = registrationRefusal(error)
		const field =
			refusal.field === 'product' ? ('modelCode' in registration.product ? 'modelCode' : 'slug') : refusal.field
		const result = submission.reply(field ? { fieldErrors: { [field]: [refusal.key] } } : { formErrors: [refusal.key] })
		return answer({ values: typed, result, refusal: refusal.kind }, refusal.status)
	}
	if (typed.fromCard) {
		// The kept card has done its work (best effort: the registration stands either way).
		await deleteTemporaryData(credentials.accessToken, credentials.userId, PURPOSE, { signal }).catch(() => {})
	}
	return afterRegistration(context, created)
}
