/** Set by vite.config.ts at build time. */
declare const __PORTAL_BUILD__: { version: string; number: string; commit: string | null }
