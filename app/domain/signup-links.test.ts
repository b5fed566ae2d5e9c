import { describe, expect, it } from 'vitest'
import { returnPath, SIGNUP_SOURCES, signupSource, withReturnPath, withSource } from './signup-links.ts'

const source = SIGNUP_SOURCES[0]

describe('signupSource', () => {
	it('takes a known source, else a registration card’s, else none', () => {
		expect(signupSource(source, false)).toBe(source)
		expect(signupSource('nonsense', true)).toBe('registration_card')
		expect(signupSource(null, false)).toBeUndefined()
	})
})

describe('returnPath', () => {
	it('keeps a path of the portal and refuses anything else', () => {
		expect(returnPath('/gear/my_gear')).toBe('/gear/my_gear')
		expect(returnPath('https://evil.example/')).toBeNull()
		expect(returnPath(null)).toBeNull()
		expect(returnPath(new Blob(['/gear']))).toBeNull()
	})
})

describe('withSource and withReturnPath', () => {
	it('carry a known source and the way back in the query', () => {
		expect(withSource('/signup', source)).toBe(`/signup?source=${source}`)
		expect(withSource('/signup', 'nonsense')).toBe('/signup')
		expect(withReturnPath('/login', '/gear/my_gear')).toBe('/login?redirectTo=%2Fgear%2Fmy_gear')
		expect(withReturnPath('/login', null)).toBe('/login')
	})
})
