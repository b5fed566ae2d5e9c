/**
 * What a release holds besides node_modules: the package files, the vendored
 * package and the build, which holds the server too (built as JavaScript, the
 * emulator with it: ADR 0064), so no source file ships. The production-install
 * check and the Dockerfile's last stage copy exactly these (a unit test keeps
 * them in step).
 */
export const PRODUCTION_FILES = ['package.json', 'package-lock.json', 'vendor', 'build'] as const

/** Development tools that must not be in a production install. */
export const DEV_ONLY = ['vite', '@react-router/dev', 'vitest', '@playwright/test', 'eslint', 'msw', 'autocannon']
