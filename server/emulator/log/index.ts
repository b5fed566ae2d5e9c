import express from 'express'
import type { EmulatorService } from '../context.ts'

/** The emulated log service. (Being built: see issue 3.) */
export const logService: EmulatorService = {
	name: 'log service',
	mount: '/log',
	router() {
		return express.Router()
	},
}
