/**
 * Product information (spec 1 §2 ProductsDirect tabs, spec 1 §3 product info): the product json
 * of a culture shaped into what each tab shows. Pure: the loader calls these with what the
 * upstreams answered and hands the view plain rows, so dates and sizes are formatted once, on the
 * server, in the user's culture.
 */

import { formatDay, formatList, formatNumber, formatUnit } from './formats.ts'

export const PRODUCT_INFO_TABS = ['features', 'specs', 'downloads', 'support', 'articles', 'accessories'] as const
export type ProductInfoTab = (typeof PRODUCT_INFO_TABS)[number]

export function productInfoTab(tab: string | undefined): ProductInfoTab {
	return (PRODUCT_INFO_TABS as readonly string[]).includes(tab ?? '') ? (tab as ProductInfoTab) : 'features'
}

/** A file of a support document: what the page needs of its Asset_Details once they are blanked. */
export interface DocumentFile {
	url: string
	size: number
	mimeType: string
}

interface AssetDetail {
	File_Url: string
	File_Size: number
	Mime_Type: string
}

/**
 * Spec 1 §3 blanks a stored document's Asset_Details; the support tab still links each document
 * to its file, so the address, size and type are kept beside them as `files`.
 */
export function keepDocumentFiles<D extends { Asset_Details: readonly AssetDetail[] }>(
	document: D,
): D & { files: DocumentFile[] } {
	return {
		...document,
		Asset_Details: [],
		files: document.Asset_Details.map((asset) => ({
			url: asset.File_Url,
			size: asset.File_Size,
			mimeType: asset.Mime_Type,
		})),
	}
}

function languageOf(code: string): string {
	return code === 'Lt-sr-SP' ? 'sr' : code.slice(0, 2).toLowerCase()
}

/**
 * Whether the text is not in the user's language: the upstream answers English for a culture it
 * has no text for (`contentCulture`), and the page says so.
 */
export function isEnglishFallback(cultureCode: string, contentCulture: string): boolean {
	return languageOf(contentCulture) !== languageOf(cultureCode)
}

/** An ISO instant as a date in the culture (UTC, so the day is the same wherever the server is). */
export function formatInfoDate(iso: string, cultureCode: string): string {
	return formatDay(iso, cultureCode)
}

const SIZE_UNITS = [
	{ unit: 'gigabyte', bytes: 1_000_000_000 },
	{ unit: 'megabyte', bytes: 1_000_000 },
	{ unit: 'kilobyte', bytes: 1_000 },
] as const

/** A file size in the culture's words (decimal units, as download pages give them). */
export function formatFileSize(bytes: number, cultureCode: string): string {
	const scale = SIZE_UNITS.find((candidate) => bytes >= candidate.bytes)
	if (!scale) return formatUnit(bytes, 'byte', cultureCode)
	return formatUnit(bytes / scale.bytes, scale.unit, cultureCode, 1)
}

/** The units a spec value may carry, as the product json writes them. */
export const SPEC_UNITS = ['mm', 'cm', 'm', 'kg', 'g', 'W', 'V', 'Hz', 'kHz', 'dB', 'bit'] as const
export type SpecUnit = (typeof SPEC_UNITS)[number]

export interface SpecRow {
	label: string
	/** The value, its number in the culture's format when it has a unit. */
	value: string
	unit: SpecUnit | null
}

export interface SpecTable {
	caption: string
	rows: SpecRow[]
}

const SPEC_VALUE = new RegExp(`^(-?\\d+(?:\\.\\d+)?)\\s*(${SPEC_UNITS.join('|')})$`)

/** A spec value split into its number and unit ('1,234 mm' → 1234, 'mm'); other values as they are. */
export function specValue(raw: string, cultureCode: string): Pick<SpecRow, 'value' | 'unit'> {
	const match = SPEC_VALUE.exec(raw.trim().replace(/(?<=\d),(?=\d{3}\b)/g, ''))
	if (!match) return { value: raw.trim(), unit: null }
	const [, number, unit] = match as unknown as [string, string, SpecUnit]
	const decimals = number.split('.')[1]?.length ?? 0
	return { value: formatNumber(Number(number), cultureCode, decimals), unit }
}

export function specTables(
	specs: readonly { group: string; items: readonly { label: string; value: string }[] }[],
	cultureCode: string,
): SpecTable[] {
	return specs
		.filter((group) => group.items.length > 0)
		.map((group) => ({
			caption: group.group,
			rows: group.items.map((item) => ({ label: item.label, ...specValue(item.value, cultureCode) })),
		}))
}

export interface DownloadRow {
	id: string
	title: string
	version: string
	url: string
	sizeText: string
	/** The operating systems, joined in the culture's list format; null when the json names none. */
	osText: string | null
	dateText: string | null
	/** For `<time dateTime>`. */
	date: string | null
}

interface Download {
	id: string
	title: string
	version: string
	url: string
	size: number
	os?: readonly string[] | undefined
	releaseDate?: string | undefined
}

function listText(items: readonly string[], cultureCode: string): string {
	return formatList(items, cultureCode, 'unit', 'short')
}

/** Downloads, newest first (undated last), with what the json says of size, OS and date. */
export function downloadRows(downloads: readonly Download[], cultureCode: string): DownloadRow[] {
	return [...downloads]
		.sort((a, b) => (b.releaseDate ?? '').localeCompare(a.releaseDate ?? ''))
		.map((download) => ({
			id: download.id,
			title: download.title,
			version: download.version,
			url: download.url,
			sizeText: formatFileSize(download.size, cultureCode),
			osText: download.os?.length ? listText(download.os, cultureCode) : null,
			dateText: download.releaseDate ? formatInfoDate(download.releaseDate, cultureCode) : null,
			date: download.releaseDate?.slice(0, 10) ?? null,
		}))
}

export interface SupportDocumentRow {
	id: string
	title: string
	type: string
	/** The document's language as its own tag (`en`, `ja`), for `hreflang`. */
	language: string
	dateText: string
	date: string
	file: { url: string; sizeText: string; format: string } | null
}

interface SupportDocument {
	Document_Id: string
	Document_Title: string
	Document_Type: string
	Language: string
	Publish_Date: string
	files?: readonly DocumentFile[] | undefined
}

/** The short name of a file type ('application/pdf' → 'PDF'). */
export function fileFormat(mimeType: string): string {
	const subtype = mimeType.split('/')[1]?.split(/[;+]/)[0] ?? ''
	return subtype === 'x-zip-compressed' ? 'ZIP' : subtype.toUpperCase()
}

/** Product_Support_Documents as the support tab lists them: each with its first file. */
export function supportDocumentRows(documents: readonly SupportDocument[], cultureCode: string): SupportDocumentRow[] {
	return documents.map((document) => {
		const file = document.files?.[0]
		return {
			id: document.Document_Id,
			title: document.Document_Title,
			type: document.Document_Type,
			language: document.Language,
			dateText: formatInfoDate(document.Publish_Date, cultureCode),
			date: document.Publish_Date.slice(0, 10),
			file: file
				? { url: file.url, sizeText: formatFileSize(file.size, cultureCode), format: fileFormat(file.mimeType) }
				: null,
		}
	})
}

export interface ArticleRow {
	id: string
	title: string
	summary: string
	dateText: string
	date: string
}

/** The product's articles, newest first. */
export function articleRows(
	articles: readonly { id: string; title: string; summary: string; publishDate: string }[],
	cultureCode: string,
): ArticleRow[] {
	return [...articles]
		.sort((a, b) => b.publishDate.localeCompare(a.publishDate))
		.map((article) => ({
			id: article.id,
			title: article.title,
			summary: article.summary,
			dateText: formatInfoDate(article.publishDate, cultureCode),
			date: article.publishDate.slice(0, 10),
		}))
}

export interface CuratedSection {
	id: string
	title: string
	/** The section's other products that have a page, by name. */
	products: { slug: string; name: string }[]
}

/**
 * The curation json's sections that feature this product, each with the other products it
 * features (only those the products master list knows, so every link leads to a page).
 */
export function curatedSections(
	sections: readonly { id: string; title: string; productSlugs: readonly string[] }[],
	slug: string,
	names: ReadonlyMap<string, string>,
): CuratedSection[] {
	return sections
		.filter((section) => section.productSlugs.includes(slug))
		.map((section) => ({
			id: section.id,
			title: section.title,
			products: section.productSlugs
				.filter((other) => other !== slug && names.has(other))
				.map((other) => ({ slug: other, name: names.get(other)! })),
		}))
}

export interface AccessoryRow {
	modelCode: string
	name: string
	/** Its own product page, when the product exists in the products master list. */
	href: string | null
}

export function productPath(slug: string, tab?: ProductInfoTab): string {
	return `/products/${encodeURIComponent(slug)}${tab ? `/${tab}` : ''}`
}

export function accessoryRows(
	accessories: readonly { modelCode: string; name: string; slug: string | null }[],
	known: ReadonlySet<string>,
): AccessoryRow[] {
	return accessories.map((accessory) => ({
		modelCode: accessory.modelCode,
		name: accessory.name,
		href: accessory.slug && known.has(accessory.slug) ? productPath(accessory.slug) : null,
	}))
}
