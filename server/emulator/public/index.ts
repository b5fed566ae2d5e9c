import express from 'express'
import type { EmulatorService } from '../context.ts'

/** The emulated public API. (Being built: see issue 3.) */
export const publicService: EmulatorService = {
	name: 'public API',
	mount: '/public',
	router() {
		return express.Router()
	},
}
