/**
 * The one route table. A page is its entry here, its screen and its content
 * file; the server renders from the table, and the navigation, the Markdown
 * pages, llms.txt, the sitemap, the share images and the static export derive
 * from it. The built-in screens are listed here; each category file and each
 * Markdown page file of content/words adds its own route.
 */
import type { ReactNode } from 'react';
import { fillContent } from '../content/fill.ts';
import type { Category, Content, EntryRef, MarkdownPage } from '../content/schema.ts';
import { ABOUT_PATH, HOME_PATH, LEGAL_PATH, LEGAL_TAB_PARAM, PRODUCTS_PATH } from './paths.ts';
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
  path: string;
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
  /** The content entry the page's title and description come from, for pointing at them (shared/check.ts). */
  source: EntryRef;
  /** A product list screen's category. */
  category?: Category;
  /** A page written in Markdown (content/words/pages). */
  page?: MarkdownPage;
  /** Breadcrumb parent; a page lists its children (the product cards). */
  parent?: string;
  /**
   * A query parameter that selects a variant of the screen (the legal tabs).
   * The first value is the default and its address has no query.
   */
  variants?: { param: string; values: readonly string[] };
}

type PageFields = { title: string; description: string; menuLabel: string | null };
const page = (fields: PageFields, source: EntryRef) => ({ title: fields.title, description: fields.description, menuLabel: fields.menuLabel, source });

/**
 * The table for a content: the built-in screens, a page per category under
 * /products, and a page per Markdown page, before Legal. Made from the
 * filled content (fillSite), its titles are what visitors read.
 */
export function siteRoutes(content: Pick<Content, 'home' | 'about' | 'products' | 'legalPage' | 'categories' | 'legal' | 'pages'>): Route[] {
  return [
    { path: HOME_PATH, screen: Home, chrome: 'normal', footer: false, ...page(content.home, { collection: 'home', id: 'home' }) },
    { path: ABOUT_PATH, screen: About, chrome: 'light', footer: true, ...page(content.about, { collection: 'about', id: 'about' }) },
    { path: PRODUCTS_PATH, screen: Products, chrome: 'light', footer: true, ...page(content.products, { collection: 'products', id: 'products' }) },
    ...content.categories.map(
      (category): Route => ({
        path: `${PRODUCTS_PATH}/${category.slug}`,
        screen: ProductList,
        title: category.title,
        description: category.description,
        chrome: 'normal',
        footer: true,
        menuLabel: null,
        source: { collection: 'categories', id: category.id },
        category,
        parent: PRODUCTS_PATH,
      }),
    ),
    ...content.pages.map((markdown): Route => ({ path: markdown.path, screen: MarkdownScreen, chrome: 'normal', footer: true, ...page(markdown, { collection: 'pages', id: markdown.id }), page: markdown })),
    {
      path: LEGAL_PATH,
      screen: Legal,
      chrome: 'normal',
      footer: true,
      ...page(content.legalPage, { collection: 'legalPage', id: 'legalPage' }),
      variants: { param: LEGAL_TAB_PARAM, values: content.legal.map((doc) => doc.id) },
    },
  ];
}


/** The categories of a route table, in its order. */
export function categoriesOf(table: readonly Route[]): Category[] {
  return table.flatMap((route) => (route.category ? [route.category] : []));
}

/** The content with every placeholder filled for a site, and the route table made from it: what the pages are made from. */
export interface FilledSite {
  routes: Route[];
  content: Content;
}

/**
 * The site's words as visitors read them: a content (the site's own,
 * content/index.ts, or another, such as the browser editor's with the entry
 * being edited in it) filled with a site's settings (content/fill.ts), and
 * the route table made from it. The server, the build and the editor's
 * preview all start here. Nothing here reads the content itself, so the
 * browser editor can draw pages while a file of the site's is broken.
 */
export function fillSite(site: SiteConfig, content: Content, table: (content: Content) => Route[] = siteRoutes): FilledSite {
  const filled = fillContent(content, site);
  return { routes: table(filled), content: filled };
}
