/**
 * The one route table. A page is its entry here, its screen and its content
 * file; the server renders from the table, and the navigation, the Markdown
 * pages, llms.txt, the sitemap, the share images and the static export derive
 * from it. The built-in screens are listed here; each category file and each
 * Markdown page file of content/words adds its own route.
 */
import type { ReactNode } from 'react';
import { fillContent } from '../content/fill.ts';
import type { Category, Content, EntryRef, Language, LegalDocument, MarkdownPage, SiteContent } from '../content/schema.ts';
import { ABOUT_PATH, HOME_PATH, LEGAL_PATH, LEGAL_TAB_PARAM, prefixAt, prefixOf, PRODUCTS_PATH } from './paths.ts';
import type { PageContext } from './screens/context.ts';
import { About } from './screens/About.tsx';
import { Home } from './screens/Home.tsx';
import { Legal } from './screens/Legal.tsx';
import { MarkdownScreen } from './screens/MarkdownScreen.tsx';
import { ProductList } from './screens/ProductList.tsx';
import { Products } from './screens/Products.tsx';
import type { SiteConfig } from './site.ts';


export type Screen = (props: { ctx: PageContext }) => ReactNode;

/** "light" is the dark-surface style of /about and /products: light logo, light icons. */
export type Chrome = 'normal' | 'light';

export interface Route {
  /** Its address: the page's in the default language, prefixed with /code in another (/fr/about). */
  path: string;
  /** The page's address in the default language, the same in every language: what finds its translations. */
  key: string;
  language: Language;
  /** What its language's addresses start with: "" in the default language, "/fr" in French (prefixOf). Its edition: editionOf. */
  prefix: string;
  screen: Screen;
  /** The page's own title; the document title appends the brand name. */
  title: string;
  /** The meta description, the share card's text and the page's line in llms.txt. */
  description: string;
  chrome: Chrome;
  /** The contact and hours block above the bottom strip. */
  footer: boolean;
  /** Its link in the overlay menu, or null for a page the menu does not list. */
  menuLabel: string | null;
  /** The content entry the page's title and description come from, for pointing at them (shared/site-check.ts). */
  source: EntryRef;
  /** A product list screen's category. */
  category?: Category;
  /** A page written in Markdown (content/words/pages). */
  page?: MarkdownPage;
  /** A legal document (content/words/legal), the Legal page's first at /legal, each other at /legal/<its file's name>. */
  document?: LegalDocument;
  /** Breadcrumb parent, in the same language; a page lists its children (the product cards). */
  parent?: string;
  /**
   * Old addresses of other pages under this one's, by a query parameter
   * (/legal?tab=privacy, a legal document's address before it had its own):
   * each value's page, by its address in the default language, which the
   * server answers with a permanent redirect.
   */
  queryRedirects?: { param: string; to: Readonly<Record<string, string>> };
}

/** A route as the table makes it for one language's content, before it is given its language and address (fillSite). */
export type RouteDraft = Omit<Route, 'key' | 'language' | 'prefix'>;

type PageFields = { title: string; description: string; menuLabel: string | null };
const page = (fields: PageFields, source: EntryRef) => ({ title: fields.title, description: fields.description, menuLabel: fields.menuLabel, source });

/**
 * The table for a content: the built-in screens, a page per category under
 * /products, and a page per Markdown page, before Legal. Made from the
 * filled content (fillSite), its titles are what visitors read.
 */
export function siteRoutes(content: Pick<Content, 'home' | 'about' | 'products' | 'legalPage' | 'categories' | 'legal' | 'pages'>): RouteDraft[] {
  const { about, products, legalPage } = content;
  return [
    { path: HOME_PATH, screen: Home, chrome: 'normal', footer: false, ...page(content.home, { collection: 'home', id: 'home' }) },
    ...(about ? [{ path: ABOUT_PATH, screen: About, chrome: 'light', footer: true, ...page(about, { collection: 'about', id: 'about' }) } as const] : []),
    ...(products ? [{ path: PRODUCTS_PATH, screen: Products, chrome: 'light', footer: true, ...page(products, { collection: 'products', id: 'products' }) } as const] : []),
    ...content.categories.map(
      (category): RouteDraft => ({
        path: `${PRODUCTS_PATH}/${category.slug}`,
        screen: ProductList,
        title: category.title,
        description: category.description,
        chrome: 'normal',
        footer: true,
        menuLabel: null,
        source: { collection: 'categories', id: category.id },
        category,
        ...(products && { parent: PRODUCTS_PATH }),
      }),
    ),
    ...content.pages.map((markdown): RouteDraft => ({ path: markdown.path, screen: MarkdownScreen, chrome: 'normal', footer: true, ...page(markdown, { collection: 'pages', id: markdown.id }), page: markdown })),
    // Each legal document a page of its own, the first at /legal; the Legal page's words are their tabs' and heading.
    ...(legalPage
      ? content.legal.map(
          (document, index): RouteDraft => ({
            path: index === 0 ? LEGAL_PATH : `${LEGAL_PATH}/${document.id}`,
            screen: Legal,
            title: document.title,
            description: document.description,
            chrome: 'normal',
            footer: true,
            menuLabel: index === 0 ? legalPage.menuLabel : null,
            source: { collection: 'legal', id: document.id },
            document,
            ...(index === 0 && { queryRedirects: { param: LEGAL_TAB_PARAM, to: Object.fromEntries(content.legal.slice(1).map((other) => [other.id, `${LEGAL_PATH}/${other.id}`])) } }),
          }),
        )
      : []),
  ];
}

/** The categories of a route table, in its order. */
export function categoriesOf(table: readonly Route[]): Category[] {
  return table.flatMap((route) => (route.category ? [route.category] : []));
}

/** One language of the site: its content with every placeholder filled, and its pages. */
export interface Edition {
  language: Language;
  /** "" for the default language, "/fr" for French: what its addresses start with. */
  prefix: string;
  content: Content;
  routes: Route[];
}

/** What the pages are made from: each language's edition, the default first, and every page of all of them. */
export interface FilledSite {
  editions: Edition[];
  routes: Route[];
  /** Each old address of every language and the page it leads to (/fr/products/fuel → /fr/products/energy-and-fuel): redirects.yaml's, in each language that has the page. */
  redirects: Record<string, string>;
  /**
   * Each address of a language that has no translation of its page yet (/fr/about while about.fr.yaml is
   * missing), its old addresses included, and the page in the default language it leads to for now (302):
   * a link to it keeps working, and leads to the translation once there is one.
   */
  untranslated: Record<string, string>;
}

/**
 * The site's words as visitors read them: a content (the site's own,
 * content/index.ts, or another, such as the browser editor's with the entry
 * being edited in it) filled with a site's settings (content/fill.ts), and
 * the route table made from each language's. The server, the build and the
 * editor's preview all start here. Nothing here reads the content itself, so
 * the browser editor can draw pages while a file of the site's is broken.
 */
export function fillSite(site: SiteConfig, content: SiteContent, table: (content: Content) => RouteDraft[] = siteRoutes): FilledSite {
  const defaultCode = content.editions[0]!.language.code;
  const editions = content.editions.map((words): Edition => {
    const filled = fillContent(words, site);
    const { language } = words;
    const prefix = prefixOf(language.code, defaultCode);
    const routes = table(filled).map(
      (draft): Route => ({
        ...draft,
        key: draft.path,
        language,
        prefix,
        path: prefix + draft.path,
        source: { ...draft.source, language: language.code },
        ...(draft.parent !== undefined && { parent: prefix + draft.parent }),
        ...(draft.queryRedirects && { queryRedirects: { ...draft.queryRedirects, to: Object.fromEntries(Object.entries(draft.queryRedirects.to).map(([value, to]) => [value, prefix + to])) } }),
      }),
    );
    return { language, prefix, content: filled, routes };
  });
  const redirects = editions.flatMap(({ prefix, routes }) => content.redirects.redirects.filter(({ to }) => routes.some((route) => route.key === to)).map(({ from, to }) => [prefix + from, prefix + to] as const));
  // The default language has every page; another may lack some. Its prefix is "", so a page's key is its address there.
  const untranslated = editions.slice(1).flatMap(({ prefix, routes }) => {
    const has = new Set(routes.map((route) => route.key));
    const lacking = editions[0]!.routes.filter((route) => !has.has(route.key)).map((route) => [prefix + route.key, route.key] as const);
    const oldOfLacking = content.redirects.redirects.filter(({ to }) => !has.has(to)).map(({ from, to }) => [prefix + from, to] as const);
    return [...lacking, ...oldOfLacking];
  });
  return { editions, routes: editions.flatMap((edition) => edition.routes), redirects: Object.fromEntries(redirects), untranslated: Object.fromEntries(untranslated) };
}

/** A route's edition: its language's. */
export function editionOf(editions: readonly Edition[], route: Pick<Route, 'language'>): Edition {
  const edition = editions.find((candidate) => candidate.language.code === route.language.code);
  if (!edition) throw new Error(`No edition in ${route.language.code}`);
  return edition;
}

/** The edition an address no route may have is in (a 404's, an error's, an old address's): the one whose prefix starts it, else the default. */
export function editionAt(editions: readonly Edition[], address: string): Edition {
  const prefix = prefixAt(editions.map((edition) => edition.prefix), address);
  return editions.find((edition) => edition.prefix === prefix)!;
}

/** The same page in every language that has it, the default language first. */
export function translationsOf(route: Route, editions: readonly Edition[]): Array<{ language: Language; route: Route; address: string }> {
  return editions.flatMap((edition) => {
    const match = edition.routes.find((other) => other.key === route.key);
    return match ? [{ language: edition.language, route: match, address: match.path }] : [];
  });
}

/** A language in the switcher: where it leads from this page, and whether it is the page's own. */
export interface LanguageLink {
  language: Language;
  href: string;
  current: boolean;
}

/**
 * Where each language leads from a page: the same page in it, or, where it
 * has no translation, the closest page it has (the page's parent, else its
 * home page).
 */
export function languageLinks(route: Route, editions: readonly Edition[]): LanguageLink[] {
  const byKey = new Map(editions.flatMap((edition) => edition.routes.map((other) => [`${edition.language.code} ${other.key}`, other] as const)));
  const parentKey = route.parent === undefined ? undefined : route.parent.slice(route.prefix.length);
  return editions.map((edition) => {
    const at = (key: string | undefined) => (key === undefined ? undefined : byKey.get(`${edition.language.code} ${key}`));
    const same = translationsOf(route, [edition])[0];
    const href = same?.address ?? (at(route.key) ?? at(parentKey) ?? at(HOME_PATH))?.path ?? `${edition.prefix}/`;
    return { language: edition.language, href, current: edition.language.code === route.language.code };
  });
}
