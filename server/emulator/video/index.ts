import express from 'express'
import type { EmulatorService } from '../context.ts'

/** The emulated video and social feeds. (Being built: see issue 3.) */
export const videoService: EmulatorService = {
	name: 'video and social feeds',
	mount: '/video',
	router() {
		return express.Router()
	},
}
