/**
 * Unregistering a product (UnregisterProduct, `/gear/my_gear/:registeredProductId/unregister`): a
 * page that asks first, then `DELETE` on the registered product (its survey answers go with it)
 * and back to the list with the spec's 'unregistered' message. An id that is not one of the user's
 * registrations is not found, and nothing is deleted.
 */
import { Form, Link, type RouterContextProvider } from 'react-router'
import type { Route } from './+types/unregister-product'
import { gearEntryOf, GEAR_LIST_PATH, isOwnRegistration } from '#app/domain/gear-list.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { notFound, orUpstreamUnavailable, redirectWithToast } from '#app/responses.server.ts'
import { readOwnRegisteredProduct } from '#app/services/gear.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { deleteRegisteredProduct, getRegisteredProducts } from '#app/upstream/account-gear.server.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { productCatalogue } from '#app/upstream/product-catalogue.server.ts'

type Context = Readonly<RouterContextProvider>

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const credentials = await requireCredentials(context, request)
	const { culture } = context.get(preferencesContext)
	const [record, catalogue] = await orUpstreamUnavailable(
		Promise.all([
			readOwnRegisteredProduct(credentials, params.registeredProductId, request.signal),
			productCatalogue(culture),
		]),
	)
	if (!record) notFound('gear.notYourRegistration')
	const entry = gearEntryOf(record, catalogue)
	return {
		name: entry.name,
		serialCode: entry.serialCode,
		productPath: `${GEAR_LIST_PATH}/${encodeURIComponent(entry.id)}`,
	}
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const credentials = await requireCredentials(context, request)
	// Checked against the user's own list, not left to the upstream: a forged or stale id must not be
	// answered 'unregistered', nor reach a delete call at all.
	const registrations = await orUpstreamUnavailable(
		getRegisteredProducts(credentials.accessToken, credentials.userId, request.signal),
	)
	if (!isOwnRegistration(registrations, params.registeredProductId)) notFound('gear.notYourRegistration')
	await orUpstreamUnavailable(
		deleteRegisteredProduct(
			credentials.accessToken,
			credentials.userId,
			params.registeredProductId,
			request.signal,
		).catch((error: unknown) => {
			// Gone since the list was read (another tab at the same moment): what the user asked for is done.
			if (isUpstreamError(error) && error.kind === 'status' && error.status === 404) return
			throw error
		}),
	)
	return redirectWithToast(context as Context, GEAR_LIST_PATH, { type: 'success', message: 'toast.unregistered' })
}

export default function UnregisterProduct({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const { name, serialCode, productPath } = loaderData
	return (
		<section className="dialog" aria-labelledby="unregister-title">
			<h2 id="unregister-title">{t('gear.unregisterQuestion')}</h2>
			<p>{t('gear.unregisterText', { name, serial: serialCode })}</p>
			<Form method="post" className="actions">
				<SubmitButton>{t('gear.unregisterConfirm')}</SubmitButton>
				<Link className="button" to={productPath}>
					{t('gear.keep')}
				</Link>
			</Form>
		</section>
	)
}
