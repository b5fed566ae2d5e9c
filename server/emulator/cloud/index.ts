import express from 'express'
import type { EmulatorService } from '../context.ts'

/** The emulated cloud subscription API. (Being built: see issue 3.) */
export const cloudService: EmulatorService = {
	name: 'cloud subscription API',
	mount: '/cloud',
	router() {
		return express.Router()
	},
}
