import { describe, expect, it } from 'vitest'
import { adminUserRows, isStaffOnlyTab, parseUserQuery, USER_QUERY_MAX_LENGTH } from './staff.ts'

describe('isStaffOnlyTab', () => {
	it('is the admin tab only', () => {
		expect(isStaffOnlyTab('admin')).toBe(true)
		expect(isStaffOnlyTab('profile')).toBe(false)
		expect(isStaffOnlyTab(undefined)).toBe(false)
	})
})

describe('parseUserQuery', () => {
	it.each([
		[null, { kind: 'none' }],
		['   ', { kind: 'none' }],
		[' Owner@Example.com ', { kind: 'email', value: 'owner@example.com' }],
		['3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60', { kind: 'id', value: '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60' }],
		['owner@', { kind: 'invalid', value: 'owner@' }],
		['a/b', { kind: 'invalid', value: 'a/b' }],
		['../me', { kind: 'invalid', value: '../me' }],
	])('reads %j', (raw, expected) => {
		expect(parseUserQuery(raw)).toEqual(expected)
	})
	it('refuses an overlong query', () => {
		expect(parseUserQuery('a'.repeat(USER_QUERY_MAX_LENGTH + 1)).kind).toBe('invalid')
	})
})

describe('adminUserRows', () => {
	const user = {
		id: 'u1',
		email: 'owner@example.com',
		firstName: 'Alex',
		middleName: 'J.',
		lastName: 'Owner',
		country: 'US',
		cultureCode: { value: 'en-US' },
		allowEmail: true,
		phones: [{}, {}],
		registeredProducts: [{}],
		managingCultureCodes: [{ value: 'en-US' }],
	}
	it('lists the record in order and drops managing cultures of a customer', () => {
		expect(adminUserRows(user, 'en-US')).toEqual([
			{ field: 'id', value: 'u1' },
			{ field: 'email', value: 'owner@example.com' },
			{ field: 'name', value: 'Alex J. Owner' },
			{ field: 'country', value: 'US' },
			{ field: 'cultureCode', value: 'en-US' },
			{ field: 'allowEmail', value: true },
			{ field: 'phones', value: '2' },
			{ field: 'registeredProducts', value: '1' },
		])
	})
	it('shows a staff user’s managing cultures and leaves out what is missing', () => {
		const rows = adminUserRows({ ...user, email: 'staff@roland.com', country: null, cultureCode: null }, 'en-US')
		expect(rows.map((r) => r.field)).toEqual([
			'id',
			'email',
			'name',
			'allowEmail',
			'phones',
			'registeredProducts',
			'managingCultureCodes',
		])
		expect(rows.at(-1)?.value).toBe('en-US')
	})
	it('writes a Japanese account’s name family first (issue 21)', () => {
		const japanese = { ...user, firstName: '太郎', middleName: null, lastName: '山田', cultureCode: { value: 'ja-JP' } }
		expect(adminUserRows(japanese, 'en-US')[2]).toEqual({ field: 'name', value: '山田太郎' })
		expect(adminUserRows(user, 'ja-JP')[2]).toEqual({ field: 'name', value: 'Alex J. Owner' })
		expect(adminUserRows({ ...japanese, cultureCode: null }, 'ja-JP')[2]).toEqual({ field: 'name', value: '山田太郎' })
	})
})
