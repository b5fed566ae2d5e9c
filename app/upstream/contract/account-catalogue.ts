/**
 * The account API's catalogue calls (spec 2 §7): the master lists and their
 * cache downloads, the product lookup by model code, and the JSON documents
 * (product json, curation json, localisation json). Spec 2 shows none of the
 * answers' shapes; these are ours, designed once here:
 *
 * - A list answers one page `{ items, page, perPage, total }`; `perPage=-1`
 *   is every item on one page.
 * - Every item has `id`, `value` (the machine value), `label` (English),
 *   `labels` (other cultures' labels by culture code, e.g. `ja-JP`),
 *   `cultureCode` (the culture the row is for, `{ id, value }`, or null for
 *   a row that serves every culture), `updateDate` (ISO) and an optional
 *   `meta`: a JSON object in a string whose keys the client merges into the
 *   item. Items are loose objects: a list adds its own fields.
 * - `{list}/cache` answers a signed download of the whole list as one JSON
 *   file; `{list}/caches` answers one file per culture the rows are for.
 */
import { z } from 'zod'
import type { MasterListName } from '../../domain/master-data.ts'

const isoDate = z.iso.datetime({ offset: true })

export const CultureCodeRefSchema = z.object({ id: z.string(), value: z.string() })

export const MasterItemSchema = z.looseObject({
	id: z.string(),
	value: z.string(),
	label: z.string(),
	labels: z.record(z.string(), z.string()).optional(),
	sortOrder: z.number().int().optional(),
	cultureCode: CultureCodeRefSchema.nullable(),
	updateDate: isoDate,
	meta: z.string().nullable().optional(),
})

export const GenderSchema = MasterItemSchema

export const CultureCodeSchema = MasterItemSchema.extend({
	/** The regional groups of spec 1 §9 (US, LatinAmerica, Brazil, Canada, Oceania, Japan, Europe); es-CR is in two. */
	regions: z.array(z.string()),
	/** ISO 3166 alpha-2. */
	country: z.string(),
	language: z.string(),
})

export const InterestSchema = MasterItemSchema
export const PhoneTypeSchema = MasterItemSchema
export const PurchasingMethodSchema = MasterItemSchema

export const QuestionnaireLabelSchema = MasterItemSchema.extend({
	/** The survey it labels: ProductSurvey, ProductSurvey1, ProductSurvey2. */
	surveyName: z.string(),
})

export const BrandSchema = MasterItemSchema.extend({
	/** Upper-case brand code as other systems know it: MAIN, EFFECTS, PROAV, RVS, DW… */
	code: z.string(),
	group: z.enum(['electronic', 'drums', 'cloud']),
})

export const StateProvinceSchema = MasterItemSchema.extend({
	country: z.string(),
})

/** Spec 1 §3: a product-registration category. */
export const ProductRegistrationCategorySchema = z.object({
	id: z.number().int(),
	name: z.string(),
	brand: z.enum(['main', 'effects']),
	translationKey: z.string(),
	siteKey: z.string(),
	crmCategory: z.string(),
	guid: z.uuid(),
})

export const BrandRefSchema = z.object({ id: z.string(), value: z.string(), label: z.string() })

export const ProductSchema = MasterItemSchema.extend({
	slug: z.string(),
	/** Six letters or digits: the first six characters of a device's pcode. */
	modelCode: z.string(),
	name: z.string(),
	brand: BrandRefSchema,
	categoryId: z.number().int(),
	category: ProductRegistrationCategorySchema.nullable(),
	image: z.url(),
	/** Countries (ISO 3166 alpha-2) where it may be registered; null for everywhere. */
	registrableCountries: z.array(z.string()).nullable(),
})

export const StoreSchema = MasterItemSchema.extend({
	name: z.string(),
	city: z.string(),
	/** ISO 3166 alpha-2. */
	country: z.string(),
	postalCode: z.string(),
	addressLine1: z.string(),
	phone: z.string(),
	/** The brand values it sells. */
	brands: z.array(z.string()),
})

export const MASTER_ITEM_SCHEMAS = {
	genders: GenderSchema,
	cultureCodes: CultureCodeSchema,
	interests: InterestSchema,
	phoneTypes: PhoneTypeSchema,
	purchasingMethods: PurchasingMethodSchema,
	questionnaireLabels: QuestionnaireLabelSchema,
	brands: BrandSchema,
	stateProvinces: StateProvinceSchema,
	products: ProductSchema,
	stores: StoreSchema,
} as const satisfies Record<MasterListName, z.ZodType>

/** The items after the client merged their meta in (the merged keys are untyped extras). */
export const MERGED_ITEM_SCHEMAS = {
	genders: GenderSchema.omit({ meta: true }),
	cultureCodes: CultureCodeSchema.omit({ meta: true }),
	interests: InterestSchema.omit({ meta: true }),
	phoneTypes: PhoneTypeSchema.omit({ meta: true }),
	purchasingMethods: PurchasingMethodSchema.omit({ meta: true }),
	questionnaireLabels: QuestionnaireLabelSchema.omit({ meta: true }),
	brands: BrandSchema.omit({ meta: true }),
	stateProvinces: StateProvinceSchema.omit({ meta: true }),
	products: ProductSchema.omit({ meta: true }),
	stores: StoreSchema.omit({ meta: true }),
} as const satisfies Record<MasterListName, z.ZodType>

export type MasterItemSchemas = typeof MASTER_ITEM_SCHEMAS
export type MergedMasterItem<N extends MasterListName> = z.infer<(typeof MERGED_ITEM_SCHEMAS)[N]>
export type MasterItem<N extends MasterListName> = z.infer<MasterItemSchemas[N]>
export type MasterItemInput<N extends MasterListName> = z.input<MasterItemSchemas[N]>

/** Spec 2 §7: the path of each list under the account API. */
export const MASTER_LIST_PATHS = {
	genders: 'master/genders',
	cultureCodes: 'master/cultureCodes',
	interests: 'master/interests',
	phoneTypes: 'master/phoneTypes',
	purchasingMethods: 'master/purchasingMethods',
	questionnaireLabels: 'master/questionnaireLabels',
	brands: 'master/brands',
	stateProvinces: 'stateProvinces',
	products: 'products',
	stores: 'stores',
} as const satisfies Record<MasterListName, string>

/** The query of a list call. `cultureCodeIds[]` is sent as a repeated `cultureCodeIds[]` parameter. */
export const MasterListQuerySchema = z.object({
	page: z.coerce.number().int().min(1).default(1),
	/** -1 for every item. */
	perPage: z.coerce
		.number()
		.int()
		.min(-1)
		.max(1000)
		.refine((n) => n !== 0, 'perPage must be -1 or positive')
		.default(20),
	/** Only items updated after this instant. */
	updateDate: isoDate.optional(),
	/** Only rows for these cultures (and rows for every culture). */
	cultureCodeIds: z.array(z.string().regex(/^\d+$/)).default([]),
})
export type MasterListQuery = z.input<typeof MasterListQuerySchema>

export function masterListPageSchema<S extends z.ZodType>(item: S) {
	return z.object({
		items: z.array(item),
		page: z.number().int(),
		perPage: z.number().int(),
		total: z.number().int(),
	})
}

/** `{list}/cache` and `searchProducts/cache`: a signed, expiring download of the whole list. */
export const CacheDownloadSchema = z.object({
	signedUrl: z.url(),
	/** Seconds the file may be kept: products 3600, stores 86400 (spec 1 §9). */
	cacheTime: z.number().int().positive(),
	/** When the file was built. */
	updateDate: isoDate,
})
export type CacheDownload = z.infer<typeof CacheDownloadSchema>

/** `{list}/caches`: one file per culture the rows are for (`cultureCode: null`: the rows for every culture). */
export const CacheDownloadsSchema = z.object({
	cacheTime: z.number().int().positive(),
	caches: z.array(
		z.object({
			cultureCode: CultureCodeRefSchema.nullable(),
			signedUrl: z.url(),
			count: z.number().int().min(0),
			updateDate: isoDate,
		}),
	),
})
export type CacheDownloads = z.infer<typeof CacheDownloadsSchema>

/** The downloaded file of a list. */
export function cacheFileSchema<S extends z.ZodType>(item: S) {
	return z.object({
		name: z.string(),
		cultureCode: CultureCodeRefSchema.nullable(),
		updateDate: isoDate,
		items: z.array(item),
	})
}
export const CacheFileSchema = cacheFileSchema(MasterItemSchema)

/** One entry of the searchable product index (`searchProducts/cache`). */
export const ProductIndexEntrySchema = z.object({
	modelCode: z.string(),
	slug: z.string(),
	name: z.string(),
	brand: z.string(),
	categoryId: z.number().int(),
	image: z.url(),
})
export const ProductIndexFileSchema = cacheFileSchema(ProductIndexEntrySchema)

export const SearchProductsQuerySchema = z.object({
	modelCode: z
		.string()
		.trim()
		.regex(/^[A-Za-z0-9]{6}$/),
})

/** The query of `json` and `json/static`. */
export const JsonKeyQuerySchema = z.object({
	key: z
		.string()
		.trim()
		.min(1)
		.max(200)
		.regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/)
		.refine((key) => !key.split('/').some((segment) => /^\.+$/.test(segment)), 'no . or .. segments'),
})

/**
 * Document keys. Product json and curation json are read with `json`; the
 * localisation json and the product-registration categories are static and
 * also readable with `json/static` (anonymous, spec 2 §6).
 */
export const productJsonKey = (cultureCode: string, slug: string) => `products/${cultureCode}/${slug}`
export const curationJsonKey = (cultureCode: string) => `curation/${cultureCode}`
export const localizationJsonKey = (cultureCode: string) => `localization/${cultureCode}`
export const PRODUCT_REGISTRATION_CATEGORIES_KEY = 'productRegistrationCategories'
/** Designed: where a brand's terms of use are for a culture (a brand value as the public API knows it). */
export const termsOfUseJsonKey = (brand: string, cultureCode: string) => `termsOfUse/${brand}/${cultureCode}`

export const ProductSupportDocumentSchema = z.object({
	Document_Id: z.string(),
	Document_Title: z.string(),
	Document_Type: z.string(),
	Language: z.string(),
	Publish_Date: z.string(),
	/** The files of the document; blanked (`[]`) when the portal stores product info. */
	Asset_Details: z.array(
		z.object({
			Asset_Id: z.string(),
			File_Name: z.string(),
			File_Url: z.url(),
			File_Size: z.number().int().min(0),
			Mime_Type: z.string(),
		}),
	),
})

/** Product json: a product's info in one culture (the sections are the product tabs of spec 1 §2). */
export const ProductJsonSchema = z.object({
	slug: z.string(),
	modelCode: z.string(),
	name: z.string(),
	brand: BrandRefSchema,
	categoryId: z.number().int(),
	image: z.url(),
	/** The culture asked for. */
	cultureCode: z.string(),
	/** The culture the text is in: the one asked for, else English. */
	contentCulture: z.string(),
	updateDate: isoDate,
	summary: z.string(),
	features: z.array(z.object({ id: z.string(), title: z.string(), body: z.string() })),
	specs: z.array(z.object({ group: z.string(), items: z.array(z.object({ label: z.string(), value: z.string() })) })),
	downloads: z.array(
		z.object({
			id: z.string(),
			title: z.string(),
			type: z.string(),
			version: z.string(),
			url: z.url(),
			size: z.number().int().min(0),
			/** The operating systems a download is for (drivers, apps); absent for a device's own firmware. */
			os: z.array(z.string()).optional(),
			releaseDate: isoDate.optional(),
		}),
	),
	support: z.object({
		warrantyYears: z.number().int(),
		faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
	}),
	articles: z.array(z.object({ id: z.string(), title: z.string(), summary: z.string(), publishDate: isoDate })),
	accessories: z.array(z.object({ modelCode: z.string(), name: z.string(), slug: z.string().nullable() })),
	Product_Support_Documents: z.array(ProductSupportDocumentSchema),
})
export type ProductJson = z.infer<typeof ProductJsonSchema>

/** A product json failure: the error plus the slug (spec 2 §7). */
export const ProductJsonErrorSchema = z.object({ message: z.string(), code: z.string(), slug: z.string() })

/** Curation json: what the portal features per culture. */
export const CurationJsonSchema = z.object({
	cultureCode: z.string(),
	updateDate: isoDate,
	sections: z.array(
		z.object({
			id: z.string(),
			title: z.string(),
			productSlugs: z.array(z.string()),
		}),
	),
})
export type CurationJson = z.infer<typeof CurationJsonSchema>

/** Localisation json: the upstream's translations bundle for one culture. */
export const LocalizationJsonSchema = z.object({
	cultureCode: z.string(),
	/** The culture the texts are in: the one asked for, else English. */
	contentCulture: z.string(),
	version: z.string(),
	updateDate: isoDate,
	translations: z.record(z.string(), z.string()),
})
export type LocalizationJson = z.infer<typeof LocalizationJsonSchema>

export const ProductRegistrationCategoriesJsonSchema = z.object({
	updateDate: isoDate,
	categories: z.array(ProductRegistrationCategorySchema),
})
export type ProductRegistrationCategory = z.infer<typeof ProductRegistrationCategorySchema>

/** Designed: the terms of use document of `json/static` (key `termsOfUse/{brand}/{cultureCode}`): their address. */
export const TermsOfUseJsonSchema = z.object({
	brand: z.string(),
	cultureCode: z.string(),
	url: z.url(),
	updateDate: isoDate,
})

/** Any JSON document, for the generic `json` and `json/static` calls. */
export const JsonDocumentSchema = z.json()
