import express from 'express'
import type { EmulatorService } from '../context.ts'

/** The emulated account catalogue. (Being built: see issue 3.) */
export const accountCatalogueService: EmulatorService = {
	name: 'account catalogue',
	mount: '/account',
	router() {
		return express.Router()
	},
}
