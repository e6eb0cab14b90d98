import type { KeyboardEvent } from 'react';
import { useEnhanced } from './useEnhanced.ts';
import { Words } from './Words.tsx';

export interface LegalTab {
  id: string;
  label: string;
  /** The document's own page: /legal for the first, /legal/privacy for the others. */
  href: string;
}

export interface LegalTabsProps {
  tabs: LegalTab[];
  /** The document of this page. */
  current: string;
  /** What screen readers call the row of tabs. */
  label: string;
}

/**
 * The legal documents' tabs: links between their pages, each document a page
 * of its own with its own address, title and description, the current one
 * marked as the page. They work as links without a script; with it, the
 * arrow keys move along the row (the way it reads: right to left, ArrowLeft
 * is the next), Home and End to its ends, as in a row of tabs, and Enter
 * follows the link.
 */
export function LegalTabs({ tabs, current, label }: LegalTabsProps) {
  const enhanced = useEnhanced();
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a')];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index === -1) return;
    const last = links.length - 1;
    const next = index === last ? 0 : index + 1;
    const previous = index === 0 ? last : index - 1;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const target = { ArrowRight: rtl ? previous : next, ArrowLeft: rtl ? next : previous, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    links[target]!.focus();
  }

  return (
    // data-enhanced: the row answers the arrow keys from now on (the script has hydrated it).
    <nav className="legal-tabs__list" aria-label={label} onKeyDown={onKeyDown} data-enhanced={enhanced ? '' : undefined}>
      {tabs.map((tab) => (
        <a key={tab.id} className="tab" href={tab.href} aria-current={tab.id === current ? 'page' : undefined}>
          <Words text={tab.label} />
        </a>
      ))}
    </nav>
  );
}
