import express from 'express'
import type { EmulatorService } from '../context.ts'

/** The emulated device API. (Being built: see issue 3.) */
export const deviceService: EmulatorService = {
	name: 'device API',
	mount: '/device',
	router() {
		return express.Router()
	},
}
