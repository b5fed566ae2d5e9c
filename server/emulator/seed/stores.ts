/**
 * The stores master list: dealers per country, fictional. Compact rows of
 * `name|city|postal code|street address|kind`, where the kind says which
 * brands the dealer sells (`all`, `electronic`, `drums`, `guitar`).
 */
import { primaryCultureOf } from './cultures.ts'
import type { MasterSeedItem } from './master-lists.ts'

const DEALERS: Record<string, string[]> = {
	US: [
		'Harmony Hall Music|New York|10019|1650 Broadway|all',
		'West Coast Keys|Los Angeles|90028|6400 Sunset Blvd|electronic',
		'Lone Star Drum Works|Austin|78701|512 Congress Ave|drums',
		'Lakeside Music Exchange|Chicago|60605|1 E Jackson Blvd|all',
		'Emerald City Guitars|Seattle|98101|1500 4th Ave|guitar',
		'Music City Backline|Nashville|37203|800 Broadway|drums',
	],
	CA: [
		'Maple Leaf Music|Toronto|M5V 2T6|250 Front St W|all',
		'Mont-Royal Musique|Montréal|H2X 1Y4|1200 Rue Saint-Laurent|electronic',
		'Pacific Rhythm|Vancouver|V6B 1A1|700 Granville St|drums',
	],
	MX: [
		'Sonido Central|Ciudad de México|06000|Av. Juárez 40|all',
		'Ritmo Norte|Monterrey|64000|Av. Constitución 300|drums',
	],
	BR: [
		'Casa do Som|São Paulo|01310-100|Av. Paulista 1000|all',
		'Batucada Instrumentos|Rio de Janeiro|20040-002|Av. Rio Branco 120|drums',
	],
	CR: ['Música Tica|San José|10101|Avenida Central 15|all'],
	JP: [
		'Shibuya Gakki|Tokyo|150-0042|Udagawacho 21-1|all',
		'Namba Sound Plaza|Osaka|542-0076|Namba 3-2-1|electronic',
		'Sakae Drum Center|Nagoya|460-0008|Sakae 3-5-12|drums',
		'Tenjin Guitar Base|Fukuoka|810-0001|Tenjin 2-11-3|guitar',
	],
	AU: [
		'Harbour Music|Sydney|2000|480 George St|all',
		'Southbank Sound|Melbourne|3006|15 Southbank Blvd|electronic',
		'Brisbane Beat|Brisbane|4000|200 Queen St|drums',
	],
	NZ: ['Kiwi Keys & Drums|Auckland|1010|100 Queen St|all'],
	GB: [
		'Denmark Street Music|London|WC2H 8LS|20 Denmark St|all',
		'Northern Quarter Sound|Manchester|M4 1HN|45 Oldham St|electronic',
		'Glasgow Drum Rooms|Glasgow|G1 3SL|150 Sauchiehall St|drums',
	],
	IE: ['Liffey Music|Dublin|D02 X285|12 Dame St|all', 'Cork Sound House|Cork|T12 X70A|40 Oliver Plunkett St|guitar'],
	DE: [
		'Klanghaus Berlin|Berlin|10117|Friedrichstraße 100|all',
		'Tastenwelt Hamburg|Hamburg|20095|Mönckebergstraße 7|electronic',
		'Schlagzeug Zentrum München|München|80331|Sendlinger Straße 30|drums',
	],
	AT: ['Wiener Musikhaus|Wien|1010|Kärntner Straße 40|all', 'Salzburg Klang|Salzburg|5020|Getreidegasse 12|electronic'],
	CH: ['Zürich Musik Center|Zürich|8001|Bahnhofstrasse 60|all', 'Genève Sons|Genève|1204|Rue du Rhône 30|electronic'],
	FR: [
		'Pigalle Musique|Paris|75009|Rue de Douai 14|all',
		'Lyon Batterie|Lyon|69002|Rue de la République 50|drums',
		'Marseille Synthé|Marseille|13001|La Canebière 80|electronic',
	],
	BE: ['Brussels Music Store|Bruxelles|1000|Rue Neuve 45|all', 'Antwerpen Drums|Antwerpen|2000|Meir 70|drums'],
	NL: [
		'Amsterdam Muziekhuis|Amsterdam|1012 JS|Kalverstraat 120|all',
		'Rotterdam Synth Lab|Rotterdam|3011 AD|Coolsingel 40|electronic',
	],
	IT: [
		'Milano Strumenti|Milano|20121|Via Dante 10|all',
		'Roma Batteria|Roma|00187|Via del Corso 200|drums',
		'Napoli Suono|Napoli|80134|Via Toledo 150|electronic',
	],
	ES: [
		'Madrid Música|Madrid|28013|Gran Vía 30|all',
		'Barcelona Ritme|Barcelona|08002|Las Ramblas 90|drums',
		'Valencia Teclas|Valencia|46002|Calle de Colón 20|electronic',
	],
	PT: [
		'Lisboa Som|Lisboa|1100-148|Rua Augusta 100|all',
		'Porto Bateria|Porto|4000-322|Rua de Santa Catarina 200|drums',
	],
	PL: ['Warszawa Muzyka|Warszawa|00-001|Nowy Świat 20|all', 'Kraków Perkusja|Kraków|31-001|Floriańska 15|drums'],
	SE: [
		'Stockholm Musikhus|Stockholm|111 57|Drottninggatan 50|all',
		'Göteborg Synth|Göteborg|411 38|Kungsgatan 30|electronic',
	],
	DK: ['København Musik|København|1160|Strøget 25|all'],
	NO: ['Oslo Lydhus|Oslo|0154|Karl Johans gate 10|all'],
	FI: ['Helsinki Soitin|Helsinki|00100|Aleksanterinkatu 20|all'],
}

const BRANDS_BY_KIND: Record<string, string[]> = {
	all: ['main', 'effects', 'proav', 'dw', 'pdp', 'dwe'],
	electronic: ['main', 'effects', 'proav'],
	drums: ['dw', 'pdp', 'dwe', 'drumshop', 'slingerland', 'main'],
	guitar: ['effects', 'main'],
}

const CALLING_CODES: Record<string, string> = {
	US: '+1',
	CA: '+1',
	MX: '+52',
	BR: '+55',
	CR: '+506',
	JP: '+81',
	AU: '+61',
	NZ: '+64',
	GB: '+44',
	IE: '+353',
	DE: '+49',
	AT: '+43',
	CH: '+41',
	FR: '+33',
	BE: '+32',
	NL: '+31',
	IT: '+39',
	ES: '+34',
	PT: '+351',
	PL: '+48',
	SE: '+46',
	DK: '+45',
	NO: '+47',
	FI: '+358',
}

export const STORES: MasterSeedItem[] = Object.entries(DEALERS)
	.flatMap(([country, rows]) =>
		rows.map((row, index) => {
			const [name, city, postalCode, addressLine1, kind] = row.split('|') as [string, string, string, string, string]
			return {
				id: '',
				value: '',
				label: name,
				cultureCode: primaryCultureOf(country),
				fields: {
					name,
					city,
					country,
					postalCode,
					addressLine1,
					phone: `${CALLING_CODES[country]} ${String(200 + index * 37).padStart(3, '0')} ${String(5550100 + index * 1111).slice(0, 7)}`,
					brands: BRANDS_BY_KIND[kind] ?? [],
				},
			}
		}),
	)
	.map((store, index) => ({ ...store, id: String(1001 + index), value: `store-${1001 + index}` }))
