/**
 * The rules of the portal's picture route (`/img`, ADR 0033): which upstream pictures it may fetch
 * and what it may hand on. The browser never loads a picture from an upstream's host: that would
 * tell YouTube, Facebook and Instagram (and every product-image host) of each visit before the
 * user did anything. So the portal fetches them itself, only from the hosts the configuration
 * names, only images, only up to a size.
 */

/** The largest picture handed on: a 1080-pixel photo of the photo feed is a few hundred KB. */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024

/** Longer than any upstream picture address seen; a longer one is not one an upstream named. */
export const MAX_PICTURE_URL_LENGTH = 2048

/** What the route answers with: the formats browsers show in `<img>`; never HTML, JSON or text. */
export const PICTURE_TYPES: ReadonlySet<string> = new Set([
	'image/avif',
	'image/gif',
	'image/jpeg',
	'image/png',
	'image/svg+xml',
	'image/webp',
])

/** The hosts the real upstreams' pictures come from: video thumbnails, channel pictures, social posts' pictures. */
export const DEFAULT_PICTURE_HOSTS = ['*.ytimg.com', '*.ggpht.com', '*.fbcdn.net', '*.cdninstagram.com'] as const

/** A host name, or `*.` and a host name for any host under it. */
export const PICTURE_HOST_PATTERN = /^(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]$/i

export interface PictureSources {
	/** https hosts on their default port: `i.ytimg.com`, or `*.fbcdn.net` for any host under fbcdn.net. */
	hosts: readonly string[]
	/** Address prefixes, each ending in `/`: the upstreams' own base URLs (the emulator's, in tests). */
	prefixes: readonly string[]
}

function hostMatches(hostname: string, pattern: string): boolean {
	const wanted = pattern.toLowerCase()
	// A label boundary, never a substring: `*.fbcdn.net` admits `scontent.fbcdn.net`, not `evilfbcdn.net`.
	return wanted.startsWith('*.') ? hostname.endsWith(wanted.slice(1)) : hostname === wanted
}

/**
 * The picture address as a URL when the portal may fetch it, else null: http(s) only, no user or
 * password in it, and either on an https host of the list (default port) or under one of the
 * prefixes. The URL parser has already resolved `..` and `%2e%2e`, so a prefix cannot be left.
 */
export function allowedPictureUrl(raw: string, sources: PictureSources): URL | null {
	if (raw.length > MAX_PICTURE_URL_LENGTH) return null
	let url: URL
	try {
		url = new URL(raw)
	} catch {
		return null
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
	if (url.username || url.password) return null
	if (sources.prefixes.some((prefix) => url.href.startsWith(prefix))) return url
	if (url.protocol !== 'https:' || url.port !== '') return null
	return sources.hosts.some((pattern) => hostMatches(url.hostname, pattern)) ? url : null
}

/** The media type of a Content-Type header when it is a picture the route hands on, else null. */
export function pictureType(contentType: string | undefined): string | null {
	const type = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase()
	return PICTURE_TYPES.has(type) ? type : null
}
