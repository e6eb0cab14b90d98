import type { PageContext } from '../screens/context.ts';
import { addressIn, HOME_PATH, LEGAL_PATH, menuLinks } from '../paths.ts';
import { Island, ISLANDS } from './Island.tsx';
import { SiteNav, type SiteNavProps } from './SiteNav.tsx';
import { BottomStrip, ContactBlock } from './SiteFooter.tsx';
import { writingOf } from '../writing.ts';
import { InWriting, Words } from './Words.tsx';

/**
 * What the body of a page holds: the skip link, the menu, the screen and the
 * footer. The server renders it inside the document (render.tsx); the
 * browser editor's preview draws it with the entry being edited (client/editor/).
 */
export function Page({ ctx, found = true }: { ctx: PageContext; found?: boolean }) {
  const { site, routes, route, content, prefix } = ctx;
  const { labels } = content;
  const Screen = route.screen;
  const nav: SiteNavProps = {
    brandName: site.brandName,
    homeHref: addressIn(routes, prefix, HOME_PATH),
    chrome: route.chrome,
    currentPath: found ? route.path : null,
    links: menuLinks(routes),
    languages: ctx.languages.map(({ language, href, current }) => ({ code: language.code, name: language.name, href, current })),
    labels: labels.nav,
  };
  return (
    <InWriting writing={writingOf(content.language)}>
      <a className="skip-link" href="#main">
        <Words text={labels.skipLink} />
      </a>
      <Island name={ISLANDS.siteNav} props={nav}>
        <SiteNav {...nav} />
      </Island>
      <main id="main" tabIndex={-1}>
        {found ? null : (
          <p className="notice" role="status">
            <Words text={labels.notFound} />
          </p>
        )}
        <Screen ctx={ctx} />
      </main>
      <footer className={`site-footer site-footer--${route.chrome}`}>
        {route.footer ? <ContactBlock site={site} content={content} /> : null}
        <BottomStrip labels={labels.footer} chrome={route.chrome} legalHref={addressIn(routes, prefix, LEGAL_PATH)} />
      </footer>
    </InWriting>
  );
}
