import { describe, expect, it } from 'vitest'
import {
	allowedPictureUrl,
	DEFAULT_PICTURE_HOSTS,
	MAX_PICTURE_URL_LENGTH,
	pictureType,
	type PictureSources,
} from './pictures.ts'

const sources: PictureSources = {
	hosts: [...DEFAULT_PICTURE_HOSTS, 'images.example.com'],
	prefixes: ['http://localhost:3000/_emulator/', 'https://api.example.com/public/'],
}
const allowed = (url: string) => allowedPictureUrl(url, sources)?.href ?? null

describe('the picture route’s allow-list (ADR 0033)', () => {
	it.each([
		'https://i.ytimg.com/vi/abc/mqdefault.jpg',
		'https://yt3.ggpht.com/channel=s88',
		'https://scontent-nrt1-1.xx.fbcdn.net/v/t39/1.jpg?oh=1&oe=2',
		'https://scontent.cdninstagram.com/v/t51/2.jpg',
		'https://images.example.com/products/fp-30x.png',
		'https://IMAGES.example.com/a.png',
		'http://localhost:3000/_emulator/video/thumbnails/v1/medium.svg',
		'https://api.example.com/public/productImages/fp-30x/main.svg',
	])('admits %s', (url) => expect(allowed(url)).not.toBeNull())

	it.each([
		['a host not on the list', 'https://evil.example/a.png'],
		['a look-alike: a suffix without its label boundary', 'https://evilfbcdn.net/a.png'],
		['a look-alike: the allowed name as a label of another host', 'https://i.ytimg.com.evil.example/a.png'],
		['the bare domain of a *. pattern', 'https://ytimg.com/a.png'],
		['a subdomain of an exact host', 'https://cdn.images.example.com/a.png'],
		['a listed host over http', 'http://i.ytimg.com/vi/abc/mqdefault.jpg'],
		['a listed host on another port', 'https://i.ytimg.com:8443/vi/abc/mqdefault.jpg'],
		['credentials in the address', 'https://user:pass@i.ytimg.com/a.jpg'],
		['a scheme other than http(s)', 'file:///etc/passwd'],
		['a data address', 'data:image/png;base64,AAAA'],
		['not an address', 'not a url'],
		['a relative address', '/_emulator/video/thumbnails/v1/medium.svg'],
		['the emulator’s origin outside its prefix', 'http://localhost:3000/healthz'],
		['a prefix left with ..', 'http://localhost:3000/_emulator/../healthz'],
		['a prefix left with %2e%2e', 'http://localhost:3000/_emulator/%2e%2e/settings'],
		['the emulator’s path on another port', 'http://localhost:3001/_emulator/video/x.svg'],
		['the emulator’s path over https', 'https://localhost:3000/_emulator/video/x.svg'],
		['an address longer than any upstream names', `https://i.ytimg.com/${'a'.repeat(MAX_PICTURE_URL_LENGTH)}`],
	])('refuses %s', (_why, url) => expect(allowed(url)).toBeNull())

	it('gives the address as the URL parser reads it (what is signed and fetched)', () => {
		expect(allowed('HTTPS://I.YTIMG.COM/vi/a b/x.jpg')).toBe('https://i.ytimg.com/vi/a%20b/x.jpg')
	})
})

describe('what the picture route hands on', () => {
	it.each([
		['image/jpeg', 'image/jpeg'],
		['image/PNG', 'image/png'],
		['image/webp; q=1', 'image/webp'],
		['image/svg+xml; charset=utf-8', 'image/svg+xml'],
		['image/avif', 'image/avif'],
		['image/gif', 'image/gif'],
	])('a picture: %s', (header, type) => expect(pictureType(header)).toBe(type))

	it.each([
		'text/html',
		'application/json',
		'text/plain',
		'application/octet-stream',
		'image/x-icon',
		'image',
		'',
		undefined,
	])('not a picture: %s', (header) => expect(pictureType(header)).toBeNull())
})
