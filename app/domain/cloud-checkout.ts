/**
 * The processor's checkout (spec 2 §4): the page the browser is sent to, told where to come back to —
 * the thank-you page with the plan and the offer bought, which hands the checkout to the cloud API.
 */
export function checkoutTarget(args: {
	checkoutUrl: string
	portalUrl: string
	thankYouPath: string
	planId: string
	offerId?: string
}): string {
	const back = new URL(args.thankYouPath, args.portalUrl)
	back.searchParams.set('plan', args.planId)
	if (args.offerId) back.searchParams.set('offer', args.offerId)
	const target = new URL(args.checkoutUrl)
	target.searchParams.set('return', back.toString())
	return target.toString()
}
