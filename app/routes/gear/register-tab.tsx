import { Form, Link } from 'react-router'
import { Field, fieldErrors, FormErrors, SubmitButton } from '#app/ui/form.tsx'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'
import { PurchaseDetailsFields } from './purchase-details-fields.tsx'
import { ProductFields } from './register-product-fields.tsx'
import type { loadRegisterTab, RegisterAnswer } from './register.server.ts'

type RegisterData = Awaited<ReturnType<typeof loadRegisterTab>>

const ACTION = '/gear/register_product'

/** The whole form: product, serial number, purchase date, method and dealer. */
function RegisterForm({ data, answer }: { data: RegisterData; answer?: RegisterAnswer }) {
	const t = useT()
	const values = answer?.values ?? data.values
	const result = answer?.values ? answer.result : undefined
	const longSerial = answer?.values ? Boolean(answer.longSerial) : data.longSerial
	return (
		<Form method="post" action={ACTION} className="form" noValidate>
			{/* The first submit button is the one Enter presses: registering, not 'show models' or 'find'. */}
			<button type="submit" name="intent" value="register" hidden tabIndex={-1} />
			<FormErrors result={result} />
			{answer?.refusal === 'alreadyRegistered' ? (
				<p>
					<Link to="/gear/my_gear">{t('register.toMyGear')}</Link>
				</p>
			) : null}
			<input type="hidden" name="fromCard" value={values.fromCard} />
			<ProductFields data={data} values={values} result={result} found={answer?.found} />
			{longSerial && !fieldErrors(result, 'serialCode').length ? (
				<p className="notice" role="status">
					{t('register.serialFromLongSerial')}
				</p>
			) : null}
			<Field
				name="serialCode"
				label={t('register.serialCode')}
				hint={t('register.serialHint')}
				result={result}
				initial={values.serialCode}
				autoComplete="off"
				autoCapitalize="characters"
				spellCheck={false}
				required
			/>
			<PurchaseDetailsFields
				values={values}
				result={result}
				methods={data.purchaseMethods}
				stores={data.stores}
				latestDate={data.latestDate}
				dateRequired
			/>
			<p className="actions">
				<SubmitButton name="intent" value="register">
					{t('register.submit')}
				</SubmitButton>
			</p>
		</Form>
	)
}

/** Spec 2 §3: the instruments the user's apps have seen and the user has not registered, one press each. */
function ConnectedDevices({ devices, answer }: { devices: RegisterData['devices']; answer?: RegisterAnswer }) {
	const t = useT()
	if (devices === null) {
		return <p className="notice">{t('register.devicesUnavailable')}</p>
	}
	if (devices.length === 0) return null
	return (
		<section aria-labelledby="devices-title">
			<h2 id="devices-title">{t('register.devicesTitle')}</h2>
			<p>{t('register.devicesText')}</p>
			<ul className="link-list">
				{devices.map((device) => {
					const error = answer?.device?.pcode === device.pcode ? answer.device.errorKey : null
					const name = device.product?.name ?? device.modelCode
					return (
						<li key={device.pcode}>
							<Form method="post" action={ACTION} className="actions">
								<input type="hidden" name="intent" value="device" />
								<input type="hidden" name="pcode" value={device.pcode} />
								<input type="hidden" name="modelCode" value={device.modelCode} />
								<input type="hidden" name="serialCode" value={device.serialCode} />
								{device.product && !device.serialUnusable ? (
									<SubmitButton secondary>
										{t('register.registerDevice', { name, serial: device.serialCode })}
									</SubmitButton>
								) : (
									<span>{t('register.deviceNotRegistrable', { name, serial: device.serialCode })}</span>
								)}
							</Form>
							{error ? (
								<p className="field-errors" role="alert">
									{t(error as CatalogueKey)}
								</p>
							) : null}
						</li>
					)
				})}
			</ul>
		</section>
	)
}

/** A card kept while its owner signed up: filled in below, or put aside. */
function KeptCard({ card }: { card: NonNullable<RegisterData['keptCard']> }) {
	const t = useT()
	return (
		<Form method="post" action={ACTION} className="notice">
			<p>
				{card.serialCode
					? t('register.keptCard', { name: card.name, serial: card.serialCode })
					: t('register.keptCardNoSerial', { name: card.name })}
			</p>
			<p className="actions">
				<SubmitButton name="intent" value="forgetCard" secondary>
					{t('register.forgetCard')}
				</SubmitButton>
			</p>
		</Form>
	)
}

/** The register-a-product tab. */
export function RegisterTab({ data, answer }: { data: RegisterData; answer?: RegisterAnswer }) {
	const t = useT()
	const values = answer?.values ?? data.values
	return (
		<>
			<section aria-labelledby="register-title">
				<h2 id="register-title">{t('tab.register_product')}</h2>
				{data.keptCard ? <KeptCard card={data.keptCard} /> : null}
				{/* A new answer shows what the server sent back, not what the last one left in the inputs. */}
				<RegisterForm key={JSON.stringify(values)} data={data} answer={answer} />
			</section>
			<ConnectedDevices devices={data.devices} answer={answer} />
		</>
	)
}
