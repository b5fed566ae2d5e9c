/**
 * A registered product (RegisteredProduct, `/gear/my_gear/:registeredProductId`): what the
 * registration holds, and its purchase details to edit. An edit is a `PUT` on the registered
 * product itself carrying only what changed (the user record's registered products are only
 * created and deleted, spec 1 §5).
 */
import { parseWithZod, type Submission } from '@conform-to/zod/v4'
import { data, Form, Link, type RouterContextProvider } from 'react-router'
import type { Route } from './+types/registered-product'
import { gearEntryOf, GEAR_LIST_PATH } from '#app/domain/gear-list.ts'
import {
	dealerName,
	latestPurchaseDate,
	PURCHASE_DATE_ERROR,
	purchaseDetailsOf,
	purchaseDetailsPatch,
	purchaseDetailsSchema,
	purchaseValuesOf,
	type StoreOption,
} from '#app/domain/purchase-details.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { invalidForm, notFound, orUpstreamUnavailable, redirectWithToast } from '#app/responses.server.ts'
import { readOwnRegisteredProduct } from '#app/services/gear.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { updateRegisteredProduct } from '#app/upstream/account-gear.server.ts'
import { isOutage, isUpstreamError, userMessageKey } from '#app/upstream/errors.ts'
import { FormErrors, formResult, SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'
import { productCatalogue } from '#app/upstream/product-catalogue.server.ts'
import { purchaseLists } from '#app/upstream/gear-lists.server.ts'
import { gearItems } from './gear-list.server.ts'
import { RegistrationState } from './gear-list-tab.tsx'
import { PurchaseDetailsFields } from './purchase-details-fields.tsx'

type Context = Readonly<RouterContextProvider>

const productPath = (id: string) => `${GEAR_LIST_PATH}/${encodeURIComponent(id)}`

/** The stores a typed dealer may name: the culture's, and the one the registration keeps (maybe another culture's). */
function dealersFor(kept: string | null, lists: Awaited<ReturnType<typeof purchaseLists>>): StoreOption[] {
	const own = lists.allStores.find((store) => store.id === kept)
	return own && !lists.stores.some((store) => store.id === own.id) ? [...lists.stores, own] : lists.stores
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const credentials = await requireCredentials(context, request)
	const { culture } = context.get(preferencesContext)
	const [record, catalogue, lists] = await orUpstreamUnavailable(
		Promise.all([
			readOwnRegisteredProduct(credentials, params.registeredProductId, request.signal),
			productCatalogue(culture),
			purchaseLists(culture),
		]),
	)
	if (!record) notFound('gear.notYourRegistration')
	const [item] = await gearItems([{ entry: gearEntryOf(record, catalogue), record }], culture, 'main')
	return {
		item: item!,
		// Addresses made here, so the page's script carries none of the gear list's module.
		listPath: GEAR_LIST_PATH,
		unregisterPath: `${productPath(record.id)}/unregister`,
		method: lists.methods.find((method) => method.value === record.purchaseMethod)?.label ?? record.purchaseMethod,
		dealer: dealerName(record.purchaseDealer, lists.allStores) || null,
		values: purchaseValuesOf(record, lists.allStores),
		methods: lists.methods,
		stores: dealersFor(record.purchaseDealer, lists),
		latestDate: latestPurchaseDate(),
	}
}

/** The API refused the edit or could not take it: said on the form, as typed. */
function editFailure(submission: Submission<unknown>, error: unknown) {
	if (!isUpstreamError(error)) throw error
	if (error.code === 'InvalidPurchaseDate')
		return data({ result: submission.reply({ fieldErrors: { purchaseDate: [PURCHASE_DATE_ERROR] } }) }, { status: 400 })
	const outage = isOutage(error)
	const key = userMessageKey(error) ?? 'toast.tryAgain'
	return data({ result: submission.reply({ formErrors: [key] }) }, { status: outage ? 503 : 400 })
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const credentials = await requireCredentials(context, request)
	const { culture } = context.get(preferencesContext)
	const form = submittedForm(context)
	const id = params.registeredProductId
	// Diffed against the registration as the API keeps it now, never against a copy the form carried.
	const [record, lists] = await orUpstreamUnavailable(
		Promise.all([readOwnRegisteredProduct(credentials, id, request.signal), purchaseLists(culture)]),
	)
	if (!record) notFound('gear.notYourRegistration')
	const schema = purchaseDetailsSchema({
		today: latestPurchaseDate(),
		purchaseMethods: lists.methods.map((method) => method.value),
	})
	const submission = parseWithZod(form, { schema })
	if (submission.status !== 'success') return invalidForm(submission)
	const patch = purchaseDetailsPatch(
		record,
		purchaseDetailsOf(submission.value, dealersFor(record.purchaseDealer, lists)),
	)
	if (Object.keys(patch).length > 0) {
		try {
			await updateRegisteredProduct(credentials.accessToken, credentials.userId, id, patch, request.signal)
		} catch (error) {
			return editFailure(submission, error)
		}
	}
	return redirectWithToast(context as Context, productPath(id), { type: 'success', message: 'toast.updated' })
}

export default function RegisteredProduct({ loaderData, actionData }: Route.ComponentProps) {
	const t = useT()
	const { item, values } = loaderData
	const result = formResult(actionData)
	return (
		<>
			<article className="gear-product" aria-labelledby="product-title">
				{item.image ? <img className="gear-image" src={item.image} alt="" width="320" height="240" /> : null}
				<div className="gear-details">
					<h2 id="product-title">{item.name}</h2>
					<dl className="summary">
						<dt>{t('gear.brand')}</dt>
						<dd>{item.brand}</dd>
						{item.modelCode ? (
							<>
								<dt>{t('gear.modelCode')}</dt>
								<dd>{item.modelCode}</dd>
							</>
						) : null}
						<dt>{t('gear.serialCode')}</dt>
						<dd>{item.serialCode}</dd>
						<dt>{t('gear.purchaseDate')}</dt>
						<dd>{item.purchaseDateText ?? t('gear.notGiven')}</dd>
						<dt>{t('gear.purchaseMethod')}</dt>
						<dd>{loaderData.method ?? t('gear.notGiven')}</dd>
						<dt>{t('gear.purchaseDealer')}</dt>
						<dd>{loaderData.dealer ?? t('gear.notGiven')}</dd>
					</dl>
					<RegistrationState item={item} />
					<ul className="gear-actions">
						<li>
							<Link to={`/products/${encodeURIComponent(item.slug)}`}>{t('gear.productInfo')}</Link>
						</li>
						<li>
							<Link to={loaderData.unregisterPath}>{t('gear.unregister')}</Link>
						</li>
						<li>
							<Link to={loaderData.listPath}>{t('gear.backToList')}</Link>
						</li>
					</ul>
				</div>
			</article>
			{item.status === 'failed' ? null : (
				<section aria-labelledby="purchase-details">
					<h2 id="purchase-details">{t('gear.purchaseDetails')}</h2>
					{/* After a save the fields show what the registration now holds. */}
					<Form key={JSON.stringify(values)} method="post" className="form" noValidate>
						<FormErrors result={result} />
						<PurchaseDetailsFields
							values={values}
							result={result}
							methods={loaderData.methods}
							stores={loaderData.stores}
							latestDate={loaderData.latestDate}
						/>
						<SubmitButton>{t('gear.save')}</SubmitButton>
					</Form>
				</section>
			)}
		</>
	)
}
