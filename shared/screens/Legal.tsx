import type { Content, LegalDocument } from '../../content/schema.ts';
import { Island, ISLANDS } from '../ui/Island.tsx';
import { LegalTabs, type LegalTabsProps } from '../ui/LegalTabs.tsx';
import { Markdown } from '../ui/Markdown.tsx';
import { addressIn, HOME_PATH } from '../paths.ts';
import { say, sayDate } from '../sentences.ts';
import { Words } from '../ui/Words.tsx';
import type { PageContext } from './context.ts';

/** A legal document's page: the Legal page's heading, the documents' tabs (links between their pages), and this one's text. */
export function Legal({ ctx }: { ctx: PageContext }) {
  // The route exists only where the language has the page and the document (shared/routes.ts).
  const legalPage = ctx.content.legalPage!;
  const doc = ctx.route.document!;
  const tabs = ctx.routes.flatMap((route) => (route.document ? [{ id: route.document.id, label: route.document.tabLabel, href: route.path }] : []));
  const props: LegalTabsProps = { tabs, current: doc.id, label: legalPage.tabsLabel };
  return (
    <div className="page">
      <header className="page-header">
        <h1>
          <Words text={legalPage.title} />
        </h1>
      </header>
      <div className="legal-tabs">
        <Island name={ISLANDS.legalTabs} props={props}>
          <LegalTabs {...props} />
        </Island>
        <section className="legal-tabs__panel prose" aria-labelledby={`document-${doc.id}`}>
          <LegalText doc={doc} content={ctx.content} publicUrl={ctx.site.publicUrl} />
        </section>
      </div>
      <p>
        <a className="button button--outline" href={addressIn(ctx.routes, ctx.prefix, HOME_PATH)}>
          <Words text={legalPage.homeButton} />
        </a>
      </p>
    </div>
  );
}

function LegalText({ doc, content, publicUrl }: { doc: LegalDocument; content: Content; publicUrl: string }) {
  return (
    <>
      <h2 id={`document-${doc.id}`}>
        <Words text={doc.title} />
      </h2>
      {/* The whole sentence, its date machine-readable: where the date falls in it is the language's. A draft in the editor may have no date yet (the check refuses it). */}
      {Number.isNaN(Date.parse(doc.updated)) ? null : (
        <p className="muted">
          <time dateTime={doc.updated}>
            <Words text={say(content, 'lastUpdated', { date: sayDate(content, doc.updated) })} />
          </time>
        </p>
      )}
      <Markdown blocks={doc.body} sectionLevel={3} publicUrl={publicUrl} />
    </>
  );
}
