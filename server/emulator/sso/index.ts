import express from 'express'
import type { EmulatorService } from '../context.ts'

/** The emulated single sign-on. (Being built: see issue 3.) */
export const ssoService: EmulatorService = {
	name: 'single sign-on',
	mount: '/sso',
	router() {
		return express.Router()
	},
}
