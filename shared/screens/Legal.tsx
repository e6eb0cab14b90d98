import type { Content, LegalDocument } from '../../content/schema.ts';
import { say, sayDate } from '../sentences.ts';
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
        <LegalTabs {...props} panels={documents.map((doc) => ({ content: <LegalText doc={doc} content={ctx.content} /> }))} />
      </Island>
      <p>
        <a className="button button--outline" href={addressIn(ctx.routes, ctx.prefix, HOME_PATH)}>
          {legalPage.homeButton}
        </a>
      </p>
    </div>
  );
}

function LegalText({ doc, content }: { doc: LegalDocument; content: Content }) {
  return (
    <>
      <h2>{doc.title}</h2>
      {/* The whole sentence, its date machine-readable: where the date falls in it is the language's. A draft in the editor may have no date yet (the check refuses it). */}
      {Number.isNaN(Date.parse(doc.updated)) ? null : (
        <p className="muted">
          <time dateTime={doc.updated}>{say(content, 'lastUpdated', { date: sayDate(content, doc.updated) })}</time>
        </p>
      )}
      <Markdown blocks={doc.body} sectionLevel={3} />
    </>
  );
}
