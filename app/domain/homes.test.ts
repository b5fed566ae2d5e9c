import { describe, expect, it } from 'vitest'
import { brandPortals } from './homes.ts'
import { THEME_NAMES } from './theme.ts'

describe('brand portals', () => {
	it('links every brand: its own host when it has one, else ?theme= here', () => {
		const portals = brandPortals(
			{ 'owners.example': 'main', 'fx.example': 'effects', 'fx2.example': 'effects' },
			'effects',
			'https://owners.example',
		)
		expect(portals.map((p) => p.theme)).toEqual(THEME_NAMES)
		expect(portals.find((p) => p.theme === 'main')).toEqual({
			theme: 'main',
			title: 'Owners Portal',
			href: 'https://owners.example/',
			current: false,
		})
		expect(portals.find((p) => p.theme === 'effects')).toMatchObject({ href: 'https://fx.example/', current: true })
		expect(portals.find((p) => p.theme === 'dw')).toMatchObject({ href: '/?theme=dw', current: false })
	})

	it('keeps the public address’s scheme and port for the brands’ hosts', () => {
		const [main] = brandPortals({ 'main.localhost': 'main' }, 'dw', 'http://localhost:3124')
		expect(main!.href).toBe('http://main.localhost:3124/')
	})

	it('without hosts configured, every brand is a ?theme= link', () => {
		expect(brandPortals({}, 'dw', 'http://localhost:3000').every((p) => p.href.startsWith('/?theme='))).toBe(true)
	})
})
