// ESLint for the whole tree: typescript-eslint, react-hooks, jsx-a11y and import order. Prettier owns layout, so
// eslint-config-prettier comes last and turns off every rule that would argue with it (ADR 0010).
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import prettier from 'eslint-config-prettier'
import importPlugin from 'eslint-plugin-import'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
			],
		},
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
