/**
 * Where help-centre single sign-on (/hc/login, spec 2 §2) may send a user after signing them in to
 * the help centre: the `return_to` asked for only when it is a page of the help centre itself (its
 * home's origin, or another of its origins from the settings); anything else is dropped for the
 * help centre's home, so the portal's sign-on never forwards a signed-in user to a third site.
 */

export interface HelpCentreAddresses {
	/** The help centre's home page; undefined: none configured (the help centre picks its own). */
	home: string | undefined
	/** Its other origins (brands' help-centre sites), besides the home's. */
	origins: readonly string[]
}

export function helpCentreReturnTo(
	target: string | null | undefined,
	helpCentre: HelpCentreAddresses,
): string | undefined {
	const allowed = new Set(helpCentre.origins)
	if (helpCentre.home && URL.canParse(helpCentre.home)) allowed.add(new URL(helpCentre.home).origin)
	// Absolute only: a relative target would be resolved against whatever base the help centre uses.
	if (!target || !URL.canParse(target)) return helpCentre.home
	const url = new URL(target)
	const web = url.protocol === 'https:' || url.protocol === 'http:'
	if (!web || url.username || url.password || !allowed.has(url.origin)) return helpCentre.home
	return url.href
}
