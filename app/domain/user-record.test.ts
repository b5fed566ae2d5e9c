import { describe, expect, it } from 'vitest'
import { COMPANY_EMAIL_DOMAIN, isStaffEmail, toStoredUser } from './user-record.ts'

const record = {
	id: 'u1',
	email: 'owner@example.com',
	firstName: 'Alex',
	middleName: null,
	lastName: 'Owner',
	birthday: '1988-04-12T00:00:00.000Z',
	gender: null,
	address: {
		postalCode: '90001',
		stateProvince: 'CA',
		city: 'Los Angeles',
		addressLine1: '1 Main St',
		addressLine2: null,
		addressLine3: null,
	},
	cultureCode: { id: '15', value: 'en-US' },
	phones: [
		{ id: 'p1', number: '+1 555 0100', type: 'mobile', createDate: '2024-01-01T00:00:00.000Z', updateUserId: 'x' },
	],
	interests: [{ id: 'i1', interest: { id: '1', value: 'pianos' }, isDeleted: false }],
	registeredProducts: [
		{
			id: 'r1',
			product: { slug: 'fp-30x', brand: { value: 'main' }, createDate: '2020-01-01T00:00:00.000Z' },
			serialCode: 'A123456',
			purchaseDealer: null,
			createDate: '2024-03-01T10:00:00.000Z',
			updateDate: '2024-03-02T10:00:00.000Z',
			answerInfos: [{ id: 'a1', isDeleted: false, createDate: '2024-03-03T00:00:00.000Z' }],
		},
	],
	shopifyId: null,
	managingCultureCodes: [{ id: '15', value: 'en-US' }],
	createDate: '2020-01-01T00:00:00.000Z',
	createUserId: 'system',
	updateDate: '2024-01-01T00:00:00.000Z',
	updateUserId: 'u1',
	isDeleted: false,
	isVisible: true,
	previousEmail: null,
	cognitoSub: '0d7f…',
	email_verified: true,
}

describe('toStoredUser (spec 1 §3)', () => {
	const stored = toStoredUser(record)

	it('drops the bookkeeping fields at the top and in nested items', () => {
		for (const key of [
			'createDate',
			'createUserId',
			'updateDate',
			'updateUserId',
			'isDeleted',
			'isVisible',
			'previousEmail',
			'cognitoSub',
		]) {
			expect(stored).not.toHaveProperty(key)
		}
		expect(stored.phones[0]).toEqual({ id: 'p1', number: '+1 555 0100', type: 'mobile' })
		expect(stored.interests[0]).toEqual({ id: 'i1', interest: { id: '1', value: 'pianos' } })
	})

	it('keeps createDate inside registered products, but drops their other bookkeeping fields', () => {
		const product = stored.registeredProducts[0]!
		expect(product.createDate).toBe('2024-03-01T10:00:00.000Z')
		expect(product.product).toEqual({
			slug: 'fp-30x',
			brand: { value: 'main' },
			createDate: '2020-01-01T00:00:00.000Z',
		})
		expect(product.answerInfos[0]).toEqual({ id: 'a1', createDate: '2024-03-03T00:00:00.000Z' })
		expect(product).not.toHaveProperty('updateDate')
		expect(product).not.toHaveProperty('purchaseDealer')
	})

	it('cuts the birthday to its date', () => {
		expect(stored.birthday).toBe('1988-04-12')
	})

	it('drops null values, at any depth, except birthday', () => {
		expect(stored).not.toHaveProperty('middleName')
		expect(stored).not.toHaveProperty('gender')
		expect(stored).not.toHaveProperty('shopifyId')
		expect(stored.address).toEqual({
			postalCode: '90001',
			stateProvince: 'CA',
			city: 'Los Angeles',
			addressLine1: '1 Main St',
		})
		expect(toStoredUser({ ...record, birthday: null })).toHaveProperty('birthday', null)
	})

	it('keeps the fields it has no rule for, email_verified among them', () => {
		expect(stored).toMatchObject({
			id: 'u1',
			email: 'owner@example.com',
			firstName: 'Alex',
			email_verified: true,
			cultureCode: { id: '15', value: 'en-US' },
		})
	})

	it('drops managingCultureCodes unless the email is at the company domain', () => {
		expect(stored).not.toHaveProperty('managingCultureCodes')
		const staff = toStoredUser({ ...record, email: 'Staff@Roland.com' })
		expect(staff.managingCultureCodes).toEqual([{ id: '15', value: 'en-US' }])
	})

	it('does not change the record it was given', () => {
		expect(record.createDate).toBe('2020-01-01T00:00:00.000Z')
		expect(record.birthday).toBe('1988-04-12T00:00:00.000Z')
	})
})

describe('isStaffEmail', () => {
	it.each([
		[`staff@${COMPANY_EMAIL_DOMAIN}`, true],
		['STAFF@ROLAND.COM ', true],
		['staff@notroland.com', false],
		['staff@roland.com.evil.example', false],
		['roland.com@example.com', false],
		['', false],
		[null, false],
	])('%s → %s', (email, expected) => {
		expect(isStaffEmail(email)).toBe(expected)
	})
})
