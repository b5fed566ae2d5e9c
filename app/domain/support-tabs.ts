/** The support tabs (spec 1 §2), apart from the route table so the support forms' script can name them. */

/** The support forms of the main, effects, pro A/V and cloud themes (spec 1 §2). */
export const SUPPORT_TABS_MAIN = [
	'service_request',
	'parts_order_request',
	'repair_status',
	'order_status',
	'pre_sales_advice',
	'book_a_demo',
	'product_aftercare',
	'product_support',
	'product_repair',
	'spare_parts_enquiry',
] as const
/** The support forms of the drum themes. */
export const SUPPORT_TABS_DRUMS = [
	'dw_product_support',
	'dwe_product_support',
	'dw_order_support',
	'dw_service_inquiry',
	'dw_service_request',
	'dw_brands_product_support',
] as const

/** Every support tab of spec 1 §2. */
export const SUPPORT_TABS = [...SUPPORT_TABS_MAIN, ...SUPPORT_TABS_DRUMS] as const
