import express from 'express'
import type { EmulatorService } from '../context.ts'

/** The emulated help centre and social proxy. (Being built: see issue 3.) */
export const helpCentreService: EmulatorService = {
	name: 'help centre and social proxy',
	mount: '/account',
	router() {
		return express.Router()
	},
}
