/**
 * The account API's gear calls (spec 2 §7): registered products, their
 * answer infos and the product questionnaires. Spec 1 §3 names the fields;
 * where the spec shows no shape, the one below is ours (ids as strings,
 * dates as ISO strings, purchase dates as YYYY-MM-DD).
 */
import { z } from 'zod'

/** Spec 1 §5, §8, §9. */
export const SERIAL_CODE_MIN_LENGTH = 7
export const SERIAL_CODE_MAX_LENGTH = 8

export const GEAR_MESSAGES = {
	productNotFound: 'Product not found.',
	surveyNotFound: 'Survey not found.',
	serialCodeLength: 'Serial number must be between 7 and 8 characters long.',
	notRegistrable: 'Sorry, this product cannot be added in your Region/Country.',
	alreadyRegistered: 'This product has been added to your account. Thank you!',
	registrationFailed:
		'An error has occurred during product registration. Please try again from the Register a Product page.',
	invalidPurchaseDate: 'Enter a valid date format or use the calendar.',
	answerRequired: 'An answer is required.',
} as const

/** The survey names of spec 1 §3 and the questionnaireLabels ids they carry. */
export const SURVEY_NAMES = ['ProductSurvey', 'ProductSurvey1', 'ProductSurvey2'] as const
export type SurveyName = (typeof SURVEY_NAMES)[number]
export const SURVEY_LABEL_IDS = {
	ProductSurvey: '1',
	ProductSurvey1: '2',
	ProductSurvey2: '3',
} as const satisfies Record<SurveyName, string>

const IdRefSchema = z.object({ id: z.string().trim().min(1) })
const isoDateTime = z.iso.datetime()

/**
 * Spec 1 §4: a registration may sit pending, then completes or fails;
 * a failed one stays listed (with its message) until the user removes it.
 */
export const RegistrationStatusSchema = z.enum(['pending', 'completed', 'failed'])
export type RegistrationStatus = z.infer<typeof RegistrationStatusSchema>

/** A single-choice, rating or free-text answer is a string; a multiple-choice answer lists choice ids. */
export const AnswerValueSchema = z.union([z.string(), z.array(z.string())])
export const AnswerSchema = z.object({ questionId: z.string().min(1), value: AnswerValueSchema })
export type Answer = z.infer<typeof AnswerSchema>

/**
 * Spec 1 §3 "Questionnaire answer info": user, isDeleted, questionnaire,
 * product. `product` is the registered product the survey is about.
 */
export const AnswerInfoSchema = z.object({
	id: z.string(),
	user: z.object({ id: z.string() }),
	isDeleted: z.boolean(),
	questionnaire: z.object({ id: z.string(), name: z.string() }),
	product: z.object({ id: z.string(), slug: z.string() }),
	answers: z.array(AnswerSchema),
	/** Null until the answers are sent. */
	answeredDate: isoDateTime.nullable(),
	createDate: isoDateTime,
})
export type AnswerInfo = z.infer<typeof AnswerInfoSchema>
export const AnswerInfoListSchema = z.array(AnswerInfoSchema)

/** The catalogue product a registration is for (spec 2 §3: product{slug, brand{value}}). */
export const RegisteredProductProductSchema = z.object({
	slug: z.string(),
	brand: z.object({ value: z.string() }),
	modelCode: z.string().nullable(),
	name: z.string().nullable(),
	image: z.string().nullable(),
	categoryId: z.number().int().nullable(),
})

export const RegisteredProductSchema = z.object({
	id: z.string(),
	product: RegisteredProductProductSchema,
	serialCode: z.string(),
	purchaseDate: z.iso.date().nullable(),
	/** A purchasingMethods master-list id. */
	purchaseMethod: z.string().nullable(),
	/** A stores master-list id, or the dealer's name as the user typed it. */
	purchaseDealer: z.string().nullable(),
	image: z.string().nullable(),
	answerInfos: z.array(AnswerInfoSchema),
	status: RegistrationStatusSchema,
	/** Why a registration failed; null otherwise. */
	statusMessage: z.string().nullable(),
	createDate: isoDateTime,
})
export type RegisteredProduct = z.infer<typeof RegisteredProductSchema>
export const RegisteredProductListSchema = z.array(RegisteredProductSchema)

/** A product named by slug, or by model code (the `mdl` of a registration card). */
export const ProductRefSchema = z
	.object({ slug: z.string().trim().min(1).optional(), modelCode: z.string().trim().min(1).optional() })
	.refine((product) => product.slug !== undefined || product.modelCode !== undefined, {
		message: 'slug or modelCode is required',
	})

// Serial and purchase date are checked by the API, not here, so it can answer with the spec's messages.
const purchaseFields = {
	purchaseDate: z.string().trim().nullable().optional(),
	purchaseMethod: z.string().trim().min(1).max(50).nullable().optional(),
	purchaseDealer: z.string().trim().min(1).max(200).nullable().optional(),
	image: z
		.url({ protocol: /^https?$/ })
		.max(2000)
		.nullable()
		.optional(),
}

export const CreateRegisteredProductRequestSchema = z.object({
	product: ProductRefSchema,
	serialCode: z.string().trim().min(1).max(64),
	...purchaseFields,
})
export type CreateRegisteredProductRequest = z.input<typeof CreateRegisteredProductRequestSchema>

export const UpdateRegisteredProductRequestSchema = z
	.object({ serialCode: z.string().trim().min(1).max(64).optional(), ...purchaseFields })
	.refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: 'nothing to update' })
export type UpdateRegisteredProductRequest = z.input<typeof UpdateRegisteredProductRequestSchema>

/**
 * A rating is a single choice on a scale: its choices are the points from lowest to highest, their ids
 * the numbers ('1'…'5') and their texts what each point means.
 */
export const QuestionTypeSchema = z.enum(['singleChoice', 'multipleChoice', 'freeText', 'rating'])

export const QuestionSchema = z.object({
	id: z.string(),
	type: QuestionTypeSchema,
	text: z.string(),
	required: z.boolean(),
	/** Empty for free text; a rating's points from lowest to highest. */
	choices: z.array(z.object({ id: z.string(), text: z.string() })),
})
export type Question = z.infer<typeof QuestionSchema>

/**
 * A survey in one culture's texts (English, or Japanese for ja-JP).
 * `management` is the survey data's management part (spec 1 §3), like the
 * master lists': when it changed and in which culture it is.
 */
export const QuestionnaireSchema = z.object({
	id: z.string(),
	name: z.string(),
	title: z.string(),
	description: z.string(),
	/** questionnaireLabels ids. */
	labels: z.array(z.object({ id: z.string() })),
	cultureCode: z.object({ id: z.string(), value: z.string() }),
	questions: z.array(QuestionSchema),
	management: z.object({ updateDate: isoDateTime, cultureCode: z.string() }),
})
export type Questionnaire = z.infer<typeof QuestionnaireSchema>
export const QuestionnaireListSchema = z.array(QuestionnaireSchema)

export const CreateAnswerInfoRequestSchema = z.object({
	user: IdRefSchema,
	isDeleted: z.boolean().default(false),
	questionnaire: IdRefSchema,
	/** The registered product's id. */
	product: IdRefSchema,
})
export type CreateAnswerInfoRequest = z.input<typeof CreateAnswerInfoRequestSchema>

export const PostAnswersRequestSchema = z.object({
	answers: z
		.array(
			z.object({ questionId: z.string().min(1), value: z.union([z.string().max(2000), z.array(z.string()).max(50)]) }),
		)
		.max(100),
})
export type PostAnswersRequest = z.input<typeof PostAnswersRequestSchema>

/** The 400 for an unanswered required question also names the question. */
export const AnswerRequiredErrorSchema = z.object({ message: z.string(), code: z.string(), questionId: z.string() })
