/**
 * The 21 product-registration categories of spec 1 §3 (ids 1, 3–21, 23).
 * GUIDs are name-based (UUID v5 style), so they are the same on every seed.
 */
import { createHash } from 'node:crypto'

export interface CategorySeed {
	id: number
	name: string
	label: string
	nameJa: string
	brand: 'main' | 'effects'
	translationKey: string
	siteKey: string
	crmCategory: string
	guid: string
}

/** id|name|English label|Japanese label|brand|site key|CRM category */
const TABLE = `
1|pianos|Pianos|ピアノ|main|pianos|Pianos
3|synthesizers|Synthesizers|シンセサイザー|main|synthesizers|Synthesizers
4|accordions|Accordions|アコーディオン|main|accordions|Accordions
5|keyboards|Keyboards|キーボード|main|keyboards|Keyboards
6|guitar & BOSS|Guitar & BOSS|ギター＆BOSS|effects|guitar|Guitar
7|drums & percussion|Drums & Percussion|ドラム＆パーカッション|main|drums-percussion|Drums and Percussion
8|production|Production|プロダクション|main|production|Production
9|amplifiers|Amplifiers|アンプ|main|amplifiers|Amplifiers
10|aira & dj|AIRA & DJ|AIRA＆DJ|main|aira-dj|AIRA and DJ
11|accessories|Accessories|アクセサリー|main|accessories|Accessories
12|stompboxes|Stompboxes|コンパクト・エフェクター|effects|compact-pedals|Compact Pedals
13|multi-effects|Multi-Effects|マルチ・エフェクター|effects|multi-effects|Multi-Effects
14|guitar synthesizers|Guitar Synthesizers|ギター・シンセサイザー|effects|guitar-synthesizers|Guitar Synthesizers
15|digital recorder|Digital Recorders|デジタル・レコーダー|effects|digital-recorders|Digital Recorders
16|backing & rhythm|Backing & Rhythm|バッキング＆リズム|effects|backing-rhythm|Backing and Rhythm
17|loopstation|Loop Station|ループステーション|effects|loop-station|Loop Station
18|vocal effects|Vocal Effects|ボーカル・エフェクト|effects|vocal-effects|Vocal Effects
19|acoustic|Acoustic|アコースティック|effects|acoustic|Acoustic
20|tuners & metronomes|Tuners & Metronomes|チューナー＆メトロノーム|effects|tuners-metronomes|Tuners and Metronomes
21|BOSS amplifiers|BOSS Amplifiers|BOSSアンプ|effects|boss-amplifiers|BOSS Amplifiers
23|video|Video|ビデオ|main|video|Video
`

function nameBasedGuid(name: string): string {
	const hash = createHash('sha1').update(`product-registration-category:${name}`).digest('hex')
	const variant = ((Number.parseInt(hash.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)
	return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-${variant}${hash.slice(18, 20)}-${hash.slice(20, 32)}`
}

export const CATEGORIES: readonly CategorySeed[] = TABLE.trim()
	.split('\n')
	.map((line) => {
		const [id, name, label, nameJa, brand, siteKey, crmCategory] = line.split('|') as [
			string,
			string,
			string,
			string,
			'main' | 'effects',
			string,
			string,
		]
		return {
			id: Number(id),
			name,
			label,
			nameJa,
			brand,
			translationKey: `productCategory.${siteKey.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`,
			siteKey,
			crmCategory,
			guid: nameBasedGuid(name),
		}
	})

export function findCategory(id: number): CategorySeed | undefined {
	return CATEGORIES.find((c) => c.id === id)
}
