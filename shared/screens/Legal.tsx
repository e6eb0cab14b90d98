import type { LegalDocument } from '../../content/schema.ts';
import { Island } from '../ui/Island.tsx';
import { ISLANDS } from '../ui/islands.ts';
import { LegalTabs, tabFromSearch, type LegalTabsProps } from '../ui/LegalTabs.tsx';
import { Markdown } from '../ui/Markdown.tsx';
import { addressIn, HOME_PATH, routeAddresses } from '../paths.ts';
import type { PageContext } from './context.ts';

export function Legal({ ctx }: { ctx: PageContext }) {
  const { legal: documents } = ctx.content;
  // The route exists only where the language has the page (shared/routes.ts).
  const legalPage = ctx.content.legalPage!;
  const addresses = routeAddresses(ctx.route);
  const tabs = documents.map((doc, index) => ({ id: doc.id, label: doc.tabLabel, href: addresses[index] ?? ctx.route.path }));
  const props: LegalTabsProps = { tabs, initial: tabFromSearch(tabs, ctx.variant), label: legalPage.tabsLabel };
  return (
    <div className="page">
      <header className="page-header">
        <h1>{ctx.route.title}</h1>
      </header>
      <Island name={ISLANDS.legalTabs} props={props}>
        <LegalTabs {...props} panels={documents.map((doc) => ({ content: <LegalText doc={doc} lastUpdated={legalPage.lastUpdated} locale={ctx.content.language.locale} /> }))} />
      </Island>
      <p>
        <a className="button button--outline" href={addressIn(ctx.routes, ctx.prefix, HOME_PATH)}>
          {legalPage.homeButton}
        </a>
      </p>
    </div>
  );
}

function LegalText({ doc, lastUpdated, locale }: { doc: LegalDocument; lastUpdated: string; locale: string }) {
  return (
    <>
      <h2>{doc.title}</h2>
      <p className="muted">
        {lastUpdated} <time dateTime={doc.updated}>{formatDate(doc.updated, locale)}</time>
      </p>
      <Markdown blocks={doc.body} sectionLevel={3} />
    </>
  );
}

/** "2026-03-01" as the language writes a date: "1 March 2026", "1 mars 2026". */
function formatDate(iso: string, locale: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
