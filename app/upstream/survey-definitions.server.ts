/**
 * The survey definitions (questionnaires) of spec 1 §3 through the portal's cache: the same for every
 * user of a culture, kept like master data (see master-data.server.ts).
 */
import { cachified } from '@epic-web/cachified'
import { MASTER_STALE_SECONDS } from '../domain/master-data.ts'
import type { SurveyName, SurveyQuestion } from '../domain/survey-fields.ts'
import { SURVEY_UPDATE_SECONDS } from '../domain/survey-offer.ts'
import { getQuestionnaires } from './account-gear.server.ts'
import { checkShared, getCache, type PortalCache } from './cache.server.ts'
import { QuestionnaireListSchema, type Questionnaire } from './contract/account-gear.ts'
import { getMasterData } from './master-data.server.ts'

const PREFIX = 'surveys:'
let override: PortalCache | undefined
const cache = () => override ?? getCache()

/** For tests: use this cache instead of the shared one (undefined: the shared one again). */
export function setSurveyCache(next: PortalCache | undefined): void {
	override = next
}

/** Drops the survey definitions kept for a culture (what clearing the cache clears for its users). */
export async function clearSurveyCache(cultureCode?: string): Promise<void> {
	await cache().clear(cultureCode ? `${PREFIX}questionnaires:${cultureCode}:` : PREFIX)
}

export interface SurveyDefinition {
	questionnaire: Questionnaire
	questions: SurveyQuestion[]
}

/**
 * The surveys of every questionnaireLabels label (one per survey) in a culture's texts. They are the
 * same for every user: kept one survey update time (spec 1 §9), then served stale while fresh ones are
 * fetched, like the master lists, so an upstream outage still shows them.
 */
export async function getSurveyDefinitions(
	accessToken: string,
	culture: string,
): Promise<Map<SurveyName, SurveyDefinition>> {
	const labels = await getMasterData('questionnaireLabels', culture)
	const labelIds = labels.map((label) => label.id).sort()
	const questionnaires = await cachified({
		key: `${PREFIX}questionnaires:${culture}:${labelIds.join(',')}`,
		cache: cache(),
		ttl: SURVEY_UPDATE_SECONDS * 1000,
		staleWhileRevalidate: MASTER_STALE_SECONDS * 1000,
		checkValue: checkShared(cache(), QuestionnaireListSchema),
		getFreshValue: () => getQuestionnaires(accessToken, { labelIds, cultureCodeIds: [culture] }),
	})
	const bySurvey = new Map<SurveyName, SurveyDefinition>()
	for (const label of labels) {
		const survey = label.surveyName as SurveyName
		const questionnaire =
			questionnaires.find((q) => q.labels.some((l) => l.id === label.id)) ??
			questionnaires.find((q) => q.name === survey)
		if (questionnaire) bySurvey.set(survey, { questionnaire, questions: questionnaire.questions })
	}
	return bySurvey
}
