/**
 * The product catalogue: one compact row per product, expanded into the
 * shared products table (server/emulator/account/products.ts) with product
 * info per culture (product-info.ts).
 *
 * Fixtures other services rely on:
 * - `kf-10` (KF1000) registrable only in Japan; `drumshop-custom-snare`
 *   (DSSNR1) only in the US; `fr-4x` (FR4X00) only in the EU and the UK.
 * - `fantom-8` (FANT80) and `td-27kv2` (TD27KV) carry
 *   `data.registrationDelaySeconds` (20 and 45): a registration of them sits
 *   pending that long.
 */
import type { ProductRow } from '../account/products.ts'
import { productInfo, type ProductInfoContent } from './product-info.ts'

/** slug|model code|brand|category id|name|release year|flags (`only:JP,US`, `delay:20`) */
const TABLE = `
fp-30x|FP30X0|main|1|FP-30X Digital Piano|2019|
fp-10|FP1000|main|1|FP-10 Digital Piano|2018|
hp704|HP7040|main|1|HP704 Digital Piano|2020|
lx708|LX7080|main|1|LX708 Digital Piano|2020|
rd-2000|RD2000|main|1|RD-2000 Stage Piano|2017|
gp607|GP6070|main|1|GP607 Digital Grand Piano|2018|
kf-10|KF1000|main|1|KIYOLA KF-10 Digital Piano|2021|only:JP
juno-x|JUNOX0|main|3|JUNO-X Synthesizer|2022|
jupiter-x|JUPX00|main|3|JUPITER-X Synthesizer|2019|
fantom-8|FANT80|main|3|FANTOM-8 Synthesizer Workstation|2019|delay:20
system-8|SYS800|main|3|SYSTEM-8 Plug-Out Synthesizer|2016|
jd-xi|JDXI00|main|3|JD-Xi Crossover Synthesizer|2015|
gaia-2|GAIA20|main|3|GAIA 2 Synthesizer|2023|
fr-8x|FR8X00|main|4|FR-8x V-Accordion|2017|
fr-4x|FR4X00|main|4|FR-4x V-Accordion|2018|only:AT,BE,DE,ES,FR,GB,IE,IT,NL,PL,PT,SE
e-x50|EX5000|main|5|E-X50 Arranger Keyboard|2020|
bk-5|BK5000|main|5|BK-5 Backing Keyboard|2015|
go-keys|GOKEY0|main|5|GO:KEYS Music Creation Keyboard|2017|
gk-5|GK5000|effects|6|GK-5 Divided Pickup|2020|
eurus-gs-1|EURGS1|effects|6|EURUS GS-1 Guitar|2022|
td-27kv2|TD27KV|main|7|TD-27KV2 V-Drums Kit|2023|delay:45
td-07dmk|TD07DM|main|7|TD-07DMK V-Drums Kit|2021|
spd-sx-pro|SPDSXP|main|7|SPD-SX PRO Sampling Pad|2022|
hpd-20|HPD200|main|7|HandSonic HPD-20|2015|
dw-collectors-maple|DWCOL1|dw|7|DW Collector's Series Maple Kit|2019|
dw-design-series|DWDES1|dw|7|DW Design Series Kit|2018|
dw-9000-pedal|DW9000|dw|7|DW 9000 Series Double Pedal|2017|
pdp-concept-maple|PDPCM1|pdp|7|PDP Concept Maple Kit|2019|
pdp-new-yorker|PDPNY1|pdp|7|PDP New Yorker Kit|2021|
dwe-kit|DWEKIT|dwe|7|DWe Electronic Acoustic Drum Kit|2023|
dwe-snare|DWESN1|dwe|7|DWe Snare|2023|
drumshop-custom-snare|DSSNR1|drumshop|7|DRUMSHOP Custom Snare|2022|only:US
slingerland-radio-king|SLRK01|slingerland|7|Slingerland Radio King Snare|2020|
slingerland-studio-king|SLSK01|slingerland|7|Slingerland Studio King Kit|2021|
mc-707|MC7070|main|8|MC-707 Groovebox|2019|
mv-1|MV1000|main|8|MV-1 VERSELAB|2020|
rubix24|RUBX24|main|8|Rubix24 Audio Interface|2016|
jc-22|JC2200|main|9|JC-22 Jazz Chorus Amplifier|2017|
cube-street-ex|CUBSEX|main|9|CUBE Street EX Amplifier|2018|
km-100|KM1000|main|9|KM-100 Keyboard Amplifier|2016|
tr-8s|TR8S00|main|10|TR-8S Rhythm Performer|2018|
tb-03|TB0300|main|10|TB-03 Bass Line|2016|
dj-707m|DJ707M|main|10|DJ-707M DJ Controller|2017|
rh-300|RH3000|main|11|RH-300 Stereo Headphones|2014|
ks-12|KS1200|main|11|KS-12 Keyboard Stand|2015|
dp-10|DP1000|main|11|DP-10 Damper Pedal|2012|
ds-1|DS1000|effects|12|DS-1 Distortion|1978|
bd-2|BD2000|effects|12|BD-2 Blues Driver|1995|
dd-8|DD8000|effects|12|DD-8 Digital Delay|2019|
sd-1w|SD1W00|effects|12|SD-1W Super OverDrive Waza Craft|2014|
gt-1000|GT1000|effects|13|GT-1000 Guitar Effects Processor|2018|
gx-100|GX1000|effects|13|GX-100 Guitar Effects Processor|2022|
me-90|ME9000|effects|13|ME-90 Guitar Multiple Effects|2022|
sy-1000|SY1000|effects|14|SY-1000 Guitar Synthesizer|2019|
sy-200|SY2000|effects|14|SY-200 Synthesizer|2021|
br-80|BR8000|effects|15|MICRO BR BR-80 Digital Recorder|2012|
br-800|BR800X|effects|15|BR-800 Digital Recorder|2010|
dr-01s|DR01S0|effects|16|DR-01S Rhythm Partner|2016|
dr-880|DR8800|effects|16|DR-880 Dr. Rhythm|2005|
rc-505mkii|RC505M|effects|17|RC-505mkII Loop Station|2021|
rc-1|RC1000|effects|17|RC-1 Loop Station|2019|
ve-500|VE5000|effects|18|VE-500 Vocal Performer|2017|
ve-22|VE2200|effects|18|VE-22 Vocal Performer|2019|
acoustic-singer-live-lt|ACSLLT|effects|19|Acoustic Singer Live LT|2016|
ad-2|AD2000|effects|19|AD-2 Acoustic Preamp|2016|
tu-3|TU3000|effects|20|TU-3 Chromatic Tuner|2009|
db-90|DB9000|effects|20|DB-90 Dr. Beat Metronome|2012|
katana-50-mkii|KTN50M|effects|21|KATANA-50 MkII Amplifier|2020|
katana-air|KTNAIR|effects|21|KATANA-AIR Wireless Amplifier|2018|
nextone-stage|NXTSTG|effects|21|NEXTONE Stage Amplifier|2019|
v-8hd|V8HD00|proav|23|V-8HD HD Video Switcher|2019|
v-1hd-plus|V1HDP0|proav|23|V-1HD+ HD Video Switcher|2021|
vr-6hd|VR6HD0|proav|23|VR-6HD AV Streaming Mixer|2021|
p-20hd|P20HD0|proav|23|P-20HD Video Instant Replayer|2016|
`

export interface ProductSeed {
	slug: string
	modelCode: string
	brand: string
	categoryId: number
	name: string
	year: number
	registrableCountries: string[] | null
	registrationDelaySeconds: number | null
}

export const PRODUCT_SEEDS: readonly ProductSeed[] = TABLE.trim()
	.split('\n')
	.map((line) => {
		const [slug, modelCode, brand, categoryId, name, year, flags = ''] = line.split('|') as string[] as [
			string,
			string,
			string,
			string,
			string,
			string,
			string?,
		]
		const only = /only:([A-Z,]+)/.exec(flags)?.[1]
		const delay = /delay:(\d+)/.exec(flags)?.[1]
		return {
			slug,
			modelCode,
			brand,
			categoryId: Number(categoryId),
			name,
			year: Number(year),
			registrableCountries: only ? only.split(',') : null,
			registrationDelaySeconds: delay ? Number(delay) : null,
		}
	})

export function productImageUrl(emulatorUrl: string, slug: string): string {
	return `${emulatorUrl}/account/images/products/${encodeURIComponent(slug)}.svg`
}

/** The row of the shared products table for a product: product info for English and Japanese in `data.info`. */
export function productRow(seed: ProductSeed, emulatorUrl: string, updateDate: string): ProductRow {
	const info: Record<string, ProductInfoContent> = {
		en: productInfo(seed, 'en', emulatorUrl),
		'ja-JP': productInfo(seed, 'ja-JP', emulatorUrl),
	}
	return {
		slug: seed.slug,
		modelCode: seed.modelCode,
		brand: seed.brand,
		categoryId: seed.categoryId,
		name: seed.name,
		image: productImageUrl(emulatorUrl, seed.slug),
		registrableCountries: seed.registrableCountries,
		data: {
			updateDate,
			year: seed.year,
			info,
			...(seed.registrationDelaySeconds ? { registrationDelaySeconds: seed.registrationDelaySeconds } : {}),
		},
	}
}
