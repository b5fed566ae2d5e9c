/**
 * Findings of the action fuzz (ADR 0051): an id another account owns, put in a gear address or form
 * by a signed-in user, reaches no upstream call at all, and the page is not found. Before, the screens
 * of one registration read it by id (`GET users/{me}/registeredProducts/{theirs}`) and left it to the
 * account API to refuse.
 */
import { accountIds, callsAfter, crossUserCalls, FUZZ_ACCOUNTS, latestCall, openEmulatorData } from './action-fuzz.ts'
import { expect, test } from './fixtures.ts'

test('another account’s registered product: no upstream call names it, and every screen of it is not found', async ({
	playwright,
	baseURL,
	portal,
	demoSessions,
}) => {
	const db = openEmulatorData(portal.dataDir)
	const theirs = accountIds(db, FUZZ_ACCOUNTS.customer.id).filter((owned) => owned.kind === 'registeredProduct')
	db.close()
	expect(theirs.length).toBeGreaterThan(0)
	const member = await playwright.request.newContext({ baseURL, storageState: await demoSessions('cloudMember') })
	const headers = { Origin: new URL(baseURL!).origin }
	for (const { id } of theirs) {
		const before = await latestCall(baseURL!)
		const answers = {
			product: await member.get(`/gear/my_gear/${id}`, { maxRedirects: 0 }),
			edit: await member.post(`/gear/my_gear/${id}`, {
				form: { purchaseDate: '2024-01-31' },
				headers,
				maxRedirects: 0,
			}),
			unregisterPage: await member.get(`/gear/my_gear/${id}/unregister`, { maxRedirects: 0 }),
			status: await member.get(`/gear/register_product/${id}`, { maxRedirects: 0 }),
			check: await member.post(`/gear/register_product/${id}`, { form: { intent: 'check' }, headers, maxRedirects: 0 }),
			survey: await member.get(`/surveys/product/${id}`, { maxRedirects: 0 }),
			later: await member.post(`/questionnaire/${id}`, { form: { intent: 'later' }, headers, maxRedirects: 0 }),
		}
		for (const [what, answer] of Object.entries(answers)) expect(answer.status(), what).toBe(404)
		const calls = crossUserCalls(await callsAfter(baseURL!, before), FUZZ_ACCOUNTS.cloudMember.id, theirs)
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([])
	}
	await member.dispose()
})
