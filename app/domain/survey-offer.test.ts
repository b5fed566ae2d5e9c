import { describe, expect, it } from 'vitest'
import {
	SURVEY_SECOND_DISPLAY_SECONDS,
	SURVEY_UPDATE_SECONDS,
	surveyOffer,
	surveyStates,
	type SurveyAnswerInfoLike,
	type SurveyOfferProduct,
} from './survey-offer.ts'

const REGISTERED = '2026-01-10T09:00:00.000Z'
const at = (iso: string, plusSeconds = 0) => new Date(Date.parse(iso) + plusSeconds * 1000)
const iso = (date: Date) => date.toISOString()

function info(name: string, createDate: string, answeredDate: string | null, isDeleted = false): SurveyAnswerInfoLike {
	return { isDeleted, questionnaire: { name }, answeredDate, createDate }
}

function product(answerInfos: SurveyAnswerInfoLike[] = [], status = 'completed'): SurveyOfferProduct {
	return { id: 'rp/1', status, createDate: REGISTERED, answerInfos }
}

describe('the spec 1 §9 constants', () => {
	it('are the survey second display time and the survey update time', () => {
		expect(SURVEY_SECOND_DISPLAY_SECONDS).toBe(129600)
		expect(SURVEY_UPDATE_SECONDS).toBe(43200)
	})
})

describe('surveyOffer', () => {
	it('offers the product survey as soon as the registration is done', () => {
		expect(surveyOffer(product(), at(REGISTERED))).toEqual({
			survey: 'ProductSurvey',
			path: '/surveys/product/rp%2F1',
			putOff: false,
		})
	})

	it('offers nothing for a registration that is pending or failed', () => {
		expect(surveyOffer(product([], 'pending'), at(REGISTERED, 10))).toBeNull()
		expect(surveyOffer(product([], 'failed'), at(REGISTERED, 10))).toBeNull()
		expect(surveyStates(product([], 'pending'), at(REGISTERED))).toEqual([])
	})

	it('never offers an answered survey again; the next waits one survey update time', () => {
		const answered = iso(at(REGISTERED, 60))
		const p = product([info('ProductSurvey', answered, answered)])
		expect(surveyOffer(p, at(answered, 1))).toBeNull()
		expect(surveyOffer(p, at(answered, SURVEY_UPDATE_SECONDS - 1))).toBeNull()
		expect(surveyOffer(p, at(answered, SURVEY_UPDATE_SECONDS))).toMatchObject({
			survey: 'ProductSurvey1',
			path: '/surveys/purchase/rp%2F1',
		})
		expect(surveyStates(p, at(answered, 1))).toEqual([
			{ survey: 'ProductSurvey', state: 'answered', answeredDate: answered },
			{ survey: 'ProductSurvey1', state: 'waiting', from: iso(at(answered, SURVEY_UPDATE_SECONDS)) },
			{ survey: 'ProductSurvey2', state: 'later' },
		])
	})

	it('goes through the three surveys and then offers none', () => {
		const first = iso(at(REGISTERED, 60))
		const second = iso(at(first, SURVEY_UPDATE_SECONDS + 5))
		const third = iso(at(second, SURVEY_UPDATE_SECONDS + 5))
		const two = product([info('ProductSurvey', first, first), info('ProductSurvey1', second, second)])
		expect(surveyOffer(two, at(second, SURVEY_UPDATE_SECONDS))?.survey).toBe('ProductSurvey2')
		expect(surveyOffer(two, at(second, SURVEY_UPDATE_SECONDS))?.path).toBe('/surveys/satisfaction/rp%2F1')
		const all = product([...two.answerInfos, info('ProductSurvey2', third, third)])
		expect(surveyOffer(all, at(third, 10 * SURVEY_SECOND_DISPLAY_SECONDS))).toBeNull()
		expect(surveyStates(all, at(third)).map((s) => s.state)).toEqual(['answered', 'answered', 'answered'])
	})

	it('brings a put-off offer back for its second display after 129600 s, then keeps it', () => {
		const putOff = iso(at(REGISTERED, 30))
		const p = product([info('ProductSurvey', putOff, null)])
		expect(surveyOffer(p, at(putOff, 1))).toBeNull()
		expect(surveyOffer(p, at(putOff, SURVEY_SECOND_DISPLAY_SECONDS - 1))).toBeNull()
		expect(surveyStates(p, at(putOff, 1))[0]).toEqual({
			survey: 'ProductSurvey',
			state: 'waiting',
			from: iso(at(putOff, SURVEY_SECOND_DISPLAY_SECONDS)),
		})
		expect(surveyOffer(p, at(putOff, SURVEY_SECOND_DISPLAY_SECONDS))).toEqual({
			survey: 'ProductSurvey',
			path: '/surveys/product/rp%2F1',
			putOff: true,
		})
		expect(surveyOffer(p, at(putOff, 100 * SURVEY_SECOND_DISPLAY_SECONDS))?.putOff).toBe(true)
	})

	it('takes the later of the update time and the second display for a next survey put off', () => {
		const answered = iso(at(REGISTERED, 60))
		// Put off just as it was offered: the second display (129600 s) is later than the update time.
		const putOff = iso(at(answered, SURVEY_UPDATE_SECONDS))
		const p = product([info('ProductSurvey', answered, answered), info('ProductSurvey1', putOff, null)])
		expect(surveyOffer(p, at(putOff, SURVEY_SECOND_DISPLAY_SECONDS - 1))).toBeNull()
		expect(surveyOffer(p, at(putOff, SURVEY_SECOND_DISPLAY_SECONDS))?.survey).toBe('ProductSurvey1')
	})

	it('ignores deleted answer infos and other surveys’ infos', () => {
		const answered = iso(at(REGISTERED, 60))
		const p = product([info('ProductSurvey', answered, answered, true), info('SomethingElse', answered, answered)])
		expect(surveyOffer(p, at(answered, 1))?.survey).toBe('ProductSurvey')
	})

	it('asks the first survey not answered, even when a later one was answered first', () => {
		const answered = iso(at(REGISTERED, 60))
		const p = product([info('ProductSurvey1', answered, answered)])
		expect(surveyOffer(p, at(answered, 1))).toBeNull()
		expect(surveyOffer(p, at(answered, SURVEY_UPDATE_SECONDS))?.survey).toBe('ProductSurvey')
		expect(surveyStates(p, at(answered, 1)).map((s) => s.state)).toEqual(['waiting', 'answered', 'later'])
	})

	it('takes a Date or a number for now', () => {
		expect(surveyOffer(product(), at(REGISTERED).getTime())?.survey).toBe('ProductSurvey')
	})
})
