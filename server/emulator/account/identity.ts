import express from 'express'
import type { EmulatorService } from '../context.ts'

/** The emulated account identity. (Being built: see issue 3.) */
export const accountIdentityService: EmulatorService = {
	name: 'account identity',
	mount: '/account',
	router() {
		return express.Router()
	},
}
