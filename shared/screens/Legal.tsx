import { legalDocuments } from '../content/legal.ts';
import type { LegalDocument } from '../content/schema.ts';
import { Island } from '../ui/Island.tsx';
import { ISLANDS } from '../ui/islands.ts';
import { LegalTabs, tabFromSearch, type LegalTabsProps } from '../ui/LegalTabs.tsx';
import { SectionBody } from '../ui/Prose.tsx';
import { HOME_PATH, routeAddresses } from '../paths.ts';
import type { PageContext } from './context.ts';

export function Legal({ ctx }: { ctx: PageContext }) {
  const documents = legalDocuments(ctx.site);
  const addresses = routeAddresses(ctx.route);
  const tabs = documents.map((doc, index) => ({ id: doc.id, label: doc.tabLabel, href: addresses[index] ?? ctx.route.path }));
  const props: LegalTabsProps = { tabs, initial: tabFromSearch(tabs, ctx.variant) };
  return (
    <div className="page">
      <header className="page-header">
        <h1>{ctx.route.title}</h1>
      </header>
      <Island name={ISLANDS.legalTabs} props={props}>
        <LegalTabs {...props} panels={documents.map((doc) => ({ content: <LegalText doc={doc} /> }))} />
      </Island>
      <p>
        <a className="button button--outline" href={HOME_PATH}>
          Home
        </a>
      </p>
    </div>
  );
}

function LegalText({ doc }: { doc: LegalDocument }) {
  return (
    <>
      <h2>{doc.title}</h2>
      <p className="muted">
        Last updated <time dateTime={doc.updated}>{formatDate(doc.updated)}</time>
      </p>
      {doc.intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <h3>{section.heading}</h3>
          <SectionBody section={section} />
        </section>
      ))}
    </>
  );
}

/** "2026-03-01" as "1 March 2026". */
function formatDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
