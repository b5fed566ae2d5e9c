/**
 * The social feeds the proxy serves: 30 page posts and 30 photo-account media, one every two days back
 * from seeding.
 */
import { IMAGE_PATH } from './images.ts'

export type SocialKind = 'page' | 'photo'

/** The ids the portal is configured with for its community and photo feeds. */
export const SOCIAL_ACCOUNTS = {
	page: { id: '104880679567548', kind: 'page', name: 'Roland' },
	photo: { id: '17841400966207751', kind: 'photo', name: 'roland_global' },
} as const satisfies Record<string, { id: string; kind: SocialKind; name: string }>

export const SOCIAL_ITEMS_PER_FEED = 30

const TOPICS = [
	['New in the studio', 'Our sound designers share three tips for layering pads with strings.'],
	['Artist spotlight', 'Watch how a touring drummer sets up a hybrid kit in under ten minutes.'],
	['Firmware update', 'A new update adds more kits and improves pad sensitivity. Update today.'],
	['Practice challenge', 'Fifteen minutes a day for a month: share your progress with #practicedaily.'],
	['Behind the scenes', 'From sketch to stage: how a synthesizer panel is designed.'],
	['Cloud membership', 'Five new instruments join the cloud library this week.'],
	['Effects corner', 'Stack a compressor before your overdrive and hear the difference.'],
	['Piano lessons', 'Learn the left-hand pattern of a classic ballad, step by step.'],
	['Event', 'Meet us at the trade show: hands-on demos all weekend.'],
	['Community', 'Your best loop-station performances of the month, picked by the team.'],
] as const

const DAY_MS = 24 * 3600 * 1000

export interface SocialSeedItem {
	id: string
	accountId: string
	createdTime: string
	data: Record<string, string>
}

export function socialSeedItems(now: number): SocialSeedItem[] {
	const items: SocialSeedItem[] = []
	for (let n = 1; n <= SOCIAL_ITEMS_PER_FEED; n++) {
		const [title, text] = TOPICS[(n - 1) % TOPICS.length]!
		const postTime = new Date(now - n * 2 * DAY_MS - 3 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')
		const postId = `${SOCIAL_ACCOUNTS.page.id}_${String(1000000000 + n)}`
		items.push({
			id: postId,
			accountId: SOCIAL_ACCOUNTS.page.id,
			createdTime: postTime,
			data: {
				message: `${title}: ${text}`,
				full_picture: `${IMAGE_PATH}/post-${n}.svg?text=${encodeURIComponent(title)}`,
				permalink_url: `https://www.facebook.example/${SOCIAL_ACCOUNTS.page.name}/posts/${1000000000 + n}`,
				created_time: postTime,
			},
		})
		const mediaTime = new Date(now - n * 2 * DAY_MS + 5 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')
		const shortcode = `C${(n * 7919).toString(36).toUpperCase()}x${n}`
		items.push({
			id: `179000000${String(n * 1000).padStart(8, '0')}`,
			accountId: SOCIAL_ACCOUNTS.photo.id,
			createdTime: mediaTime,
			data: {
				caption: `${text} #${title.toLowerCase().replace(/\s+/g, '')}`,
				media_type: n % 5 === 0 ? 'CAROUSEL_ALBUM' : 'IMAGE',
				media_url: `${IMAGE_PATH}/media-${n}.svg?text=${encodeURIComponent(title)}`,
				permalink: `https://photos.example/p/${shortcode}/`,
				timestamp: mediaTime,
			},
		})
	}
	return items
}
