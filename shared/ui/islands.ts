/** Names that tie a server-rendered island to the component the client hydrates it with. */
export const ISLANDS = {
  siteNav: 'site-nav',
  legalTabs: 'legal-tabs',
} as const;

/** The class of a legal tab panel, which the client reads the server's HTML back from. */
export const LEGAL_PANEL_CLASS = 'legal-tabs__panel';
