import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useEnhanced } from './useEnhanced.ts';
import { LEGAL_TAB_PARAM } from '../paths.ts';
import { LEGAL_PANEL_CLASS } from './islands.ts';

/** A legal document's name: its file's (terms, privacy…), which its address carries (?tab=privacy). */
type LegalDocumentId = string;

export interface LegalTab {
  id: LegalDocumentId;
  label: string;
  /** The address that shows this tab without JavaScript, e.g. /legal?tab=privacy. */
  href: string;
}

/**
 * What a panel shows: the server passes React content; the client passes the
 * HTML the server already rendered, so the texts are not shipped twice.
 */
export type PanelBody = { content: ReactNode } | { html: string };

export interface LegalTabsProps {
  tabs: LegalTab[];
  initial: LegalDocumentId;
  /** What screen readers call the row of tabs. */
  label: string;
}

/**
 * Without JavaScript the tabs are links that the server answers with that tab
 * selected. With it they follow the WAI-ARIA tabs pattern, switch at once,
 * and keep the address bar in step so a tab can be shared and Back works.
 * https://www.w3.org/WAI/ARIA/apg/patterns/tabs/
 */
export function LegalTabs({ tabs, initial, label, panels }: LegalTabsProps & { panels: PanelBody[] }) {
  const enhanced = useEnhanced();
  const [selected, setSelected] = useState(initial);
  const tabRefs = useRef(new Map<LegalDocumentId, HTMLAnchorElement>());

  useEffect(() => {
    const onPopState = () => setSelected(tabFromLocation(tabs));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [tabs]);

  function select(tab: LegalTab, focus: boolean) {
    if (tab.id !== selected) {
      setSelected(tab.id);
      history.pushState(null, '', tab.href);
    }
    if (focus) tabRefs.current.get(tab.id)?.focus();
  }

  function onClick(event: MouseEvent<HTMLAnchorElement>, tab: LegalTab) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    select(tab, false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const last = tabs.length - 1;
    const next = index === last ? 0 : index + 1;
    const previous = index === 0 ? last : index - 1;
    // The arrow that points along the row moves along it: right to left, ArrowLeft is the next tab.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const target = { ArrowRight: rtl ? previous : next, ArrowLeft: rtl ? next : previous, Home: 0, End: last }[event.key];
    const tab = target === undefined ? undefined : tabs[target];
    if (!tab) return;
    event.preventDefault();
    select(tab, true);
  }

  return (
    <div className="legal-tabs">
      {/* Links between the documents until the script makes them tabs; a nav can carry both roles' label. */}
      <nav className="legal-tabs__list" role={enhanced ? 'tablist' : undefined} aria-label={label}>
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <a
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
              }}
              id={`tab-${tab.id}`}
              className="tab"
              href={tab.href}
              role={enhanced ? 'tab' : undefined}
              aria-selected={enhanced ? isSelected : undefined}
              aria-controls={enhanced ? `panel-${tab.id}` : undefined}
              tabIndex={enhanced && !isSelected ? -1 : undefined}
              aria-current={!enhanced && isSelected ? 'page' : undefined}
              onClick={(event) => onClick(event, tab)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </a>
          );
        })}
      </nav>
      {tabs.map((tab, index) => {
        const body = panels[index];
        return (
          <section
            key={tab.id}
            id={`panel-${tab.id}`}
            className={`${LEGAL_PANEL_CLASS} prose`}
            role={enhanced ? 'tabpanel' : undefined}
            aria-labelledby={enhanced ? `tab-${tab.id}` : undefined}
            tabIndex={enhanced ? 0 : undefined}
            hidden={tab.id !== selected}
            dangerouslySetInnerHTML={body && 'html' in body ? { __html: body.html } : undefined}
          >
            {body && 'content' in body ? body.content : undefined}
          </section>
        );
      })}
    </div>
  );
}

/** The tab a URL asks for; an unknown or missing value means the first tab. */
export function tabFromSearch<T extends { id: string }>(tabs: readonly T[], search: string): T['id'] {
  const wanted = new URLSearchParams(search).get(LEGAL_TAB_PARAM);
  return (tabs.find((tab) => tab.id === wanted) ?? tabs[0])!.id;
}

function tabFromLocation(tabs: LegalTab[]): LegalDocumentId {
  return tabFromSearch(tabs, window.location.search);
}
