import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { answersPayload, answerFieldName, type SurveyQuestion } from './survey-fields.ts'
import { answersOfFields, checkAnswers, surveySchema, validAnswersOf } from './survey-form.ts'

const choices = (...ids: string[]) => ids.map((id) => ({ id, text: `Choice ${id}` }))

const QUESTIONS: SurveyQuestion[] = [
	{ id: 'heard', type: 'singleChoice', text: 'Where?', required: true, choices: choices('store', 'web') },
	{ id: 'uses', type: 'multipleChoice', text: 'What for?', required: true, choices: choices('live', 'home', 'studio') },
	{ id: 'score', type: 'rating', text: 'How good?', required: true, choices: choices('1', '2', '3', '4', '5') },
	{ id: 'notes', type: 'freeText', text: 'Anything else?', required: false, choices: [] },
	{ id: 'also', type: 'multipleChoice', text: 'Also?', required: false, choices: choices('a', 'b') },
]

function form(entries: [string, string][]): FormData {
	const data = new FormData()
	for (const [name, value] of entries) data.append(name, value)
	return data
}

const f = answerFieldName

function parse(entries: [string, string][], questions = QUESTIONS) {
	const submission = parseWithZod(form(entries), { schema: surveySchema(questions), disableAutoCoercion: true })
	return Object.assign(submission, { error: submission.status === 'error' ? submission.error : undefined })
}

describe('surveySchema: per question type', () => {
	it('takes a full answer of every type', () => {
		const submission = parse([
			[f('heard'), 'store'],
			[f('uses'), 'live'],
			[f('uses'), 'studio'],
			[f('score'), '4'],
			[f('notes'), '  Lovely.  '],
			['intent', 'send'],
		])
		expect(submission.status).toBe('success')
		if (submission.status !== 'success') return
		expect(answersOfFields(QUESTIONS, submission.value)).toEqual({
			heard: 'store',
			uses: ['live', 'studio'],
			score: '4',
			notes: 'Lovely.',
		})
	})

	it('says "An answer is required" beside every required question left out, all at once', () => {
		const submission = parse([[f('notes'), 'just this']])
		expect(submission.status).toBe('error')
		expect(submission.error).toEqual({
			[f('heard')]: ['survey.answerRequired'],
			[f('uses')]: ['survey.answerRequired'],
			[f('score')]: ['survey.answerRequired'],
		})
		// What was typed comes back.
		expect(submission.reply().initialValue).toMatchObject({ [f('notes')]: 'just this' })
	})

	it('counts a blank text as no answer', () => {
		const required: SurveyQuestion = { ...QUESTIONS[3]!, required: true }
		expect(parse([[f('notes'), '   ']], [required]).error).toEqual({ [f('notes')]: ['survey.answerRequired'] })
	})

	it('takes one checkbox ticked as a list of one', () => {
		const submission = parse([[f('uses'), 'home']], [QUESTIONS[1]!])
		expect(submission.status === 'success' && submission.value).toEqual({ [f('uses')]: ['home'] })
	})

	it('refuses a choice the question does not have, for single, rating and multiple choices', () => {
		const submission = parse([
			[f('heard'), 'moon'],
			[f('uses'), 'live'],
			[f('uses'), 'forged'],
			[f('score'), '6'],
		])
		expect(submission.error).toMatchObject({
			[f('heard')]: ['survey.invalidChoice'],
			[f('score')]: ['survey.invalidChoice'],
		})
		expect(Object.keys(submission.error ?? {}).some((key) => key.startsWith(f('uses')))).toBe(true)
	})

	it('limits a free text to 2000 characters', () => {
		expect(parse([[f('notes'), 'x'.repeat(2001)]], [QUESTIONS[3]!]).error).toEqual({
			[f('notes')]: ['survey.tooLong'],
		})
		expect(parse([[f('notes'), 'x'.repeat(2000)]], [QUESTIONS[3]!]).status).toBe('success')
	})

	it('leaves optional questions out when unanswered', () => {
		const submission = parse([[f('notes'), '']], [QUESTIONS[3]!, QUESTIONS[4]!])
		expect(submission.status).toBe('success')
		if (submission.status === 'success') expect(answersOfFields(QUESTIONS, submission.value)).toEqual({})
	})
})

describe('checkAnswers: across every page before sending', () => {
	it('names the first question in error, with its message by field', () => {
		const check = checkAnswers(QUESTIONS, { heard: 'web', notes: 'hi' })
		expect(check).toEqual({
			ok: false,
			questionId: 'uses',
			errors: { [f('uses')]: ['survey.answerRequired'], [f('score')]: ['survey.answerRequired'] },
		})
	})

	it('passes complete answers, trimmed', () => {
		expect(checkAnswers(QUESTIONS, { heard: 'web', uses: ['home'], score: '5', notes: ' ok ' })).toEqual({
			ok: true,
			answers: { heard: 'web', uses: ['home'], score: '5', notes: 'ok' },
		})
	})

	it('refuses kept answers that are not the questions’ choices', () => {
		expect(checkAnswers(QUESTIONS, { heard: 'web', uses: ['home'], score: '9' })).toMatchObject({
			ok: false,
			questionId: 'score',
		})
	})
})

describe('validAnswersOf: what going back a page keeps', () => {
	it('keeps valid answers and drops the invalid ones, without asking for the required', () => {
		expect(
			validAnswersOf(QUESTIONS, { [f('heard')]: 'moon', [f('uses')]: 'live', [f('score')]: '', [f('notes')]: 'x' }),
		).toEqual({ uses: ['live'], notes: 'x' })
	})
})

describe('answersPayload: the answers call’s body', () => {
	it('lists answered questions in the survey’s order, multiple choices as lists', () => {
		expect(
			answersPayload(QUESTIONS, { notes: ' hi ', uses: ['live', 'live', 'home'], heard: 'web', also: [] }),
		).toEqual([
			{ questionId: 'heard', value: 'web' },
			{ questionId: 'uses', value: ['live', 'home'] },
			{ questionId: 'notes', value: 'hi' },
		])
	})

	it('sends nothing for questions the survey does not have', () => {
		expect(answersPayload(QUESTIONS, { forged: 'x' })).toEqual([])
	})
})
