import { createContext, useContext } from 'react'

/**
 * The portal's stylesheet, given by entry.server, which puts it in the page's head (ADR 0061): a stylesheet
 * that is a file of its own costs a phone on a slow network a round trip before its first paint. Empty in the
 * browser: the page's head has it by then, and its text would otherwise ship in the JavaScript as well.
 */
const InlineStyleContext = createContext('')

export const InlineStyleProvider = InlineStyleContext.Provider

export function useInlineStyle(): string {
	return useContext(InlineStyleContext)
}
