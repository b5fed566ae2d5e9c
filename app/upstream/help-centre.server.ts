/**
 * The account API's help-centre calls and social proxy (spec 2 §7): support
 * tickets and their files, article search, help-centre single sign-on and the social feeds.
 * Shapes are in `contract/help-centre.ts`.
 */
import {
	ArticleSchema,
	ArticleSearchResultSchema,
	HELP_CENTRE_MESSAGES,
	HelpCentreSsoResponseSchema,
	HelpCentreTicketCreatedSchema,
	HelpCentreUploadSchema,
	IDEMPOTENCY_KEY_HEADER,
	SocialFeedSchema,
	type Article,
	type ArticleSearchResult,
	type HelpCentreTicketCreated,
	type HelpCentreTicketRequest,
	type HelpCentreUpload,
	type SocialFeed,
} from './contract/help-centre.ts'
import type { Auth } from './http.server.ts'
import { upstreamRequest } from './http.server.ts'
import { withSecurityToken } from './security-token.server.ts'

export interface HelpCentreRequestOptions {
	/**
	 * A signed-in user's: the ticket is theirs. Without it the call goes as a
	 * visitor's, with the signed security token (spec 2 §6), and the ticket's
	 * requester must be given.
	 */
	accessToken?: string
	/** The outbox's key for this ticket: a retry with the same key stores one ticket. */
	idempotencyKey?: string
	signal?: AbortSignal
	timeoutMs?: number
}

/** The access token when there is one; else the visitor's signed header, made afresh on a refusal. */
function asCaller<T>(accessToken: string | undefined, call: (auth: Auth[]) => Promise<T>): Promise<T> {
	if (accessToken) return call([{ kind: 'access', token: accessToken }])
	return withSecurityToken((header) => call([header]))
}

/** `POST zendesk/request/`: stores a support ticket, signed in or as a visitor. */
export async function createHelpCentreRequest(
	request: HelpCentreTicketRequest,
	options: HelpCentreRequestOptions = {},
): Promise<HelpCentreTicketCreated> {
	const key: Auth[] = options.idempotencyKey
		? [{ kind: 'header', name: IDEMPOTENCY_KEY_HEADER, value: options.idempotencyKey }]
		: []
	return asCaller(options.accessToken, (auth) =>
		upstreamRequest('account', {
			method: 'POST',
			path: 'zendesk/request/',
			body: request,
			auth: [...auth, ...key],
			schema: HelpCentreTicketCreatedSchema,
			signal: options.signal,
			timeoutMs: options.timeoutMs,
		}),
	)
}

export interface HelpCentreFile {
	filename: string
	contentType: string
	bytes: Uint8Array
}

/**
 * `POST zendesk/uploads?filename=`: sends one file ahead of its ticket; the
 * answer's token goes in the ticket's `comment.uploads`. A file over
 * HELP_CENTRE_UPLOAD_MAX_BYTES is refused (413) by the help centre.
 */
export async function uploadHelpCentreFile(
	file: HelpCentreFile,
	options: Omit<HelpCentreRequestOptions, 'idempotencyKey'> = {},
): Promise<HelpCentreUpload> {
	return asCaller(options.accessToken, (auth) =>
		upstreamRequest('account', {
			method: 'POST',
			path: 'zendesk/uploads',
			query: { filename: file.filename },
			bytes: { contentType: file.contentType, data: file.bytes },
			auth,
			schema: HelpCentreUploadSchema,
			signal: options.signal,
			timeoutMs: options.timeoutMs,
		}),
	)
}

export interface ArticleQuery {
	query?: string
	/** Articles with at least one of these labels. */
	labelNames?: readonly string[]
	page?: number
	perPage?: number
}

/** `GET zendesk/articles?query=&label_names=`: help articles matching every word of the query and any of the labels. */
export async function searchArticles(search: ArticleQuery, signal?: AbortSignal): Promise<ArticleSearchResult> {
	return upstreamRequest('account', {
		path: 'zendesk/articles',
		query: {
			query: search.query?.trim() || undefined,
			label_names: search.labelNames?.length ? search.labelNames.join(',') : undefined,
			page: search.page,
			per_page: search.perPage,
		},
		schema: ArticleSearchResultSchema,
		signal,
	})
}

/** `GET zendesk/articles/{id}`: one article; the id is required (spec 2 §5). */
export async function getArticle(id: string, signal?: AbortSignal): Promise<Article> {
	if (!id.trim()) throw new Error(HELP_CENTRE_MESSAGES.articleIdRequired)
	return upstreamRequest('account', {
		path: `zendesk/articles/${encodeURIComponent(id.trim())}`,
		schema: ArticleSchema,
		signal,
	})
}

/**
 * `POST zendesk/sso`: the help-centre address to send the signed-in user to;
 * the id token is required (spec 2 §5). An expired token is an UpstreamError
 * with code `TokenExpired`.
 */
export async function helpCentreSso(
	params: { idToken: string; returnTo?: string },
	signal?: AbortSignal,
): Promise<{ redirectUrl: string }> {
	if (!params.idToken) throw new Error(HELP_CENTRE_MESSAGES.idTokenRequired)
	return upstreamRequest('account', {
		method: 'POST',
		path: 'zendesk/sso',
		body: params,
		schema: HelpCentreSsoResponseSchema,
		signal,
	})
}

export interface SocialFeedQuery {
	/** Graph fields to answer besides `id`; all of the feed's when omitted. */
	fields?: readonly string[]
	/** The previous page's `paging.next`; required for a next page (spec 2 §5). */
	after?: string
}

/**
 * `GET graphApi/{id}`: a page of the Facebook-type page's posts (8) or the
 * photo account's media (12). A token the proxy does not know is an
 * UpstreamError 'not found for next-page token of facebook|instagram'.
 */
export async function getSocialFeed(
	accessToken: string,
	id: string,
	feed: SocialFeedQuery = {},
	signal?: AbortSignal,
): Promise<SocialFeed> {
	if (feed.after !== undefined && !feed.after) throw new Error(HELP_CENTRE_MESSAGES.nextPageTokenRequired)
	return upstreamRequest('account', {
		path: `graphApi/${encodeURIComponent(id)}`,
		query: { fields: feed.fields?.length ? feed.fields.join(',') : undefined, after: feed.after },
		auth: { kind: 'access', token: accessToken },
		schema: SocialFeedSchema,
		signal,
	})
}
