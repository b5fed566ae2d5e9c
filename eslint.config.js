// ESLint for the whole tree: typescript-eslint, react-hooks, jsx-a11y and import order. Prettier owns layout, so
// eslint-config-prettier comes last and turns off every rule that would argue with it (ADR 0010).
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import prettier from 'eslint-config-prettier'
import importPlugin from 'eslint-plugin-import'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The arrows of the architecture (README, "Layout"; ADR 0043), checked on every import. Each entry is a set of
// files and the imports they may not make; ESLint keeps one `no-restricted-imports` setting per file (the last
// matching entry's), so an entry carries the app-wide arrows as well as its own.
const notServer = {
	regex: '^(#server/|(\\.\\./)+server/)',
	message: 'app/ never imports server/: the portal runs without it.',
}
const notRoutes = {
	regex: '^(#app/routes/|\\./routes/|\\.\\./routes/)',
	message: 'Only app/routes.ts names route modules: shared views live in app/ui, shared loaders in app/upstream.',
}
const ROUTE_AREAS = ['account', 'cloud', 'feed', 'gear', 'products', 'resources', 'settings', 'support', 'visit']
const importArrows = [
	{ files: ['app/**'], patterns: [notServer] },
	{ files: ['app/root.tsx', 'app/maintenance/**'], patterns: [notServer, notRoutes] },
	{
		files: ['app/ui/**'],
		patterns: [
			notServer,
			notRoutes,
			{
				regex: '^(#app/|\\.\\./)(upstream|session|services)/',
				message: 'A view takes data from its route: app/ui never calls upstreams, sessions or services.',
			},
		],
	},
	{
		files: ['app/domain/**'],
		patterns: [
			{
				regex: '^(?!zod$|zod/|#app/domain/|\\./[^/]+$)',
				message:
					'app/domain holds pure rules: it imports only app/domain and zod (no I/O, no libraries, no framework).',
			},
		],
	},
	...ROUTE_AREAS.map((area) => ({
		files: [`app/routes/${area}/**`],
		patterns: [
			notServer,
			{
				regex: `^(#app/routes/(?!${area}/)|\\.\\./(?!${area}/)[^.])`,
				message: `A route module imports no other area's routes: share through app/services, app/upstream or app/ui.`,
			},
		],
	})),
	{
		// The emulator stands for the upstreams: sharing the portal's rules would let a bug in one pass every
		// contract test (issue 22). It shares the contract's schemas, by their #app/ name, and nothing else.
		files: ['server/emulator/**'],
		patterns: [
			{
				regex: '^(#app/(?!upstream/contract/)|(\\.\\./)+app/)',
				message:
					'The emulator imports from app/ only the contract (#app/upstream/contract/…): its rules are its own, read from the spec.',
			},
		],
	},
].map(({ files, patterns }) => ({
	files,
	// Tests may reach across (fixtures, the route table); the arrows are about what ships.
	ignores: ['**/*.test.ts', '**/*.test.tsx'],
	rules: { 'no-restricted-imports': ['error', { patterns }] },
}))

/** Intl built outside the owner of formats, and the locale-taking shortcuts that build one each call. */
const formatsOwner = [
	{
		selector: "NewExpression[callee.object.name='Intl']",
		message: 'Format through app/domain/formats.ts: it maps the culture to an Intl locale and keeps the formatter.',
	},
	{
		// Intl's constructors work called without `new` too: `Intl.DateTimeFormat()` is as much a formatter.
		selector: "CallExpression[callee.object.name='Intl'][callee.property.name=/^[A-Z]/]",
		message: 'Format through app/domain/formats.ts: it maps the culture to an Intl locale and keeps the formatter.',
	},
	{
		selector: 'CallExpression[callee.property.name=/^(toLocaleString|toLocaleDateString|toLocaleTimeString)$/]',
		message: 'Format through app/domain/formats.ts: it maps the culture to an Intl locale and keeps the formatter.',
	},
	{
		selector: "CallExpression[callee.property.name='localeCompare'][arguments.length>1]",
		message: 'Compare names with compareNames(culture) of app/domain/formats.ts: a culture code is no Intl locale.',
	},
]

export default defineConfig(
	globalIgnores([
		'build/',
		'build-*/',
		'.react-router/',
		'data/',
		'node_modules/',
		'bench/minimal/build*',
		'test-results/',
		'playwright-report/',
	]),
	js.configs.recommended,
	tseslint.configs.recommended,
	// React lives in app/: elsewhere the plugin's compiler-based rules would only cost time, and they are its slowest.
	{ files: ['app/**'], extends: [reactHooks.configs.flat.recommended] },
	jsxA11y.flatConfigs.recommended,
	{
		languageOptions: {
			ecmaVersion: 'latest',
			sourceType: 'module',
			globals: { ...globals.node, ...globals.browser },
		},
		// eslint-plugin-import rather than its fork import-x: the fork's native resolver has builds for Linux only
		// on the registry here, so `npm ci` refused the lock file.
		plugins: { import: importPlugin },
		settings: {
			// package.json "imports": #app/*, #server/*, #tests/* are the project's own modules.
			'import/internal-regex': '^#(app|server|tests)/',
			'import/resolver': {
				node: true,
				[fileURLToPath(new URL('./scripts/eslint/resolve-subpath-imports.cjs', import.meta.url))]: {},
			},
		},
		rules: {
			// The order the code is written in: node:, packages, #app/…, then relative paths. It runs the groups
			// together and keeps no alphabetical order inside one, so neither blank lines nor sorting is asked.
			'import/order': [
				'error',
				{
					groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
					// A route module's generated types come between the packages and #app/…, where React Router puts them.
					pathGroups: [{ pattern: './+types/**', group: 'internal', position: 'before' }],
					'newlines-between': 'never',
				},
			],
			// An underscore marks a parameter kept for its position (an Express error handler needs all four); a rest
			// sibling is how an object is copied without some fields.
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
		},
	},
	{
		// Every format goes through app/domain/formats.ts (ADR 0044), built once per culture through culture.ts's one
		// culture → Intl mapping: a culture handed to Intl directly is how `Lt-sr-SP` answered 500.
		files: ['app/**'],
		ignores: ['app/domain/formats.ts', '**/*.test.ts', '**/*.test.tsx'],
		rules: { 'no-restricted-syntax': ['error', ...formatsOwner] },
	},
	{
		// The root middleware reads a request's body once, within its limits, after the guard (ADR 0035): an action
		// takes the form from `submittedForm(context)`; reading the body again would fail, or read it without limits.
		files: ['app/routes/**'],
		rules: {
			'no-restricted-syntax': [
				'error',
				{
					selector:
						"CallExpression[callee.property.name=/^(formData|text|json|arrayBuffer|blob)$/][callee.object.name='request']",
					message: 'Take the form from submittedForm(context) (app/forms/form-body.server.ts): the body is read once.',
				},
				...formatsOwner,
			],
		},
	},
	...importArrows,
	{
		// Every setting is read and checked once, in app/env.server.ts (issue 22): a value read beside it skips
		// its validation and the README's table. The emulator stands for the upstreams and reads its own.
		files: ['app/**', 'server/**'],
		ignores: ['app/env.server.ts', 'server/emulator/**', '**/*.test.ts', '**/*.test.tsx'],
		rules: {
			'no-restricted-properties': [
				'error',
				{ object: 'process', property: 'env', message: 'Read settings through app/env.server.ts (getEnv()).' },
			],
		},
	},
	{
		// A cycle makes the arrows meaningless (each side imports the other) and breaks module start-up order.
		files: ['app/**'],
		rules: { 'import/no-cycle': 'error' },
	},
	{
		// eslint-plugin-import loads a resolver with require(): the project's one is CommonJS.
		files: ['**/*.cjs'],
		languageOptions: { sourceType: 'commonjs' },
		rules: { '@typescript-eslint/no-require-imports': 'off' },
	},
	{
		// A Playwright fixture's first parameter must be a destructuring pattern: `{}` when it needs no other fixture.
		files: ['tests/e2e/**'],
		rules: { 'no-empty-pattern': 'off' },
	},
	prettier,
	{
		rules: {
			// eslint-config-prettier turns max-len off; Prettier's own width is kept, measured as Prettier does (a tab
			// counts 2). What Prettier cannot wrap is let through: strings, template literals, URLs, regular expressions.
			'max-len': [
				'error',
				{
					code: 120,
					tabWidth: 2,
					ignoreUrls: true,
					ignoreStrings: true,
					ignoreTemplateLiterals: true,
					ignoreRegExpLiterals: true,
				},
			],
		},
	},
)
