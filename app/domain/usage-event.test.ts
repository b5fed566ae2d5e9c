import { describe, expect, it } from 'vitest'
import {
	milestoneEvent,
	pageHashEvent,
	pageHashOf,
	pageViewEvent,
	pagePathOf,
	type PageContext,
} from './usage-event.ts'

const page: PageContext = {
	screen: 'MyGear',
	path: '/gear/my_gear',
	title: 'My Gear · Owners Portal',
	cultureCode: 'ja-JP',
	theme: 'main',
	build: { number: '171', commit: 'abc1234' },
}

describe('usage events (spec 2 §3)', () => {
	it('carry the page-view fields of the spec and the route name', () => {
		expect(pageViewEvent(page)).toEqual({
			event: 'page_view',
			pageTitle: 'My Gear · Owners Portal',
			pagePath: '/gear/my_gear',
			pageHash: '',
			cultureCode: 'ja-JP',
			brand: 'MAIN',
			appVersionNumber: '171',
			appVersionHash: 'abc1234',
			routeName: 'MyGear',
		})
	})

	it("report the cloud theme (RVS) as 'RCS' and an unknown build as '-'", () => {
		const event = pageViewEvent({ ...page, theme: 'cloud', build: { number: null, commit: null } })
		expect(event).toMatchObject({ brand: 'RCS', appVersionNumber: '-', appVersionHash: '-' })
	})

	it('send the path without its query, which may carry an address and a one-time code', () => {
		expect(pageViewEvent({ ...page, path: '/activation?email=a@b.example&code=123456' }).pagePath).toBe('/activation')
	})

	it('name the page a data request loads', () => {
		expect(pagePathOf('/gear/my_gear.data')).toBe('/gear/my_gear')
		expect(pagePathOf('/_root.data')).toBe('/')
		expect(pagePathOf('/feed/all')).toBe('/feed/all')
	})

	it('give the hash with its #, as the browser has it', () => {
		expect(pageViewEvent({ ...page, hash: 'order_status' }).pageHash).toBe('#order_status')
		expect(pageViewEvent({ ...page, hash: '#order_status' }).pageHash).toBe('#order_status')
	})

	it('a milestone keeps its own fields but not over the spec’s', () => {
		expect(milestoneEvent('support_sent', page, { form: 'service_request', event: 'forged' })).toMatchObject({
			event: 'support_sent',
			form: 'service_request',
			routeName: 'MyGear',
		})
	})

	it('the page-hash beacon: its own event with the hash, told only as the page sends it', () => {
		expect(pageHashEvent({ ...page, hash: '#top' })).toMatchObject({
			event: 'page_hash',
			pageHash: '#top',
			routeName: 'MyGear',
		})
		const screens = new Set(['MyGear'])
		expect(pageHashOf({ screen: 'MyGear', path: '/gear/my_gear', hash: '#top' }, screens)).toEqual({
			screen: 'MyGear',
			path: '/gear/my_gear',
			hash: '#top',
		})
		for (const forged of [
			{ screen: 'Nope', path: '/gear', hash: '#a' },
			{ screen: 'MyGear', path: '//evil.example/x', hash: '#a' },
			{ screen: 'MyGear', path: 'https://evil.example/', hash: '#a' },
			{ screen: 'MyGear', path: '/gear', hash: 'a' },
			{ screen: 'MyGear', path: '/gear', hash: '#' },
			{ screen: 'MyGear', path: '/gear', hash: `#${'x'.repeat(2000)}` },
			{ screen: null, path: '/gear', hash: '#a' },
		])
			expect(pageHashOf(forged, screens)).toBeNull()
	})
})
