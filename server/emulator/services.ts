import { accountCatalogueService } from './account/catalogue.ts'
import { accountGearService } from './account/gear.ts'
import { helpCentreService } from './account/help-centre.ts'
import { accountIdentityService } from './account/identity.ts'
import type { EmulatorService } from './context.ts'
import { cloudService } from './cloud/index.ts'
import { deviceService } from './device/index.ts'
import { logService } from './log/index.ts'
import { publicService } from './public/index.ts'
import { shopService } from './shop/index.ts'
import { ssoService } from './sso/index.ts'
import { videoService } from './video/index.ts'

/** Every emulated upstream, in seeding order (accounts first: the others refer to them). */
export const SERVICES: readonly EmulatorService[] = [
	accountIdentityService,
	accountCatalogueService,
	accountGearService,
	helpCentreService,
	ssoService,
	cloudService,
	deviceService,
	publicService,
	logService,
	videoService,
	shopService,
]
