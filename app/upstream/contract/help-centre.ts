/**
 * The account API's help-centre calls (zendesk/…) and its social proxy
 * (graphApi/{id}), spec 2 §3, §5, §7, §9. The spec shows the request of a
 * ticket ({ticket, request, brand}) and the SSO answer ({redirectUrl}); the
 * rest of the shapes below are ours.
 */
import { z } from 'zod'

export const HELP_CENTRE_MESSAGES = {
	idTokenRequired: 'Failed: idToken is required',
	articleIdRequired: 'Failed: id is required',
	articleNotFound: 'Article not found.',
	nextPageTokenRequired: 'Failed: next-page token is required',
} as const

/** Sent by the portal's outbox so a retried ticket is stored once. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'

/** The largest file the help centre takes (10 MB, binary). */
export const HELP_CENTRE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024
/** Files one ticket may carry. */
export const HELP_CENTRE_UPLOADS_PER_TICKET = 10

/**
 * `POST zendesk/uploads?filename=` with the file's bytes as the body and its
 * type as Content-Type (signed in, or a visitor with the security token):
 * the token to list in the ticket's `comment.uploads`. Over the limit: 413.
 */
export const HelpCentreUploadSchema = z.object({
	token: z.string().min(1),
	filename: z.string(),
	contentType: z.string(),
	size: z.number().int().min(0),
})
export type HelpCentreUpload = z.infer<typeof HelpCentreUploadSchema>

/** A file as a stored ticket lists it. */
export const HelpCentreAttachmentSchema = z.object({
	filename: z.string(),
	contentType: z.string(),
	size: z.number().int().min(0),
	/** Hex SHA-256 of the bytes received, so a test can check a file arrived whole. */
	sha256: z.string(),
})
export type HelpCentreAttachment = z.infer<typeof HelpCentreAttachmentSchema>

/**
 * Spec 2 §3 "Support ticket". The custom fields go by name: the account API
 * maps them to the help centre's field ids, which differ between dev/test and
 * production (spec 2 §9). Without an access token the security token header
 * and `request.requester` are required (spec 2 §6); with one the requester is
 * the signed-in user.
 */
export const HelpCentreTicketRequestSchema = z.object({
	ticket: z.object({
		subject: z.string().trim().min(1).max(150),
		comment: z.object({
			body: z.string().trim().min(1).max(65_000),
			/** Tokens of files uploaded first (`POST zendesk/uploads`): attached to the ticket. */
			uploads: z.array(z.string().min(1).max(100)).max(HELP_CENTRE_UPLOADS_PER_TICKET).optional(),
		}),
		/** `service_request`, `question`… */
		type: z.string().trim().min(1).max(50),
		tags: z.array(z.string().max(80)).max(50).default([]),
		customFields: z
			.object({
				productName: z.string().trim().max(200).nullable().optional(),
				requestType: z.string().trim().max(100).nullable().optional(),
				countryName: z.string().trim().max(100).nullable().optional(),
			})
			.default({}),
	}),
	request: z
		.object({
			requester: z.object({ name: z.string().trim().min(1).max(200), email: z.email() }).optional(),
			/** The account a ticket sent with the security token comes from (ADR 0009): its email is the requester. */
			userId: z.string().trim().min(1).max(100).optional(),
			cultureCode: z.string().trim().max(20).optional(),
		})
		.default({}),
	/** The brand value (`main`, `effects`, `dw`…): which help centre brand gets it. */
	brand: z.string().trim().min(1).max(50),
})
export type HelpCentreTicketRequest = z.input<typeof HelpCentreTicketRequestSchema>

export const HelpCentreTicketCreatedSchema = z.object({
	id: z.string(),
	status: z.literal('new'),
	createdAt: z.iso.datetime(),
})
export type HelpCentreTicketCreated = z.infer<typeof HelpCentreTicketCreatedSchema>

/**
 * A stored ticket as the emulator's admin read answers it
 * (`GET zendesk/_tickets?email=`, emulator only: not a call of the real API).
 */
export const HelpCentreTicketSchema = z.object({
	id: z.string(),
	status: z.string(),
	createdAt: z.iso.datetime(),
	brand: z.string(),
	subject: z.string(),
	type: z.string(),
	/** As the help centre keeps them: trimmed, lower-case, whitespace runs as underscores. */
	tags: z.array(z.string()),
	commentBody: z.string(),
	customFields: z.object({
		productName: z.string().nullable(),
		requestType: z.string().nullable(),
		countryName: z.string().nullable(),
	}),
	requester: z.object({ name: z.string(), email: z.string() }),
	/** The signed-in user who sent it; null for a visitor. */
	userId: z.string().nullable(),
	cultureCode: z.string().nullable(),
	idempotencyKey: z.string().nullable(),
	attachments: z.array(HelpCentreAttachmentSchema),
})
export type HelpCentreTicket = z.infer<typeof HelpCentreTicketSchema>
export const HelpCentreTicketListSchema = z.array(HelpCentreTicketSchema)

export const ArticleSchema = z.object({
	id: z.string(),
	title: z.string(),
	/** HTML. */
	body: z.string(),
	labelNames: z.array(z.string()),
	section: z.string(),
	htmlUrl: z.url(),
	locale: z.string(),
	createdAt: z.iso.datetime(),
	updatedAt: z.iso.datetime(),
})
export type Article = z.infer<typeof ArticleSchema>

/** `GET zendesk/articles?query=&label_names=a,b&page=&per_page=`: newest first. */
export const ArticleSearchResultSchema = z.object({
	articles: z.array(ArticleSchema),
	count: z.number().int().min(0),
	page: z.number().int().min(1),
	perPage: z.number().int().min(1),
	nextPage: z.number().int().nullable(),
})
export type ArticleSearchResult = z.infer<typeof ArticleSearchResultSchema>

export const HelpCentreSsoRequestSchema = z.object({
	// Optional here so the API can answer its own message for a missing one.
	idToken: z.string().optional(),
	returnTo: z
		.url({ protocol: /^https?$/ })
		.max(2000)
		.optional(),
})
export type HelpCentreSsoRequest = z.input<typeof HelpCentreSsoRequestSchema>

export const HelpCentreSsoResponseSchema = z.object({ redirectUrl: z.url() })

/**
 * The social proxy answers a Graph-API-like page: the items carry only the
 * fields asked for in `fields` (all when omitted) besides `id`, and
 * `paging.next` is the next-page token to send as `after` (null on the last
 * page). Spec 2 §7, §9: 8 posts a page for the Facebook-type feed, 12 media
 * for the photo feed.
 */
export const SOCIAL_PAGE_SIZE = { page: 8, photo: 12 } as const
/** Spec 2 §8: the 404 for a next-page token the feed does not know. */
export const SOCIAL_PAGE_TOKEN_ERROR = {
	page: 'not found for next-page token of facebook',
	photo: 'not found for next-page token of instagram',
} as const
export const SOCIAL_POST_FIELDS = ['message', 'full_picture', 'permalink_url', 'created_time'] as const
export const SOCIAL_MEDIA_FIELDS = ['caption', 'media_type', 'media_url', 'permalink', 'timestamp'] as const

export const SocialPostSchema = z.object({
	id: z.string(),
	message: z.string().optional(),
	full_picture: z.url().optional(),
	permalink_url: z.url().optional(),
	created_time: z.iso.datetime().optional(),
})
export type SocialPost = z.infer<typeof SocialPostSchema>

export const SocialMediaSchema = z.object({
	id: z.string(),
	caption: z.string().optional(),
	media_type: z.enum(['IMAGE', 'VIDEO', 'CAROUSEL_ALBUM']).optional(),
	media_url: z.url().optional(),
	permalink: z.url().optional(),
	timestamp: z.iso.datetime().optional(),
})
export type SocialMedia = z.infer<typeof SocialMediaSchema>

const PagingSchema = z.object({ next: z.string().nullable() })

export const SocialFeedSchema = z.discriminatedUnion('kind', [
	z.object({
		id: z.string(),
		kind: z.literal('page'),
		name: z.string(),
		data: z.array(SocialPostSchema),
		paging: PagingSchema,
	}),
	z.object({
		id: z.string(),
		kind: z.literal('photo'),
		username: z.string(),
		data: z.array(SocialMediaSchema),
		paging: PagingSchema,
	}),
])
export type SocialFeed = z.infer<typeof SocialFeedSchema>
