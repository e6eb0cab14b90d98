/**
 * The one route table. A page is its entry here, its screen and its content
 * file; the server renders from the table, and the navigation, the Markdown
 * pages, llms.txt, the sitemap, the share images and the static export derive
 * from it. The built-in screens are listed here; each category file and each
 * Markdown page file of shared/content adds its own route.
 */
import type { ReactNode } from 'react';
import * as content from './content/index.ts';
import type { Category, Content, MarkdownPage } from './content/schema.ts';
import { countOf, fill, fillAll, listOf, type Values } from './content/words.ts';
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
  /** The content entry the page's words come from, for pointing at them (scripts/check-content.ts). */
  words: object;
  /** A product list screen's category. */
  category?: Category;
  /** A page written in Markdown (shared/content/pages). */
  page?: MarkdownPage;
  /** Breadcrumb parent; a page lists its children (the product cards). */
  parent?: string;
  /**
   * A query parameter that selects a variant of the screen (the legal tabs).
   * The first value is the default and its address has no query.
   */
  variants?: { param: string; values: readonly string[] };
}

type PageWords = { title: string; description: string; menuLabel: string | null };
const page = (words: PageWords) => ({ title: words.title, description: words.description, menuLabel: words.menuLabel, words });

/**
 * The table for a content: the built-in screens with their words, a page per
 * category under /products, and a page per Markdown page, before Legal.
 */
export function siteRoutes(words: Pick<Content, 'home' | 'about' | 'products' | 'legalPage' | 'categories' | 'legal' | 'pages'>): Route[] {
  return [
    { path: HOME_PATH, screen: Home, chrome: 'normal', footer: false, ...page(words.home) },
    { path: ABOUT_PATH, screen: About, chrome: 'light', footer: true, ...page(words.about) },
    { path: PRODUCTS_PATH, screen: Products, chrome: 'light', footer: true, ...page(words.products) },
    ...words.categories.map(
      (category): Route => ({
        path: `${PRODUCTS_PATH}/${category.slug}`,
        screen: ProductList,
        title: category.title,
        description: category.description,
        chrome: 'normal',
        footer: true,
        menuLabel: null,
        words: category,
        category,
        parent: PRODUCTS_PATH,
      }),
    ),
    ...words.pages.map((markdown): Route => ({ path: markdown.path, screen: MarkdownScreen, chrome: 'normal', footer: true, ...page(markdown), page: markdown })),
    {
      path: LEGAL_PATH,
      screen: Legal,
      chrome: 'normal',
      footer: true,
      ...page(words.legalPage),
      variants: { param: LEGAL_TAB_PARAM, values: words.legal.map((doc) => doc.id) },
    },
  ];
}

export const routes: readonly Route[] = siteRoutes(content);

/** The categories of a route table, in its order. */
export function categoriesOf(table: readonly Route[]): Category[] {
  return table.flatMap((route) => (route.category ? [route.category] : []));
}

/** A route table and the content with every placeholder filled for a site: what the pages are made from. */
export interface SiteWords {
  routes: Route[];
  content: Content;
}

/**
 * The words of a site: its settings and the table's categories put into every
 * {placeholder}; of the site's own content, or of another (the browser
 * editor's preview, with the entry being edited in it).
 */
export function withWords(table: readonly Route[], site: SiteConfig, words: Content = content): SiteWords {
  const titles = categoriesOf(table).map((category) => category.title);
  const values: Values = {
    brandName: site.brandName,
    generalEmail: site.generalEmail,
    salesEmail: site.salesEmail,
    publicUrl: site.publicUrl,
    linkedInUrl: site.linkedInUrl,
    categoryCount: countOf(titles.length),
    categoryList: listOf(titles),
  };
  return {
    routes: table.map((route) => ({
      ...route,
      title: fill(route.title, values),
      description: fill(route.description, values),
      menuLabel: route.menuLabel === null ? null : fill(route.menuLabel, values),
      ...(route.category && { category: fillAll(route.category, values) }),
      ...(route.page && { page: fillAll(route.page, values) }),
    })),
    content: fillAll({ ...words }, values),
  };
}
