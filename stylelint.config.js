/**
 * CSS against the oldest browsers the portal serves (package.json `browserslist`: Chrome and Android
 * WebView 80, Safari and iOS Safari 13, Samsung Internet 12; ADR 0059). A feature beyond them is used
 * only with a fallback that works there; a line the check cannot judge says why beside it.
 */
export default {
	plugins: ['stylelint-no-unsupported-browser-features'],
	rules: {
		'plugin/no-unsupported-browser-features': [
			true,
			{
				severity: 'error',
				ignore: [
					// Flex gaps: app/ui/app.css ends with the margins old browsers use instead, and
					// app/ui/old-browsers-css.test.ts fails for a flex box with a gap that has none there.
					'flexbox-gap',
					// The same gaps seen as `column-gap` (multi-column's property, named alike in flex boxes).
					'multicolumn',
					// "Partial" is `overflow: clip` and two-value `overflow`: `overflow-x`/`hidden` work in all.
					'css-overflow',
					// "Partial" is Safari 13.0 without `clamp()`; `min()` and `max()` work since Safari 11.1.
					'css-math-functions',
				],
			},
		],
	},
}
