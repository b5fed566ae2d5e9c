/**
 * The account area's workflows of several calls (spec 1 §3, §4): `signUp` creates the account under
 * the mail limits, then keeps upstream, under the new email, what must survive activating on another
 * device. The route (app/routes/account/signup.tsx) parses, moves the registration flow and answers.
 * `saveProfile` sends a profile form's changes (app/routes/settings/profile.server.ts).
 */
import type { RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { signupFields, type SignupSchema } from '#app/domain/account-forms.ts'
import type { profileSave } from '#app/domain/profile-form.ts'
import { limitedMail, mailLimits } from '#app/limits/rate-limit.server.ts'
import {
	createPhone,
	createTemporaryData,
	deletePhone,
	signup,
	updatePhone,
	updateUser,
	type Phone,
} from '#app/upstream/account-identity.server.ts'

type SignupFields = Omit<z.infer<typeof SignupSchema>, 'passwordConfirm' | 'agreeToTerms'>

/**
 * An account created (throws what the account API or the mail limits refuse); then, best effort,
 * the way back (`returnTo`) and a registration card opened before signing up (`/qr`), kept under the
 * email: the account exists either way.
 */
export async function signUp(
	context: Readonly<RouterContextProvider>,
	fields: SignupFields,
	{ returnTo, card }: { returnTo: string | null; card: { modelCode: string; serialCode: string } | undefined },
): Promise<void> {
	await limitedMail(mailLimits(context, fields.email), () =>
		signup({ ...signupFields(fields), mailFormatType: 'html' }),
	)
	// Kept upstream under the email, so the way back and a registration card opened before signing up
	// (`/qr`) survive activating on another device. Best effort: the account exists either way.
	await Promise.all([
		returnTo
			? createTemporaryData({
					email: fields.email,
					purpose: 'RedirectPathAfterSignup',
					body: { path: returnTo },
				}).catch(() => {})
			: null,
		card
			? createTemporaryData({ email: fields.email, purpose: 'ProductRegistrationUsingQR', body: card }).catch(() => {})
			: null,
	])
}

/**
 * A profile saved as `profileSave` (app/domain/profile-form.ts) decided: only what changed, the phones
 * one call each, then the user's fields. Throws what the account API refuses or cannot take.
 */
export async function saveProfile(
	accessToken: string,
	userId: string,
	save: ReturnType<typeof profileSave>,
	signal: AbortSignal,
) {
	const options = { signal }
	// Deletions first, so a replaced phone never meets the limit of three.
	for (const phone of save.phones.delete) await deletePhone(accessToken, userId, phone.id!, options)
	for (const phone of save.phones.update) {
		await updatePhone(
			accessToken,
			userId,
			phone.id!,
			{ number: phone.number, type: phone.type as Phone['type'] },
			options,
		)
	}
	for (const phone of save.phones.create) {
		await createPhone(accessToken, userId, { number: phone.number, type: phone.type as Phone['type'] }, options)
	}
	if (save.profile) await updateUser(accessToken, userId, save.profile, options)
}
