/**
 * The emulated device API (spec 2 §7): `GET app/{userId}/devices` with the
 * access token, for the signed-in user's own id only.
 */
import express from 'express'
import type { z } from 'zod'
import type { DeviceListSchema } from '#app/upstream/contract/device.ts'
import { requireToken, sendError } from '../auth.ts'
import type { EmulatorService } from '../context.ts'
import { DEMO_ACCOUNTS } from '../demo.ts'
import { insertDevice, listDevices, migrateDevices } from './devices-table.ts'

/**
 * The demo owner has three instruments and the wireless dongle (plugged into
 * a fourth); the cloud member has a piano and a dongle with nothing plugged
 * in, whose record cannot be read ("Can't get pcode from productVer").
 */
const SEED_DEVICES = {
	[DEMO_ACCOUNTS.customer.id]: [
		{ pcode: 'FP30X0Z1A2345', productVer: ['1.02', '1.00'] },
		{ pcode: 'RD2000AB123456', productVer: ['1.60'] },
		{ pcode: 'TD17KVZ2B3456', productVer: ['1.10', '1.01'] },
		{ pcode: 'WM1D00A0012345', productVer: ['1.03', 'GO6100Z3C4567'] },
	],
	[DEMO_ACCOUNTS.cloudMember.id]: [
		{ pcode: 'FP30X0Z9Y8765', productVer: ['1.02', '1.00'] },
		{ pcode: 'WM1D00A0099999', productVer: ['1.03'] },
	],
}

export const deviceService: EmulatorService = {
	name: 'device API',
	mount: '/device',
	migrate(ctx) {
		migrateDevices(ctx.db)
	},
	seed(ctx) {
		const now = ctx.clock.now()
		for (const [userId, records] of Object.entries(SEED_DEVICES)) {
			records.forEach((record, index) =>
				insertDevice(ctx.db, userId, record, new Date(now - (records.length - index) * 86_400_000).toISOString()),
			)
		}
	},
	router(ctx) {
		const router = express.Router()
		router.get('/app/:userId/devices', requireToken(ctx, 'access'), (req, res) => {
			const userId = String(req.params.userId)
			if (userId !== res.locals.userId) return sendError(res, 403, 'Access Denied', 'AccessDeniedException')
			const answer: z.input<typeof DeviceListSchema> = listDevices(ctx.db, userId)
			res.json(answer)
		})
		return router
	},
}
