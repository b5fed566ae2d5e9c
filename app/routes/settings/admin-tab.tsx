import { Form } from 'react-router'
import type { AdminUserField } from '#app/domain/staff.ts'
import { SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import type { AdminLookup } from './admin.server.ts'

/** The admin tab (staff only): a user looked up by id or email, shown read-only, and the staff user's own cultures. */
export function AdminTab({
	query,
	lookup,
	managingCultureCodes,
}: {
	query: string
	lookup: AdminLookup
	managingCultureCodes: readonly string[]
}) {
	const t = useT()
	const problem =
		lookup.kind === 'notFound'
			? t('admin.notFound', { query })
			: lookup.kind === 'invalid'
				? t('admin.invalidQuery')
				: null
	return (
		<>
			<section aria-labelledby="admin-title">
				<h2 id="admin-title">{t('admin.title')}</h2>
				{/* A GET form: the lookup works without JavaScript and its URL can be shared. */}
				<Form method="get" action="/settings/admin" className="stack" role="search" aria-labelledby="admin-title">
					<div className="field">
						<label htmlFor="admin-user">{t('admin.query')}</label>
						<input
							id="admin-user"
							name="user"
							type="search"
							defaultValue={query}
							required
							maxLength={254}
							autoComplete="off"
							aria-describedby={problem ? 'admin-user-hint admin-user-problem' : 'admin-user-hint'}
							aria-invalid={problem ? true : undefined}
						/>
						<p id="admin-user-hint" className="field-hint">
							{t('admin.queryHint')}
						</p>
						{problem ? (
							<p id="admin-user-problem" className="field-errors" role="alert">
								{problem}
							</p>
						) : null}
					</div>
					<SubmitButton>{t('admin.search')}</SubmitButton>
				</Form>
				{lookup.kind === 'found' ? (
					<section aria-labelledby="admin-record-title">
						<h3 id="admin-record-title">{t('admin.record')}</h3>
						<dl className="record">
							{lookup.rows.map((row) => (
								<div key={row.field}>
									<dt>{t(`admin.field.${row.field satisfies AdminUserField}`)}</dt>
									<dd>{typeof row.value === 'boolean' ? t(row.value ? 'admin.yes' : 'admin.no') : row.value}</dd>
								</div>
							))}
						</dl>
					</section>
				) : null}
			</section>
			<section aria-labelledby="admin-managing-title">
				<h2 id="admin-managing-title">{t('admin.managingTitle')}</h2>
				{managingCultureCodes.length ? (
					<ul>
						{managingCultureCodes.map((code) => (
							<li key={code}>{code}</li>
						))}
					</ul>
				) : (
					<p>{t('admin.managingNone')}</p>
				)}
			</section>
		</>
	)
}
