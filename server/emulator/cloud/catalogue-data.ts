/**
 * The cloud catalogue the emulator seeds: instruments, membership tiers with
 * their prices, lifetime keys, hardware that unlocks instruments, the
 * Play2-4Life reward pool and the offers. Written as compact tables.
 */
import type { Money } from '#app/upstream/contract/cloud.ts'

const usd = (amount: number): Money => ({ amount, currency: 'USD' })

/** id, product code, name, category, the lowest tier rank that includes it, description. */
export const PRODUCT_TABLE: ReadonlyArray<readonly [string, string, string, string, number, string]> = [
	[
		'zenology',
		'ZENOLOGY',
		'ZENOLOGY',
		'Software synthesizer',
		1,
		'The ZEN-Core software synthesizer with thousands of ready-to-play sounds.',
	],
	[
		'zenbeats',
		'ZENBEATS',
		'ZENBEATS',
		'Music creation app',
		1,
		'Make music on any device, from the first idea to the finished track.',
	],
	[
		'tr-808',
		'TR-808',
		'TR-808',
		'Rhythm composer',
		2,
		'The rhythm composer behind decades of hip-hop and electronic music.',
	],
	[
		'tr-909',
		'TR-909',
		'TR-909',
		'Rhythm composer',
		2,
		'The house and techno drum machine, modelled circuit by circuit.',
	],
	['tb-303', 'TB-303', 'TB-303', 'Bass line', 2, 'The squelching bass line synthesizer that started acid house.'],
	[
		'juno-106',
		'JUNO-106',
		'JUNO-106',
		'Analog synthesizer',
		2,
		'Warm pads and punchy basses from the classic polysynth.',
	],
	[
		'sh-101',
		'SH-101',
		'SH-101',
		'Analog synthesizer',
		2,
		'The monophonic synthesizer for leads, basses and sequences.',
	],
	['d-50', 'D-50', 'D-50', 'Digital synthesizer', 2, 'Linear arithmetic synthesis: the sound of the late eighties.'],
	['jx-8p', 'JX-8P', 'JX-8P', 'Analog synthesizer', 2, 'Rich, expressive analog polyphony.'],
	[
		'jupiter-8',
		'JUPITER-8',
		'JUPITER-8',
		'Analog synthesizer',
		3,
		'The flagship analog polysynth, modelled in every detail.',
	],
	['juno-60', 'JUNO-60', 'JUNO-60', 'Analog synthesizer', 3, 'The JUNO that came first, with its famous chorus.'],
	['jd-800', 'JD-800', 'JD-800', 'Digital synthesizer', 3, 'The hands-on digital synthesizer with its slider panel.'],
	['xv-5080', 'XV-5080', 'XV-5080', 'Sound module', 3, 'The studio sound module of countless productions.'],
	[
		'system-100',
		'SYSTEM-100',
		'SYSTEM-100',
		'Modular synthesizer',
		3,
		'Semi-modular patching with the classic system sound.',
	],
	['promars', 'PROMARS', 'PROMARS', 'Analog synthesizer', 3, 'A duophonic rarity with a huge sound.'],
	['sh-2', 'SH-2', 'SH-2', 'Analog synthesizer', 3, 'Fat monophonic basses and leads.'],
	[
		'srx-orchestra',
		'SRX-ORCHESTRA',
		'SRX ORCHESTRA',
		'Sound expansion',
		3,
		'Strings, brass and woodwinds for orchestral work.',
	],
	['srx-piano', 'SRX-PIANO', 'SRX PIANO', 'Sound expansion', 3, 'Concert grand pianos, sampled in detail.'],
	[
		'jupiter-x',
		'JUPITER-X',
		'ZENOLOGY Model Expansion JUPITER-X',
		'Model expansion',
		3,
		'The JUPITER-X synthesizer engines for ZENOLOGY.',
	],
]

export interface MembershipSeed {
	id: string
	name: string
	rank: number
	description: string
	features: string[]
	maxRewardInstruments: number
	monthly: Money
	annual: Money
}

export const MEMBERSHIPS: readonly MembershipSeed[] = [
	{
		id: 'core',
		name: 'Core',
		rank: 1,
		description: 'The essentials: ZENOLOGY and ZENBEATS with their sound packs.',
		features: ['ZENOLOGY and ZENBEATS', 'Sound packs every month', 'Cloud Manager'],
		maxRewardInstruments: 1,
		monthly: usd(2.99),
		annual: usd(29.99),
	},
	{
		id: 'pro',
		name: 'Pro',
		rank: 2,
		description: 'The classic instruments of the Legendary series, on top of Core.',
		features: ['Everything in Core', 'Legendary series classics', 'Loyalty rewards: choose 2 instruments'],
		maxRewardInstruments: 2,
		monthly: usd(9.99),
		annual: usd(99.99),
	},
	{
		id: 'ultimate',
		name: 'Ultimate',
		rank: 3,
		description: 'Every instrument, expansion and sound in the cloud.',
		features: [
			'Everything in Pro',
			'Every instrument and expansion',
			'Loyalty rewards: choose 3 instruments',
			'30-day free trial',
		],
		maxRewardInstruments: 3,
		monthly: usd(19.99),
		annual: usd(199.0),
	},
]

/** What a member can choose as a Play2-4Life reward instrument. */
export const REWARD_POOL = [
	'jupiter-8',
	'juno-60',
	'jd-800',
	'xv-5080',
	'system-100',
	'promars',
	'sh-2',
	'srx-orchestra',
	'srx-piano',
]

/** id, product code, name, included products, price. */
export const LIFETIME_KEY_TABLE: ReadonlyArray<readonly [string, string, string, string[], number]> = [
	['lk-jupiter-8', 'LK-JUPITER-8', 'JUPITER-8 Lifetime Key', ['jupiter-8'], 149.99],
	['lk-tr-808', 'LK-TR-808', 'TR-808 Lifetime Key', ['tr-808'], 149.99],
	['lk-rhythm', 'LK-RHYTHM', 'Legendary Rhythm Collection Lifetime Key', ['tr-808', 'tr-909', 'tb-303'], 299.99],
	['lk-juno', 'LK-JUNO', 'JUNO Collection Lifetime Key', ['juno-106', 'juno-60'], 199.99],
]

/** product code, name, products its serial number unlocks. */
export const HARDWARE_TABLE: ReadonlyArray<readonly [string, string, string[]]> = [
	['SYSTEM-8', 'SYSTEM-8 Plug-Out Synthesizer', ['jupiter-8', 'juno-106']],
	['JUPITER-X', 'JUPITER-X Synthesizer', ['jupiter-x', 'zenology']],
	['TR-8S', 'TR-8S Rhythm Performer', ['tr-808', 'tr-909']],
	['FANTOM-6', 'FANTOM-6 Synthesizer Keyboard', ['zenology', 'srx-orchestra']],
	['JD-08', 'JD-08 Sound Module', ['jd-800']],
]

/** The size of each print run below. */
export const PRINT_RUN = 24

/**
 * A print run of JUNO Collection key cards in the shops, none sold to anyone in particular yet:
 * RCLK-JUNO-1000-CARD to RCLK-JUNO-1023-CARD. Journeys that register a key each take their own.
 */
const KEY_CARD_RUN = Array.from(
	{ length: PRINT_RUN },
	(_, i) => [`RCLK-JUNO-${1000 + i}-CARD`, 'lk-juno', 'Available'] as const,
)

/**
 * Entitlement keys, one per registration outcome (the demo member holds the
 * registered one): key, lifetime key, status.
 */
export const ENTITLEMENT_KEYS: ReadonlyArray<readonly [string, string, 'Available' | 'Registered' | 'Blocked']> = [
	['RCLK-J8LT-0001-AAAA', 'lk-jupiter-8', 'Available'],
	['RCLK-TR8L-0002-BBBB', 'lk-tr-808', 'Available'],
	['RCLK-JUNO-0005-EEEE', 'lk-juno', 'Available'],
	['RCLK-J8LT-0003-CCCC', 'lk-jupiter-8', 'Registered'],
	// Its purchase was refunded: the key exists but can no longer be registered.
	['RCLK-RHYT-0004-DDDD', 'lk-rhythm', 'Blocked'],
	...KEY_CARD_RUN,
]

/** Hardware serial numbers the manufacturer knows: product code, serial, status. */
export const SERIAL_NUMBERS: ReadonlyArray<readonly [string, string, 'Available' | 'Registered' | 'Ineligible']> = [
	['SYSTEM-8', 'Z8A1234', 'Available'],
	['TR-8S', 'T8S20001', 'Available'],
	['JD-08', 'J08D0001', 'Available'],
	['JUPITER-X', 'A7B2345', 'Registered'],
	// Reported stolen: the unit cannot be registered.
	['FANTOM-6', 'F6C4567', 'Ineligible'],
	// A production run of JD-08 units in the shops: J08D1000 to J08D1023.
	...Array.from({ length: PRINT_RUN }, (_, i) => ['JD-08', `J08D${1000 + i}`, 'Available'] as const),
]

const DAY = 24 * 3600 * 1000

/** Offers, with their window relative to the seeding time. */
export function offerSeeds(now: number, planIds: { monthly: string[]; annual: string[]; ultimate: string[] }) {
	const window = (fromDays: number, untilDays: number) => ({
		validFrom: new Date(now + fromDays * DAY).toISOString(),
		validUntil: new Date(now + untilDays * DAY).toISOString(),
	})
	return [
		{
			id: 'welcome-annual-20',
			name: 'Welcome: 20% off your first year',
			description: 'New members save 20% on the first year of any annual plan.',
			planIds: planIds.annual,
			discountPercent: 20,
			audience: 'new' as const,
			...window(-30, 365),
		},
		{
			id: 'come-back-monthly-50',
			name: 'Welcome back: 50% off your first month',
			description: 'Returning members pay half for their first month on any monthly plan.',
			planIds: planIds.monthly,
			discountPercent: 50,
			audience: 'returning' as const,
			...window(-30, 365),
		},
		{
			id: 'upgrade-ultimate-25',
			name: 'Go Ultimate: 25% off your first payment',
			description: 'Members upgrading to Ultimate save 25% on their first payment.',
			planIds: planIds.ultimate,
			discountPercent: 25,
			audience: 'members' as const,
			...window(-30, 365),
		},
		{
			id: 'annual-10',
			name: 'Annual plans: 10% off',
			description: 'Everyone saves 10% on the first year of an annual plan.',
			planIds: planIds.annual,
			discountPercent: 10,
			audience: 'all' as const,
			...window(-10, 90),
		},
		{
			id: 'summer-sale',
			name: 'Summer sale: 30% off',
			description: 'Last summer’s sale, kept for the record.',
			planIds: [...planIds.monthly, ...planIds.annual],
			discountPercent: 30,
			audience: 'all' as const,
			...window(-120, -60),
		},
	]
}
