/**
 * The portal's picture route, `/img?u=…&s=…` (ADR 0033): every picture an upstream names (video
 * thumbnails, social posts' pictures, product images, the cloud catalogue's pictures, help-centre
 * articles' pictures) is shown through it, so a page asks nothing of another origin before a click.
 *
 * Loaders turn an upstream's picture address into the route's with `pictureSrc`: only an address on
 * the allow-list (app/domain/pictures.ts) gets one, signed with the session secret, so the route
 * fetches only what the portal itself named and is no open proxy, even to the allowed hosts. The
 * route checks both again, fetches with no cookie, keeps what it fetched in memory (bounded by
 * bytes) and hands on images only.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import {
	allowedPictureUrl,
	MAX_PICTURE_BYTES,
	PICTURE_TYPES,
	pictureType,
	type PictureSources,
} from '#app/domain/pictures.ts'
import { getEnv } from '#app/env.server.ts'
import { UPSTREAMS, upstreamBaseUrl } from './config.server.ts'
import { isUpstreamError } from './errors.ts'
import { fetchPicture } from './http.server.ts'

export const PICTURE_PATH = '/img'
/** A picture is small and the page waits for none: a host that is slow is given up on well before the API's 60 s. */
export const PICTURE_TIMEOUT_MS = 10_000
/** Pictures kept in memory, by their bytes: a feed's pages and a gear list's thumbnails many times over. */
export const PICTURE_CACHE_BYTES = 32 * 1024 * 1024
/** How long a kept picture is served before it is fetched again. */
export const PICTURE_CACHE_MS = 60 * 60_000
/** What a browser may keep: an upstream's picture address names one picture, which does not change. */
const PICTURE_CACHE_CONTROL = 'public, max-age=86400'

/** Where the built-in emulator's pictures are named (PUBLIC_URL's) and where the portal reaches it (loopback). */
function emulatorPlaces(): { named: string; reached: string } {
	const env = getEnv()
	return { named: `${env.PORTAL_URL}/_emulator/`, reached: `http://127.0.0.1:${env.PORT}/_emulator/` }
}

/** The allow-list: the configured hosts, and the upstreams' own base URLs (or the emulator's). */
export function pictureSources(): PictureSources {
	const env = getEnv()
	return {
		hosts: env.IMAGE_HOSTS,
		prefixes: env.USE_EMULATOR ? [emulatorPlaces().named] : UPSTREAMS.map((name) => upstreamBaseUrl(name)),
	}
}

function signature(url: string, secret: string): string {
	return createHmac('sha256', secret).update(`picture:${url}`).digest('base64url').slice(0, 32)
}

/** Signed with the first session secret; any of them verifies, so rotating one keeps pages already served. */
function signedBy(url: string, given: string): boolean {
	const wanted = Buffer.from(given)
	return getEnv().SESSION_SECRETS.some((secret) => {
		const expected = Buffer.from(signature(url, secret))
		return expected.length === wanted.length && timingSafeEqual(expected, wanted)
	})
}

/**
 * The portal's address of an upstream's picture, or null when it is not one the portal may show
 * (a host off the allow-list, not http(s)): the page then shows no picture rather than reach out.
 */
export function pictureSrc(url: string | null | undefined): string | null {
	if (!url) return null
	const allowed = allowedPictureUrl(url, pictureSources())
	if (!allowed) return null
	const href = allowed.href
	return `${PICTURE_PATH}?${new URLSearchParams({ u: href, s: signature(href, getEnv().SESSION_SECRETS[0]!) })}`
}

interface Picture {
	type: string
	bytes: Buffer
}

/** Why a picture is not handed on, with the status the route answers. */
class PictureRefused extends Error {
	readonly status: number
	constructor(status: number, message: string) {
		super(message)
		this.status = status
	}
}

async function fetchAllowed(href: string, signal: AbortSignal): Promise<Picture> {
	const { named, reached } = emulatorPlaces()
	// The built-in emulator is asked on loopback, whatever public address its pictures are named by.
	const target = getEnv().USE_EMULATOR && href.startsWith(named) ? reached + href.slice(named.length) : href
	try {
		const answer = await fetchPicture(new URL(target), {
			timeoutMs: PICTURE_TIMEOUT_MS,
			maxBytes: MAX_PICTURE_BYTES,
			accept: [...PICTURE_TYPES].join(', '),
			signal,
		})
		if (answer.status === 404 || answer.status === 410) throw new PictureRefused(404, 'The picture is not there.')
		if (answer.status < 200 || answer.status > 299) {
			throw new PictureRefused(502, `The picture's host answered ${answer.status}.`)
		}
		const type = pictureType(answer.contentType)
		if (!type) throw new PictureRefused(502, "The picture's host did not answer with a picture.")
		return { type, bytes: answer.bytes }
	} catch (error) {
		if (!isUpstreamError(error)) throw error
		if (error.kind === 'timeout') throw new PictureRefused(504, "The picture's host did not answer in time.")
		if (error.kind === 'malformed') throw new PictureRefused(502, 'The picture is too large or unreadable.')
		throw new PictureRefused(502, "The picture's host could not be reached.")
	}
}

/** Kept pictures; `fetch` asks the host once however many pages want the same picture at the same time. */
const pictures = new LRUCache<string, Picture>({
	maxSize: PICTURE_CACHE_BYTES,
	sizeCalculation: (picture, href) => picture.bytes.byteLength + href.length,
	ttl: PICTURE_CACHE_MS,
	fetchMethod: (href, _stale, { signal }) => fetchAllowed(href, signal),
})

/** For tests: forget every kept picture. */
export function clearPictures(): void {
	pictures.clear()
}

/** The route's answer, for any server to send (server/app.ts mounts it at PICTURE_PATH). */
export interface PictureResponse {
	status: number
	headers: Record<string, string>
	body: Buffer | string
}

function refusal(status: number, message: string): PictureResponse {
	return {
		status,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
		body: message,
	}
}

/** Answers `/img?u=…&s=…`: a picture the portal named, from an allowed host, or a 4xx/5xx that says why not. */
export async function answerPicture(query: URLSearchParams): Promise<PictureResponse> {
	const raw = query.get('u')
	const given = query.get('s')
	if (!raw || !given) return refusal(400, 'A picture address (u) and its signature (s) are required.')
	const url = allowedPictureUrl(raw, pictureSources())
	if (!url) return refusal(403, "Pictures are shown only from the upstreams' own hosts.")
	if (!signedBy(url.href, given)) return refusal(403, 'This picture address was not made by the portal.')
	try {
		const picture = await pictures.fetch(url.href)
		if (!picture) return refusal(502, 'The picture could not be fetched.')
		return {
			status: 200,
			headers: {
				'Content-Type': picture.type,
				'Content-Length': String(picture.bytes.byteLength),
				'Cache-Control': PICTURE_CACHE_CONTROL,
			},
			body: picture.bytes,
		}
	} catch (error) {
		if (error instanceof PictureRefused) return refusal(error.status, error.message)
		throw error
	}
}
