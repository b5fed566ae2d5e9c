import { createContext, useContext } from 'react'

/**
 * Whether this page is rendered in lite mode (no script at all; ADR 0058), given by entry.server.
 * Always false in the browser: a lite page is never hydrated, so only full pages run there.
 */
const LiteContext = createContext(false)

export const LiteProvider = LiteContext.Provider

export function useLite(): boolean {
	return useContext(LiteContext)
}
