import { describe, expect, it } from 'vitest'
import { accountSummary } from './account-summary.ts'

describe('accountSummary (issue 21)', () => {
	const japanese = { firstName: '太郎', lastName: '山田', email: 'taro@example.com', cultureCode: { value: 'ja-JP' } }
	it('names a Japanese account family first, on a Japanese page or its own', () => {
		expect(accountSummary('ja-JP', { ...japanese, cultureCode: null })).toEqual({
			name: '山田太郎',
			email: 'taro@example.com',
		})
		expect(accountSummary('en-US', japanese).name).toBe('山田太郎')
	})
	it('names any other account given name first', () => {
		expect(accountSummary('en-US', { firstName: 'Robin', lastName: 'Keys', email: 'r@example.com' }).name).toBe(
			'Robin Keys',
		)
	})
})
