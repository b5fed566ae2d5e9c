/**
 * The account API's identity calls (spec 2 §7 account API; spec 1 §3–§5):
 * sign-up, activation, migration, sign-in and tokens, the user record and its
 * phones and interests, email and password changes, deletion, temporary data
 * and external user ids. Where the spec shows no shape, the one here is ours,
 * marked "designed". Request bodies ignore fields they do not name, as the
 * API does.
 */
import { z } from 'zod'
import { SIGNUP_SOURCES } from '../../domain/signup-links.ts'
import { ACCOUNT_TYPES } from '../../domain/registration-flow.ts'

// ---------------------------------------------------------------- shared values

/** Designed: which variant of the mail the account API sends (the spec names the field only). */
export const MAIL_FORMAT_TYPES = ['html', 'text'] as const

/** Spec 1 §3 phoneTypes master list; a phone's `type` is the item's value. */
export const PHONE_TYPES = ['mobile', 'home', 'work'] as const

/** Spec 1 §9: maximum phones. */
export const MAX_PHONES = 3

/** Spec 2 §3: the purposes temporary data is kept for. */
export const TEMPORARY_DATA_PURPOSES = ['ProductRegistrationUsingQR', 'RedirectPathAfterSignup'] as const
export type TemporaryDataPurpose = (typeof TEMPORARY_DATA_PURPOSES)[number]

/** The external service whose id the user record shows as `shopifyId` (spec 2 §3 external user service link). */
export const SHOP_SERVICE_ID = 'shopify'

/** The account API's app clients (`client/{clientId}/signin`). */
export const ACCOUNT_CLIENT_IDS = ['owners-portal', 'cloud-manager'] as const

/** Spec 1 §8: what a password reset request always answers. */
export const PASSWORD_RESET_SENT_MESSAGE =
	'If that account exists in our system, a link to reset your password has been sent...'

const email = z.email().max(254)
const name = z.string().trim().min(1).max(100)
const optionalName = z.string().trim().max(100).nullable().optional()
/** Structural only; the account API applies the password policy (spec 1 §5) and answers InvalidPasswordException. */
const password = z.string().min(1).max(256)
const cultureCodeValue = z.string().min(2).max(10)
const country = z.string().regex(/^[A-Z]{2}$/)
const code = z.string().trim().min(1).max(20)
const mailFormatType = z.enum(MAIL_FORMAT_TYPES)

/** A master-list reference: `{ id, value }` (cultureCode, an interest). */
export const MasterRefSchema = z.object({ id: z.string(), value: z.string() })

/** Designed: the delivery of a mailed code, masked like `o***@e***.com`. */
export const CodeDeliverySchema = z.object({ destination: z.string(), medium: z.literal('EMAIL') })

/** Designed: the answer of calls that only report an outcome. */
export const MessageResponseSchema = z.object({ message: z.string() })

/** Designed: what a DELETE (and the account deletion) answers. */
export const DeletedResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) })

/** Designed: list answers carry paging; `perPage=-1` asks for everything (spec 2 §7). */
function listOf<T extends z.ZodType>(item: T) {
	return z.object({
		items: z.array(item),
		total: z.number().int().min(0),
		page: z.number().int().min(1),
		perPage: z.number().int(),
	})
}

// ---------------------------------------------------------------- server time

/** `GET serverTime`; the security token's `iat` is taken from it. */
export const ServerTimeResponseSchema = z.object({ serverTime: z.iso.datetime({ offset: true }) })

// ---------------------------------------------------------------- sign-up, activation, migration

/** `POST signup`: spec 1 §3 sign-up payload fields. */
export const SignupRequestSchema = z.object({
	firstName: name,
	middleName: optionalName,
	lastName: name,
	phoneticFirstName: optionalName,
	phoneticLastName: optionalName,
	email,
	password,
	cultureCode: cultureCodeValue,
	allowEmail: z.boolean(),
	mailFormatType,
	country,
	signupSource: z.enum(SIGNUP_SOURCES).optional(),
})
export type SignupRequest = z.input<typeof SignupRequestSchema>

/** Designed: the new (or migrated) account, not yet activated, and where its code went. */
export const SignupResponseSchema = z.object({
	id: z.string(),
	email: z.string(),
	accountType: z.enum(ACCOUNT_TYPES),
	codeDelivery: CodeDeliverySchema,
})

/** `GET accountType?email=`. */
export const AccountTypeResponseSchema = z.object({ accountType: z.enum(ACCOUNT_TYPES) })

/** `POST confirm`: the activation code. */
export const ConfirmRequestSchema = z.object({ email, code })
/** Designed. */
export const ConfirmResponseSchema = z.object({ id: z.string(), email: z.string(), accountType: z.enum(ACCOUNT_TYPES) })

/** `POST confirmationCode/resend`. */
export const ResendCodeRequestSchema = z.object({ email, mailFormatType })
/** Designed. */
export const ResendCodeResponseSchema = z.object({ codeDelivery: CodeDeliverySchema })

/** `POST users/migrate`: a legacy account takes a new password and culture. */
export const MigrateRequestSchema = z.object({ email, password, cultureCode: cultureCodeValue })

// ---------------------------------------------------------------- sign-in and tokens

/** `POST signin` and `POST client/{clientId}/signin`. */
export const SigninRequestSchema = z.object({ email: z.string().trim().min(1).max(254), password })

/** `POST tokens/refresh` and `POST client/{clientId}/tokens/refresh`. */
export const RefreshRequestSchema = z.object({ token: z.string().min(1) })

const token = z.string().min(1).optional()

/**
 * Credentials (spec 2 §3): the server may answer upper-camel names
 * (`AccessToken`…, as the app-client calls do); both are accepted and
 * normalised. Any token may be missing here: the client refuses the answer
 * with 'No credentials' unless all three are present.
 */
export const CredentialsResponseSchema = z
	.object({
		accessToken: token,
		idToken: token,
		refreshToken: token,
		tokenType: z.string().optional(),
		expiresIn: z.number().int().optional(),
		AccessToken: token,
		IdToken: token,
		RefreshToken: token,
		TokenType: z.string().optional(),
		ExpiresIn: z.number().int().optional(),
	})
	.transform((c) => ({
		accessToken: c.accessToken ?? c.AccessToken,
		idToken: c.idToken ?? c.IdToken,
		refreshToken: c.refreshToken ?? c.RefreshToken,
		tokenType: c.tokenType ?? c.TokenType ?? 'Bearer',
		expiresIn: c.expiresIn ?? c.ExpiresIn,
	}))
export type CredentialsAnswer = z.output<typeof CredentialsResponseSchema>

/** Credentials that count as valid: all three tokens present. */
export interface Credentials {
	accessToken: string
	idToken: string
	refreshToken: string
	tokenType: string
	expiresIn: number | undefined
}

export function hasAllTokens(c: CredentialsAnswer): c is CredentialsAnswer & Credentials {
	return Boolean(c.accessToken && c.idToken && c.refreshToken)
}

// ---------------------------------------------------------------- the user record

/** Designed: every part may be empty (null). */
export const AddressSchema = z.object({
	postalCode: z.string().nullable(),
	stateProvince: z.string().nullable(),
	city: z.string().nullable(),
	addressLine1: z.string().nullable(),
	addressLine2: z.string().nullable(),
	addressLine3: z.string().nullable(),
})

export const PhoneSchema = z.object({ id: z.string(), number: z.string(), type: z.enum(PHONE_TYPES) })
export type Phone = z.output<typeof PhoneSchema>

/** A user's interest: its own id, and the interests master item it points at. */
export const UserInterestSchema = z.object({ id: z.string(), interest: MasterRefSchema })
export type UserInterest = z.output<typeof UserInterestSchema>

/** A registered product as `me` lists it (the gear calls own the full shape; extra fields pass). */
export const UserRegisteredProductSchema = z.looseObject({
	id: z.string(),
	product: z.looseObject({ slug: z.string(), brand: z.looseObject({ value: z.string() }) }),
	serialCode: z.string(),
	purchaseDate: z.string().nullable(),
	purchaseMethod: z.string().nullable(),
	purchaseDealer: z.string().nullable(),
	image: z.string().nullable().optional(),
	answerInfos: z.array(z.looseObject({ id: z.string() })),
	status: z.string().optional(),
	createDate: z.string().optional(),
})

const bookkeeping = {
	createDate: z.string().nullable().optional(),
	createUserId: z.string().nullable().optional(),
	updateDate: z.string().nullable().optional(),
	updateUserId: z.string().nullable().optional(),
	isDeleted: z.boolean().nullable().optional(),
	isVisible: z.boolean().nullable().optional(),
	previousEmail: z.string().nullable().optional(),
	cognitoSub: z.string().nullable().optional(),
}

/**
 * `GET me`, `GET admin/users/{id}`, `PUT users/{id}` (spec 1 §3, spec 2 §3).
 * The API also sends bookkeeping fields the portal drops before storing
 * (app/domain/user-record.ts); birthday comes as a date-time and is cut to
 * its date there. Unknown fields pass through.
 */
export const UserRecordSchema = z.looseObject({
	id: z.string(),
	email: z.string(),
	firstName: z.string(),
	middleName: z.string().nullable(),
	lastName: z.string(),
	phoneticFirstName: z.string().nullable().optional(),
	phoneticLastName: z.string().nullable().optional(),
	allowEmail: z.boolean(),
	birthday: z.string().nullable(),
	address: AddressSchema.nullable(),
	country: z.string().nullable(),
	cultureCode: MasterRefSchema.nullable(),
	phones: z.array(PhoneSchema),
	interests: z.array(UserInterestSchema),
	/** The value of the genders master list. */
	gender: z.string().nullable(),
	registeredProducts: z.array(UserRegisteredProductSchema),
	shopifyId: z.string().nullable(),
	/** Staff only; others get an empty list, which the portal drops. */
	managingCultureCodes: z.array(MasterRefSchema).optional(),
	...bookkeeping,
})
export type UserRecord = z.output<typeof UserRecordSchema>

// ---------------------------------------------------------------- profile and email change

const addressPart = z.string().trim().max(100).nullable().optional()

/**
 * `PUT users/{id}` with profile parameters: the fields sent are changed, the
 * others kept; null clears an optional one. cultureCode is a culture code
 * value, gender a genders master value. Answers the user record.
 */
export const ProfileUpdateRequestSchema = z.object({
	firstName: name.optional(),
	middleName: optionalName,
	lastName: name.optional(),
	phoneticFirstName: optionalName,
	phoneticLastName: optionalName,
	allowEmail: z.boolean().optional(),
	birthday: z.iso.date().nullable().optional(),
	address: z
		.strictObject({
			postalCode: z.string().trim().max(20).nullable().optional(),
			stateProvince: addressPart,
			city: addressPart,
			addressLine1: addressPart,
			addressLine2: addressPart,
			addressLine3: addressPart,
		})
		.nullable()
		.optional(),
	country: country.optional(),
	cultureCode: cultureCodeValue.optional(),
	gender: z.string().max(40).nullable().optional(),
})
export type ProfileUpdate = z.input<typeof ProfileUpdateRequestSchema>

/** `PUT users/{id}` with {email, mailFormatType}: asks to change the email. */
export const EmailChangeRequestSchema = z.object({ email, mailFormatType })
/** Designed: the email in force (unchanged until verified) and the one waiting for its code. */
export const EmailChangeResponseSchema = z.object({
	email: z.string(),
	pendingEmail: z.string(),
	codeDelivery: CodeDeliverySchema,
})

/** `POST users/{id}/linkage/changeEmail`. */
export const ConfirmEmailChangeRequestSchema = z.object({ attribute: z.literal('email'), code })
/** Designed. */
export const ConfirmEmailChangeResponseSchema = z.object({ id: z.string(), email: z.string() })

// ---------------------------------------------------------------- passwords

/** `PUT users/{id}/password`. */
export const ChangePasswordRequestSchema = z.object({ oldPassword: z.string().min(1).max(256), newPassword: password })

/** `POST users/password`. */
export const PasswordResetRequestSchema = z.object({ email, mailFormatType })

/** `POST users/password/confirm`. */
export const PasswordResetConfirmRequestSchema = z.object({ email, code, newPassword: password })

// ---------------------------------------------------------------- phones and interests

/** `POST users/{id}/phones` and `PUT users/{id}/phones/{phoneId}`: number and type together. */
export const PhoneRequestSchema = z.object({ number: z.string().trim().min(1).max(30), type: z.enum(PHONE_TYPES) })
export const PhoneListResponseSchema = listOf(PhoneSchema)

/** `POST users/{id}/interests`: an id of the interests master list. */
export const InterestRequestSchema = z.object({ interestId: z.string().min(1).max(20) })
export const InterestListResponseSchema = listOf(UserInterestSchema)

/** `GET users/{id}/managingCultureCodes`. Designed. */
export const ManagingCultureCodesResponseSchema = z.object({ managingCultureCodes: z.array(MasterRefSchema) })

// ---------------------------------------------------------------- temporary data

/** Designed: any JSON object, e.g. `{ modelCode, serialCode }` or `{ path }`; kept small. */
export const TemporaryDataBodySchema = z
	.record(z.string(), z.unknown())
	.refine((body) => JSON.stringify(body).length <= 8192, 'Temporary data is limited to 8 KB.')

/** `POST temporaryData/`: kept under an email until its owner has an account (anonymous allowed). */
export const CreateTemporaryDataRequestSchema = z.object({
	email,
	purpose: z.enum(TEMPORARY_DATA_PURPOSES),
	body: TemporaryDataBodySchema,
})

/** `POST temporaryData/{userId}/{purpose}`. */
export const SaveTemporaryDataRequestSchema = z.object({ body: TemporaryDataBodySchema })

/** Designed. */
export const TemporaryDataSchema = z.object({
	id: z.string(),
	userId: z.string().nullable(),
	email: z.string().nullable(),
	purpose: z.enum(TEMPORARY_DATA_PURPOSES),
	body: z.record(z.string(), z.unknown()),
	createDate: z.string(),
	expiresAt: z.string(),
})
export type TemporaryData = z.output<typeof TemporaryDataSchema>

// ---------------------------------------------------------------- external user ids

/** `POST|PUT externalUserId/services/{serviceId}`. */
export const ExternalUserIdRequestSchema = z.object({ id: z.string().trim().min(1).max(200) })
/** Designed. */
export const ExternalUserIdSchema = z.object({ serviceId: z.string(), id: z.string(), updateDate: z.string() })
export type ExternalUserId = z.output<typeof ExternalUserIdSchema>
