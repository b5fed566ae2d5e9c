/**
 * Spec 2 §5: a help-centre tag is trimmed, lower-cased, with whitespace runs
 * as underscores; empty and repeated tags go.
 */
export function normaliseTags(tags: readonly string[]): string[] {
	return [...new Set(tags.map((tag) => tag.trim().toLowerCase().replace(/\s+/g, '_')).filter(Boolean))]
}
