import express from 'express'
import type { EmulatorService } from '../context.ts'

/** The emulated account gear and questionnaires. (Being built: see issue 3.) */
export const accountGearService: EmulatorService = {
	name: 'account gear and questionnaires',
	mount: '/account',
	router() {
		return express.Router()
	},
}
