import { describe, expect, it } from 'vitest'
import { helpCentreReturnTo } from './help-centre-return.ts'

const HOME = 'https://help.example.com/hc/en-us'
const helpCentre = { home: HOME, origins: ['https://support.fx.example'] }

describe('helpCentreReturnTo', () => {
	it('keeps a page of the help centre, on its home’s origin or another of its origins', () => {
		expect(helpCentreReturnTo('https://help.example.com/hc/articles/42?x=1#a', helpCentre)).toBe(
			'https://help.example.com/hc/articles/42?x=1#a',
		)
		expect(helpCentreReturnTo('https://support.fx.example/hc/requests', helpCentre)).toBe(
			'https://support.fx.example/hc/requests',
		)
	})

	it.each([
		'https://evil.example',
		'https://evil.example/hc/en-us',
		'http://help.example.com/hc/en-us', // another scheme is another origin
		'https://help.example.com.evil.example/hc',
		'https://help.example.com@evil.example/',
		'https://user:pass@help.example.com/hc',
		'//evil.example/hc',
		'/hc/articles/42',
		'javascript:alert(1)',
		'data:text/html,<p>hi</p>',
		'https://help.example.com:8443/hc',
		'',
		'   ',
	])('drops %s for the help centre’s home', (target) => {
		expect(helpCentreReturnTo(target, helpCentre)).toBe(HOME)
	})

	it('gives the home when nothing is asked', () => {
		expect(helpCentreReturnTo(null, helpCentre)).toBe(HOME)
		expect(helpCentreReturnTo(undefined, helpCentre)).toBe(HOME)
	})

	it('with no help centre configured, passes nothing on (the help centre then picks its home)', () => {
		expect(helpCentreReturnTo('https://evil.example', { home: undefined, origins: [] })).toBeUndefined()
		expect(
			helpCentreReturnTo('https://support.fx.example/hc', { home: undefined, origins: ['https://support.fx.example'] }),
		).toBe('https://support.fx.example/hc')
	})
})
