import type { ReactNode } from 'react';

/** Names that tie a server-rendered island to the component the client hydrates it with (client/hydrate-islands.tsx). */
export const ISLANDS = {
  siteNav: 'site-nav',
  legalTabs: 'legal-tabs',
} as const;

/**
 * Marks a server-rendered subtree that the client entry hydrates. The props
 * travel as JSON in an attribute so the client renders exactly what the server did.
 */
export function Island<P extends object>({ name, props, children }: { name: string; props: P; children: ReactNode }) {
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      {children}
    </div>
  );
}
