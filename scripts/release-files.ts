/**
 * What a release holds besides node_modules: the server, the app sources it
 * imports at run time (settings, the emulator's contract), the vendored
 * package and the build. The production-install check and the Dockerfile's
 * last stage copy exactly these (a unit test keeps them in step).
 */
export const PRODUCTION_FILES = ['package.json', 'package-lock.json', 'vendor', 'app', 'server', 'build'] as const

/** Development tools that must not be in a production install. */
export const DEV_ONLY = ['vite', '@react-router/dev', 'vitest', '@playwright/test', 'eslint', 'msw', 'autocannon']
