/** Names that tie a server-rendered island to the component the client hydrates it with. */
export const ISLANDS = {
  siteNav: 'site-nav',
  legalTabs: 'legal-tabs',
} as const;
