/** The display preferences a user sets on the settings page or the consent banner. */
export const SIDEBAR_SIDES = ['left', 'right'] as const
export type SidebarSide = (typeof SIDEBAR_SIDES)[number]
export const DEFAULT_SIDEBAR_SIDE: SidebarSide = 'right'
