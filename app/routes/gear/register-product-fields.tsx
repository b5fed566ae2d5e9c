import { useId, useRef, useState } from 'react'
import { productsInCategory } from '#app/domain/catalogue-models.ts'
import type { RegisterValues } from '#app/domain/product-registration-fields.ts'
import { useChosenBeforeHydration } from '#app/ui/chosen-before-hydration.ts'
import { Field, fieldErrors, RequiredMark, SelectField, SubmitButton, type FormResult } from '#app/ui/form.tsx'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'
import type { loadRegisterTab } from './register.server.ts'

type RegisterData = Awaited<ReturnType<typeof loadRegisterTab>>

/**
 * The product: a category (grouped by brand), then one of its models; or a typed model code. Without
 * JavaScript 'show models' sends the form back with the category's models, everything typed kept;
 * with it the models follow the category at once, from the catalogue the page already has.
 */
export function ProductFields({
	data,
	values,
	result,
	found,
}: {
	data: RegisterData
	values: RegisterValues
	result?: FormResult
	found?: string
}) {
	const t = useT()
	const id = useId()
	const [category, setCategory] = useState(values.category)
	const categoryControl = useRef<HTMLSelectElement>(null)
	useChosenBeforeHydration(categoryControl, setCategory)
	const models = productsInCategory(data.catalogue, category)
	const slugErrors = fieldErrors(result, 'slug')
	return (
		<fieldset>
			{/* A product is required, as a model of a category or a model code: the group is marked. */}
			<legend>
				{t('register.product')}
				<RequiredMark spoken />
			</legend>
			<div className="field">
				<label htmlFor={id}>{t('register.category')}</label>
				<select
					ref={categoryControl}
					id={id}
					name="category"
					value={category}
					onChange={(event) => setCategory(event.target.value)}
				>
					<option value="">{t('register.chooseCategory')}</option>
					{data.categoryGroups.map((group) => (
						<optgroup key={group.brand} label={data.brandLabels[group.brand]}>
							{group.categories.map((c) => (
								<option key={c.id} value={String(c.id)}>
									{t(c.labelKey as CatalogueKey)}
								</option>
							))}
						</optgroup>
					))}
				</select>
			</div>
			<p className="actions">
				<SubmitButton name="intent" value="category" secondary>
					{t('register.showModels')}
				</SubmitButton>
			</p>
			{models.length ? (
				<SelectField
					key={category}
					name="slug"
					label={t('register.model')}
					result={category === values.category ? result : undefined}
					initial={models.some((m) => m.slug === values.slug) ? values.slug : ''}
					placeholder={t('register.chooseModel')}
					options={models.map((m) => ({ value: m.slug, label: m.name }))}
				/>
			) : (
				<>
					{/* The form's error about the product belongs somewhere even before a category is chosen. */}
					{slugErrors.length ? (
						<ul className="field-errors">
							{slugErrors.map((error) => (
								<li key={error}>{t(error as CatalogueKey)}</li>
							))}
						</ul>
					) : null}
					<p className="field-hint">{category ? t('register.noModels') : t('register.chooseCategoryFirst')}</p>
				</>
			)}
			<Field
				name="modelCode"
				label={t('register.modelCode')}
				hint={t('register.modelCodeHint')}
				result={result}
				initial={values.modelCode}
				autoComplete="off"
				autoCapitalize="characters"
				spellCheck={false}
			/>
			{found ? (
				<p className="notice" role="status">
					{t('register.found', { name: found })}
				</p>
			) : null}
			<p className="actions">
				<SubmitButton name="intent" value="find" secondary>
					{t('register.find')}
				</SubmitButton>
			</p>
		</fieldset>
	)
}
