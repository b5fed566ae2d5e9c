import { describe, expect, it } from 'vitest'
import type { SurveyQuestion } from './survey-fields.ts'
import { furthestPage, pageValues, postedPage, postedTexts, requestedPage } from './survey-pages.ts'

const question = (id: string, required = true, type: SurveyQuestion['type'] = 'singleChoice'): SurveyQuestion => ({
	id,
	type,
	text: id,
	required,
	choices: [{ id: `${id}-a`, text: 'a' }],
})
// Three to a page: q1-q3, q4-q6, q7.
const questions = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'].map((id) => question(id, id !== 'q2'))

describe('requestedPage', () => {
	it('takes a whole number from 1, anything else is the first page', () => {
		expect(requestedPage('2')).toBe(2)
		for (const junk of [null, '', '0', '-1', '1.5', 'abc', 'Infinity', '1e400']) expect(requestedPage(junk)).toBe(1)
		expect(requestedPage('1e30')).toBe(1e30)
	})
})

describe('furthestPage', () => {
	it('stops at the first page with a required question unanswered', () => {
		expect(furthestPage(questions, {})).toBe(1)
		expect(furthestPage(questions, { q1: 'q1-a', q3: 'q3-a' })).toBe(2)
		expect(furthestPage(questions, { q1: 'x', q3: 'x', q4: 'x', q5: 'x', q6: 'x', q7: 'x' })).toBe(3)
	})
})

describe('postedPage', () => {
	it('never goes past the furthest page nor the last, and keeps the other pages’ answers', () => {
		const kept = { q1: 'x', q3: 'x', q4: 'x' }
		const posted = postedPage(questions, kept, 1e30)
		expect(posted.page).toBe(2)
		expect(posted.pageQuestions.map((q) => q.id)).toEqual(['q4', 'q5', 'q6'])
		expect(posted.others).toEqual({ q1: 'x', q3: 'x' })
		expect(posted.pages).toHaveLength(3)
	})
})

describe('pageValues and postedTexts', () => {
	it('gives the kept answers back as the form’s fields', () => {
		const values = pageValues([question('q1'), question('q2')], { q1: 'q1-a' })
		expect(Object.values(values)).toEqual(['q1-a'])
	})
	it('keeps only texts of a post', () => {
		const file = new Blob(['x'])
		expect(postedTexts({ a: 'x', b: ['y', file], c: file, d: 3 })).toEqual({ a: 'x', b: ['y'] })
	})
})
