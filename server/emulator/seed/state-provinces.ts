/**
 * The stateProvinces master list: the subdivisions (ISO 3166-2) a postal
 * address names, for the countries whose addresses ask for one. Compact:
 * `CODE=English name` pairs, `/Japanese` after a name where it has one.
 */
import { primaryCultureOf } from './cultures.ts'
import type { MasterSeedItem } from './master-lists.ts'

const SUBDIVISIONS: Record<string, string> = {
	US: 'AL=Alabama;AK=Alaska;AZ=Arizona;AR=Arkansas;CA=California;CO=Colorado;CT=Connecticut;DE=Delaware;DC=District of Columbia;FL=Florida;GA=Georgia;HI=Hawaii;ID=Idaho;IL=Illinois;IN=Indiana;IA=Iowa;KS=Kansas;KY=Kentucky;LA=Louisiana;ME=Maine;MD=Maryland;MA=Massachusetts;MI=Michigan;MN=Minnesota;MS=Mississippi;MO=Missouri;MT=Montana;NE=Nebraska;NV=Nevada;NH=New Hampshire;NJ=New Jersey;NM=New Mexico;NY=New York;NC=North Carolina;ND=North Dakota;OH=Ohio;OK=Oklahoma;OR=Oregon;PA=Pennsylvania;PR=Puerto Rico;RI=Rhode Island;SC=South Carolina;SD=South Dakota;TN=Tennessee;TX=Texas;UT=Utah;VT=Vermont;VA=Virginia;WA=Washington;WV=West Virginia;WI=Wisconsin;WY=Wyoming',
	CA: 'AB=Alberta;BC=British Columbia;MB=Manitoba;NB=New Brunswick;NL=Newfoundland and Labrador;NS=Nova Scotia;NT=Northwest Territories;NU=Nunavut;ON=Ontario;PE=Prince Edward Island;QC=Quebec;SK=Saskatchewan;YT=Yukon',
	JP: '01=Hokkaido/北海道;02=Aomori/青森県;03=Iwate/岩手県;04=Miyagi/宮城県;05=Akita/秋田県;06=Yamagata/山形県;07=Fukushima/福島県;08=Ibaraki/茨城県;09=Tochigi/栃木県;10=Gunma/群馬県;11=Saitama/埼玉県;12=Chiba/千葉県;13=Tokyo/東京都;14=Kanagawa/神奈川県;15=Niigata/新潟県;16=Toyama/富山県;17=Ishikawa/石川県;18=Fukui/福井県;19=Yamanashi/山梨県;20=Nagano/長野県;21=Gifu/岐阜県;22=Shizuoka/静岡県;23=Aichi/愛知県;24=Mie/三重県;25=Shiga/滋賀県;26=Kyoto/京都府;27=Osaka/大阪府;28=Hyogo/兵庫県;29=Nara/奈良県;30=Wakayama/和歌山県;31=Tottori/鳥取県;32=Shimane/島根県;33=Okayama/岡山県;34=Hiroshima/広島県;35=Yamaguchi/山口県;36=Tokushima/徳島県;37=Kagawa/香川県;38=Ehime/愛媛県;39=Kochi/高知県;40=Fukuoka/福岡県;41=Saga/佐賀県;42=Nagasaki/長崎県;43=Kumamoto/熊本県;44=Oita/大分県;45=Miyazaki/宮崎県;46=Kagoshima/鹿児島県;47=Okinawa/沖縄県',
	AU: 'ACT=Australian Capital Territory;NSW=New South Wales;NT=Northern Territory;QLD=Queensland;SA=South Australia;TAS=Tasmania;VIC=Victoria;WA=Western Australia',
	GB: 'ENG=England;NIR=Northern Ireland;SCT=Scotland;WLS=Wales',
	IE: 'CW=Carlow;CN=Cavan;CE=Clare;CO=Cork;DL=Donegal;D=Dublin;G=Galway;KY=Kerry;KE=Kildare;KK=Kilkenny;LS=Laois;LM=Leitrim;LK=Limerick;LD=Longford;LH=Louth;MO=Mayo;MH=Meath;MN=Monaghan;OY=Offaly;RN=Roscommon;SO=Sligo;TA=Tipperary;WD=Waterford;WH=Westmeath;WX=Wexford;WW=Wicklow',
	DE: 'BW=Baden-Württemberg;BY=Bavaria;BE=Berlin;BB=Brandenburg;HB=Bremen;HH=Hamburg;HE=Hesse;MV=Mecklenburg-Vorpommern;NI=Lower Saxony;NW=North Rhine-Westphalia;RP=Rhineland-Palatinate;SL=Saarland;SN=Saxony;ST=Saxony-Anhalt;SH=Schleswig-Holstein;TH=Thuringia',
	AT: '1=Burgenland;2=Carinthia;3=Lower Austria;4=Upper Austria;5=Salzburg;6=Styria;7=Tyrol;8=Vorarlberg;9=Vienna',
	FR: 'ARA=Auvergne-Rhône-Alpes;BFC=Bourgogne-Franche-Comté;BRE=Brittany;CVL=Centre-Val de Loire;COR=Corsica;GES=Grand Est;HDF=Hauts-de-France;IDF=Île-de-France;NOR=Normandy;NAQ=Nouvelle-Aquitaine;OCC=Occitanie;PDL=Pays de la Loire;PAC=Provence-Alpes-Côte d’Azur',
	BE: 'BRU=Brussels-Capital Region;VAN=Antwerp;VBR=Flemish Brabant;VLI=Limburg;VOV=East Flanders;VWV=West Flanders;WBR=Walloon Brabant;WHT=Hainaut;WLG=Liège;WLX=Luxembourg;WNA=Namur',
	NL: 'DR=Drenthe;FL=Flevoland;FR=Friesland;GE=Gelderland;GR=Groningen;LI=Limburg;NB=North Brabant;NH=North Holland;OV=Overijssel;UT=Utrecht;ZE=Zeeland;ZH=South Holland',
	IT: '65=Abruzzo;77=Basilicata;78=Calabria;72=Campania;45=Emilia-Romagna;36=Friuli-Venezia Giulia;62=Lazio;42=Liguria;25=Lombardy;57=Marche;67=Molise;21=Piedmont;75=Apulia;88=Sardinia;82=Sicily;52=Tuscany;32=Trentino-South Tyrol;55=Umbria;23=Aosta Valley;34=Veneto',
	ES: 'AN=Andalusia;AR=Aragon;AS=Asturias;IB=Balearic Islands;CN=Canary Islands;CB=Cantabria;CL=Castile and León;CM=Castilla-La Mancha;CT=Catalonia;CE=Ceuta;EX=Extremadura;GA=Galicia;RI=La Rioja;MD=Community of Madrid;ML=Melilla;MC=Region of Murcia;NC=Navarre;PV=Basque Country;VC=Valencian Community',
	PT: '01=Aveiro;02=Beja;03=Braga;04=Bragança;05=Castelo Branco;06=Coimbra;07=Évora;08=Faro;09=Guarda;10=Leiria;11=Lisbon;12=Portalegre;13=Porto;14=Santarém;15=Setúbal;16=Viana do Castelo;17=Vila Real;18=Viseu;20=Azores;30=Madeira',
	PL: '02=Lower Silesia;04=Kuyavia-Pomerania;06=Lublin;08=Lubusz;10=Łódź;12=Lesser Poland;14=Masovia;16=Opole;18=Subcarpathia;20=Podlaskie;22=Pomerania;24=Silesia;26=Holy Cross;28=Warmia-Masuria;30=Greater Poland;32=West Pomerania',
	SE: 'AB=Stockholm;AC=Västerbotten;BD=Norrbotten;C=Uppsala;D=Södermanland;E=Östergötland;F=Jönköping;G=Kronoberg;H=Kalmar;I=Gotland;K=Blekinge;M=Skåne;N=Halland;O=Västra Götaland;S=Värmland;T=Örebro;U=Västmanland;W=Dalarna;X=Gävleborg;Y=Västernorrland;Z=Jämtland',
}

/** Rows are for the country's first supported culture and carry the country, so a client can pick by either. */
export const STATE_PROVINCES: MasterSeedItem[] = Object.entries(SUBDIVISIONS)
	.flatMap(([country, list]) =>
		list.split(';').map((pair) => {
			const [code, names] = pair.split('=') as [string, string]
			const [label, labelJa] = names.split('/') as [string, string | undefined]
			return {
				id: '',
				value: `${country}-${code}`,
				label,
				labelJa,
				cultureCode: primaryCultureOf(country),
				fields: { country },
			}
		}),
	)
	.map((row, index) => ({ ...row, id: String(index + 1) }))
