import { useId, useRef, useState } from 'react'
import { Form, Link } from 'react-router'
import type { RegionalGroup, RegionCultures } from '#app/domain/culture.ts'
import { SIDEBAR_SIDES } from '#app/domain/preferences.ts'
import {
	FieldLabel,
	fieldErrors,
	fieldValue,
	FormErrors,
	SelectField,
	SubmitButton,
	type FormResult,
} from '#app/ui/form.tsx'
import { useChosenBeforeHydration } from '#app/ui/chosen-before-hydration.ts'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'

export interface RegionLanguage {
	regions: RegionCultures[]
	userCulture: string
	userRegion: RegionalGroup | undefined
}

/**
 * Region, then the region's languages: two selects, as the spec names them. Without JavaScript the
 * 'show languages' button fills the language select for the region chosen (the form comes back with
 * everything kept); with it the list follows the region at once. A single select grouped by region
 * would list es-CR twice (it is in two regions) and hide which choice the region is.
 */
function RegionLanguageForm({ regions, userCulture, userRegion, result }: RegionLanguage & { result?: FormResult }) {
	const t = useT()
	const [region, setRegion] = useState(result ? (fieldValue(result, 'region') ?? '') : (userRegion ?? ''))
	const regionControl = useRef<HTMLSelectElement>(null)
	useChosenBeforeHydration(regionControl, setRegion)
	const languages = regions.find((g) => g.region === region)?.cultures ?? []
	// A form that came back shows what was sent, an empty choice included.
	const culture = result ? fieldValue(result, 'cultureCode') : userCulture
	const regionErrors = fieldErrors(result, 'region')
	const id = useId()
	return (
		<Form method="post" className="stack" noValidate>
			<FormErrors result={result} />
			<div className="field">
				<FieldLabel htmlFor={id} label={t('settings.region')} required />
				<select
					id={id}
					ref={regionControl}
					name="region"
					required
					value={region}
					onChange={(event) => setRegion(event.target.value)}
					aria-invalid={regionErrors.length ? true : undefined}
					aria-describedby={regionErrors.length ? `${id}-error` : undefined}
				>
					<option value="">{t('settings.chooseRegion')}</option>
					{regions.map((g) => (
						<option key={g.region} value={g.region}>
							{t(`settings.regions.${g.region}`)}
						</option>
					))}
				</select>
				{regionErrors.length ? (
					<ul id={`${id}-error`} className="field-errors">
						{regionErrors.map((error) => (
							<li key={error}>{t(error as CatalogueKey)}</li>
						))}
					</ul>
				) : null}
			</div>
			<p className="actions">
				<SubmitButton name="intent" value="region" secondary>
					{t('settings.showLanguages')}
				</SubmitButton>
			</p>
			<SelectField
				key={region}
				name="cultureCode"
				label={t('settings.language')}
				result={(fieldValue(result, 'region') ?? '') === region ? result : undefined}
				initial={languages.some((c) => c.value === culture) ? culture : ''}
				placeholder={t('settings.chooseLanguage')}
				options={languages}
				required
			/>
			<p className="actions">
				<SubmitButton name="intent" value="saveRegionLanguage">
					{t('settings.save')}
				</SubmitButton>
			</p>
		</Form>
	)
}

/** The settings tab: the account's own screens, region and language, the display preferences and the cache. */
export function SettingsTab({
	sidebar,
	analytics,
	lite,
	regionLanguage,
	result,
}: {
	sidebar: 'left' | 'right'
	analytics: boolean | null
	/** The kept lite choice; null: automatic (the browser's Save-Data decides). */
	lite: 'on' | 'off' | null
	regionLanguage: RegionLanguage
	result?: FormResult
}) {
	const t = useT()
	return (
		<>
			<section aria-labelledby="account-title">
				<h2 id="account-title">{t('tab.account')}</h2>
				<ul className="link-list">
					<li>
						<Link to="/email-change">{t('screen.EmailChange')}</Link>
					</li>
					<li>
						<Link to="/settings/password">{t('screen.PasswordChange')}</Link>
					</li>
					<li>
						<Link to="/delete-account">{t('screen.DeleteAccount')}</Link>
					</li>
					<li>
						<Link to="/settings/about">{t('settings.aboutLink')}</Link>
					</li>
				</ul>
				<Form method="post" action="/logout">
					<SubmitButton secondary>{t('account.logOut')}</SubmitButton>
				</Form>
				<Form method="post" action="/logout" className="stack">
					<p>{t('account.logOutEverywhereText')}</p>
					<p className="actions">
						<SubmitButton name="intent" value="everywhere" secondary>
							{t('account.logOutEverywhere')}
						</SubmitButton>
					</p>
				</Form>
			</section>
			<section aria-labelledby="region-title">
				<h2 id="region-title">{t('settings.regionTitle')}</h2>
				<RegionLanguageForm key={JSON.stringify(result?.initialValue ?? null)} {...regionLanguage} result={result} />
			</section>
			<section aria-labelledby="display-title">
				<h2 id="display-title">{t('settings.displayTitle')}</h2>
				<Form key={sidebar} method="post" action="/preferences" className="stack">
					<input type="hidden" name="intent" value="sidebar" />
					<input type="hidden" name="redirectTo" value="/settings/settings" />
					<fieldset>
						<legend>{t('settings.sidebarLegend')}</legend>
						{SIDEBAR_SIDES.map((side) => (
							<label key={side} className="choice">
								<input type="radio" name="sidebar" value={side} defaultChecked={sidebar === side} />
								{t(side === 'left' ? 'settings.sidebarLeft' : 'settings.sidebarRight')}
							</label>
						))}
					</fieldset>
					<button type="submit" className="button primary">
						{t('settings.save')}
					</button>
				</Form>
				<Form key={String(analytics)} method="post" action="/preferences" className="stack">
					<input type="hidden" name="intent" value="analytics" />
					<input type="hidden" name="redirectTo" value="/settings/settings" />
					<fieldset>
						<legend>{t('settings.analyticsLegend')}</legend>
						<label className="choice">
							<input type="radio" name="analytics" value="granted" defaultChecked={analytics === true} />
							{t('settings.analyticsOn')}
						</label>
						<label className="choice">
							<input type="radio" name="analytics" value="denied" defaultChecked={analytics === false} />
							{t('settings.analyticsOff')}
						</label>
					</fieldset>
					<button type="submit" className="button primary">
						{t('settings.save')}
					</button>
				</Form>
				{/* The whole document changes with this choice (scripts or none): the browser loads the next page itself. */}
				<form key={String(lite)} method="post" action="/preferences" className="stack">
					<input type="hidden" name="intent" value="lite" />
					<input type="hidden" name="redirectTo" value="/settings/settings" />
					<fieldset>
						<legend>{t('lite.legend')}</legend>
						<p>{t('lite.settingsText')}</p>
						{(['auto', 'on', 'off'] as const).map((choice) => (
							<label key={choice} className="choice">
								<input type="radio" name="lite" value={choice} defaultChecked={(lite ?? 'auto') === choice} />
								{t(choice === 'auto' ? 'lite.auto' : choice === 'on' ? 'lite.optionLite' : 'lite.optionFull')}
							</label>
						))}
					</fieldset>
					<button type="submit" className="button primary">
						{t('settings.save')}
					</button>
				</form>
			</section>
			<section aria-labelledby="cache-title">
				<h2 id="cache-title">{t('settings.cacheTitle')}</h2>
				<p>{t('settings.cacheText')}</p>
				<Form method="post">
					<SubmitButton name="intent" value="clearCache" secondary>
						{t('settings.clearCache')}
					</SubmitButton>
				</Form>
			</section>
		</>
	)
}
