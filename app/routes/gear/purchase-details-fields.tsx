import { useId } from 'react'
import type { PurchaseDetailsValues, StoreOption } from '#app/domain/purchase-details-fields.ts'
import { Field, SelectField, type FormResult } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'

/**
 * The purchase details of a registration (spec 1 §3): a native date input (its calendar caps the
 * date at `latestDate`, the server checks it), the purchase method from the purchasingMethods
 * master list, and the dealer typed or picked from the stores of the user's culture (a datalist:
 * native suggestions, no script, free text still allowed). Zod-free, for any form that asks for
 * them; the date is marked required where the form needs one (registering, not editing).
 */
export function PurchaseDetailsFields({
	values,
	result,
	methods,
	stores,
	latestDate,
	dateRequired,
}: {
	values: PurchaseDetailsValues
	result?: FormResult
	methods: readonly { value: string; label: string }[]
	stores: readonly StoreOption[]
	latestDate: string
	dateRequired?: boolean
}) {
	const t = useT()
	const dealersId = useId()
	return (
		<>
			<Field
				name="purchaseDate"
				type="date"
				label={t('gear.purchaseDate')}
				result={result}
				initial={values.purchaseDate}
				max={latestDate}
				required={dateRequired}
			/>
			<SelectField
				name="purchaseMethod"
				label={t('gear.purchaseMethod')}
				result={result}
				initial={values.purchaseMethod}
				options={methods}
				placeholder=""
			/>
			<Field
				name="purchaseDealer"
				label={t('gear.purchaseDealer')}
				hint={stores.length > 0 ? t('gear.dealerHint') : undefined}
				result={result}
				initial={values.purchaseDealer}
				list={stores.length > 0 ? dealersId : undefined}
				autoComplete="off"
			/>
			{stores.length > 0 ? (
				<datalist id={dealersId}>
					{stores.map((store) => (
						<option key={store.id} value={store.name} />
					))}
				</datalist>
			) : null}
		</>
	)
}
