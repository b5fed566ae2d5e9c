import { createContext, useContext } from 'react'

/**
 * The page's inline scripts, given by entry.server: `head` runs before hydration (the legacy URL
 * rewrite, `url-rewrite.ts`), `tail` at the end of the body (the analytics script's loader, for a
 * visitor who allowed it: `logging/analytics-script.server.ts`). Empty in the browser: they have
 * run by then, and their text would otherwise ship in every page's JavaScript as well as its HTML.
 */
export interface InlineScripts {
	head: string
	tail: string
}

const InlineScriptsContext = createContext<InlineScripts>({ head: '', tail: '' })

export const InlineScriptsProvider = InlineScriptsContext.Provider

export function useInlineScripts(): InlineScripts {
	return useContext(InlineScriptsContext)
}
