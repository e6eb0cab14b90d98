/** Finds the server-rendered islands and hydrates each with its component. */
import { startTransition, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLANDS } from '../shared/ui/Island.tsx';
import { LegalTabs, type LegalTabsProps } from '../shared/ui/LegalTabs.tsx';
import { SiteNav, type SiteNavProps } from '../shared/ui/SiteNav.tsx';
import { InWriting } from '../shared/ui/Words.tsx';
import { pageWriting } from '../shared/writing.ts';

const components: Record<string, (root: HTMLElement, props: never) => ReactElement> = {
  [ISLANDS.siteNav]: (_root, props: SiteNavProps) => <SiteNav {...props} />,
  [ISLANDS.legalTabs]: (_root, props: LegalTabsProps) => <LegalTabs {...props} />,
};

export function hydrateIslands(): void {
  const writing = pageWriting(document.documentElement);
  // As a transition, hydration yields to the browser every few milliseconds
  // instead of holding the main thread for the whole page.
  startTransition(() => {
    for (const root of document.querySelectorAll<HTMLElement>('[data-island]')) {
      const render = components[root.dataset.island ?? ''];
      if (render) hydrateRoot(root, <InWriting writing={writing}>{render(root, JSON.parse(root.dataset.props ?? '{}') as never)}</InWriting>);
    }
  });
}
