import type { ReactNode } from 'react';

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
