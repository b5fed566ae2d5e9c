import { rewriteLegacyUrl, TAB_BASE_PATHS } from '#app/domain/screens.ts'

/**
 * The inline script that runs before hydration: the original app's
 * `#/path?query#hash` URLs and `#tab` fragments become our paths. It loads the
 * new URL rather than editing history so the server renders the right page.
 */
export const urlRewriteScript = `(function(){var to=(${rewriteLegacyUrl.toString()})(location,${JSON.stringify(TAB_BASE_PATHS)});if(to&&to!==location.pathname+location.search+location.hash)location.replace(to)})()`
