// eslint-plugin-import's resolver for the project's own modules (`#app/…`, `#server/…`, `#tests/…`, package.json
// "imports"): Node resolves them itself, so the import rules (no-cycle) follow the same arrows Node does. Other
// specifiers are left to the plugin's node resolver.
const { createRequire } = require('node:module')

exports.interfaceVersion = 2
exports.resolve = function resolve(source, file) {
	if (!source.startsWith('#')) return { found: false }
	try {
		return { found: true, path: createRequire(file).resolve(source) }
	} catch {
		return { found: false }
	}
}
