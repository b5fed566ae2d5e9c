/**
 * The event pass on the server: issued with the session secret for the signed-in user, drawn as a QR
 * code in SVG by `qrcode` (server only: the browser bundle gets none of it), and checked for staff.
 */
import QRCode from 'qrcode'
import { passVerifyPath, type PassCheck } from '#app/domain/event-pass.ts'
import { formatDateTimeWithZone } from '#app/domain/formats.ts'
import { getEnv } from '#app/env.server.ts'
import { checkPass, issuePass } from '#app/session/event-pass-token.server.ts'

export interface IssuedPass {
	token: string
	/** The QR code of the verify address, an SVG document. */
	svg: string
	/** When issued and until when, in the visitor's culture's words. */
	issuedAt: string
	expiresAt: string
}

export async function issueEventPass(
	userId: string,
	event: string,
	culture: string,
	now = Date.now(),
): Promise<IssuedPass> {
	const env = getEnv()
	const token = await issuePass({ userId, event }, env.SESSION_SECRETS[0]!, now)
	// The address, not the bare token: a phone's camera opens the verify page from it; a scanner types it in.
	const svg = await QRCode.toString(`${env.PORTAL_URL}${passVerifyPath(token)}`, {
		type: 'svg',
		errorCorrectionLevel: 'M',
		margin: 2,
		width: 280,
	})
	const { pass } = (await checkPass(token, env.SESSION_SECRETS, now)) as Extract<PassCheck, { kind: 'valid' }>
	return {
		token,
		svg,
		issuedAt: formatDateTimeWithZone(pass.issuedAt, culture),
		expiresAt: formatDateTimeWithZone(pass.expiresAt, culture),
	}
}

export function checkEventPass(token: string): Promise<PassCheck> {
	return checkPass(token, getEnv().SESSION_SECRETS)
}
