import { describe, expect, it } from 'vitest'
import {
	answerFieldName,
	answerInfoRequest,
	formValueOf,
	isSurveyName,
	pageOfQuestion,
	questionnairePath,
	SURVEY_PROGRESS_MAX,
	surveyPages,
	surveyPath,
	surveyProgressKey,
	withSurveyProgress,
} from './survey-fields.ts'

describe('survey addresses', () => {
	it('gives each survey its screen', () => {
		expect(surveyPath('ProductSurvey', 'a1')).toBe('/surveys/product/a1')
		expect(surveyPath('ProductSurvey1', 'a1')).toBe('/surveys/purchase/a1')
		expect(surveyPath('ProductSurvey2', 'a/1')).toBe('/surveys/satisfaction/a%2F1')
		expect(questionnairePath('a1')).toBe('/questionnaire/a1')
		expect(isSurveyName('ProductSurvey2')).toBe(true)
		expect(isSurveyName('ProductSurvey3')).toBe(false)
	})
})

describe('pages', () => {
	const questions = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }))

	it('splits a survey into pages of three questions', () => {
		expect(surveyPages(questions).map((page) => page.map((q) => q.id))).toEqual([
			['a', 'b', 'c'],
			['d', 'e'],
		])
		expect(surveyPages([])).toEqual([])
	})

	it('finds the page of a question', () => {
		expect(pageOfQuestion(questions, 'c')).toBe(1)
		expect(pageOfQuestion(questions, 'd')).toBe(2)
		expect(pageOfQuestion(questions, 'zzz')).toBe(1)
	})
})

describe('answerFieldName', () => {
	it('keeps plain ids readable and spells out the characters of conform paths', () => {
		expect(answerFieldName('heard-about')).toBe('q-heard-about')
		expect(answerFieldName('a.b[0]')).toBe('q-a_46_b_91_0_93_')
		expect(answerFieldName('a.b')).not.toBe(answerFieldName('a_b'))
	})
})

describe('formValueOf', () => {
	it('is a list for a multiple choice and one string otherwise', () => {
		expect(formValueOf({ type: 'multipleChoice' }, 'x')).toEqual(['x'])
		expect(formValueOf({ type: 'multipleChoice' }, undefined)).toEqual([])
		expect(formValueOf({ type: 'rating' }, ['4', '5'])).toBe('4')
		expect(formValueOf({ type: 'freeText' }, undefined)).toBeUndefined()
	})
})

describe('answerInfoRequest', () => {
	it('is the questionnaire answer info of spec 1 §3: user, isDeleted, questionnaire, product', () => {
		expect(answerInfoRequest('u1', '2', 'rp1')).toEqual({
			user: { id: 'u1' },
			isDeleted: false,
			questionnaire: { id: '2' },
			product: { id: 'rp1' },
		})
	})
})

describe('withSurveyProgress', () => {
	const progress = (savedAt: number) => ({ questionnaireId: '1', answers: { a: 'x' }, savedAt })

	it('saves, replaces and drops one survey’s progress', () => {
		const key = surveyProgressKey('ProductSurvey', 'rp1')
		const saved = withSurveyProgress(undefined, key, progress(1))
		expect(saved).toEqual({ 'ProductSurvey:rp1': progress(1) })
		expect(withSurveyProgress(saved, key, progress(2))).toEqual({ 'ProductSurvey:rp1': progress(2) })
		expect(withSurveyProgress(saved, key, undefined)).toEqual({})
	})

	it('keeps the newest few', () => {
		let store = {}
		for (let i = 0; i < SURVEY_PROGRESS_MAX + 2; i++) store = withSurveyProgress(store, `k${i}`, progress(i))
		expect(Object.keys(store)).toEqual(['k2', 'k3', 'k4', 'k5', 'k6'])
	})
})
