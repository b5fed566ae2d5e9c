/**
 * The video feed the emulator seeds: three brand channels, forty videos and
 * five playlists. Ids are derived from the names, so they stay the same
 * after a reset and match the shapes of the real API's ids.
 */
import { createHash } from 'node:crypto'

function idFrom(seed: string, length: number): string {
	return createHash('sha256').update(seed).digest('base64url').slice(0, length)
}

export const channelId = (handle: string) => `UC${idFrom(`channel:${handle}`, 22)}`
export const videoId = (title: string) => idFrom(`video:${title}`, 11)
export const playlistId = (title: string) => `PL${idFrom(`playlist:${title}`, 32)}`
export const playlistItemId = (playlist: string, video: string) => idFrom(`item:${playlist}:${video}`, 48)
/** A channel's uploads playlist, as the real API names it: its id with UU for UC. */
export const uploadsPlaylistId = (channel: string) => `UU${channel.slice(2)}`

export interface ChannelSeed {
	handle: string
	title: string
	description: string
	brand: string
	playlists: Array<{ title: string; description: string; videos: string[] }>
}

export const CHANNEL_SEEDS: readonly ChannelSeed[] = [
	{
		handle: '@maininstruments',
		title: 'Main Instruments',
		description: 'Pianos, synthesizers and keyboards: demos, lessons and performances.',
		brand: 'main',
		playlists: [
			{
				title: 'Piano Lessons and Demos',
				description: 'Learn to play and hear what our pianos can do.',
				videos: [
					'FP-30X Digital Piano: First Look',
					'FP-30X Sound Demo: Concert Grand',
					'Piano Lesson 1: Posture and Hand Position',
					'Piano Lesson 2: Scales in C Major',
					'Piano Lesson 3: Chords and Inversions',
					'GO:PIANO61 Bluetooth Setup',
					'RD-2000 Stage Piano Performance',
					'Connecting Your Piano to an App',
				],
			},
			{
				title: 'Synth Sound Design',
				description: 'From the first oscillator to a full live set.',
				videos: [
					'JUPITER-X Factory Sounds Tour',
					'Synth Basics: Oscillators',
					'Synth Basics: Filters and Envelopes',
					'Sound Design: Building a Pad',
					'Sound Design: Classic Synth Bass',
					'Arpeggiator Tricks',
					'Live Set: Synth Jam',
					'Sampling Workflow in Five Minutes',
				],
			},
		],
	},
	{
		handle: '@effectspedals',
		title: 'Effects Pedals',
		description: 'Stompboxes, multi-effects and loopers, played and explained.',
		brand: 'effects',
		playlists: [
			{
				title: 'Pedal Demos',
				description: 'Every pedal, heard in a mix.',
				videos: [
					'Overdrive Pedal Shootout',
					'Distortion vs Fuzz Explained',
					'Delay Pedal Settings for Ambient Guitar',
					'Reverb Pedal: Shimmer Mode',
					'Chorus and Flanger Demo',
					'Building Your First Pedalboard',
					'Multi-Effects Patch Tutorial',
					'Tuner Pedal Tips',
					'Guitar Wireless System Setup',
				],
			},
			{
				title: 'Loop Station Tips',
				description: 'Layer, loop and perform live.',
				videos: [
					'Loop Station Basics',
					'Loop Station: Live Layering',
					'Looper Rhythm Tracks',
					'Vocal Looping Performance',
					'Looper Tips: Undo and Redo',
				],
			},
		],
	},
	{
		handle: '@dwdrums',
		title: 'DW Drums',
		description: 'Drums, hardware and the people who build them.',
		brand: 'dw',
		playlists: [
			{
				title: 'Kit Builds and Drum Tech',
				description: 'How a kit is built, tuned and set up.',
				videos: [
					"Collector's Series Kit Build",
					'Snare Drum Tuning Guide',
					'Bass Drum Pedal Setup',
					'Hi-Hat Stand Adjustment',
					'Cymbal Placement Tips',
					'Electronic Kit Unboxing: DWe',
					'DWe App Walkthrough',
					'Drum Heads: When to Change Them',
					'Shell Finishes: Factory Tour',
					'Groove Session with the Performance Series',
				],
			},
		],
	},
]
