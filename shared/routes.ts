/**
 * The one route table. A page is its entry here, its screen and its content;
 * the server renders from the table, and the navigation, the Markdown pages,
 * llms.txt, the sitemap, the share images and the static export derive from
 * it. No other file lists routes.
 */
import type { ReactNode } from 'react';
import { productCategories } from './content/products.ts';
import { LEGAL_DOCUMENT_IDS, type ProductCategory } from './content/schema.ts';
import { listOf } from './content/words.ts';
import { ABOUT_PATH, HOME_PATH, LEGAL_PATH, LEGAL_TAB_PARAM, PRODUCTS_PATH } from './paths.ts';
import type { PageContext } from './screens/context.ts';
import { About } from './screens/About.tsx';
import { Home } from './screens/Home.tsx';
import { Legal } from './screens/Legal.tsx';
import { ProductList } from './screens/ProductList.tsx';
import { Products } from './screens/Products.tsx';

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
  /** A product list screen's category. */
  category?: ProductCategory;
  /** Breadcrumb parent; a page lists its children (the product cards). */
  parent?: string;
  /**
   * A query parameter that selects a variant of the screen (the legal tabs).
   * The first value is the default and its address has no query.
   */
  variants?: { param: string; values: readonly string[] };
}

/** The table for a list of categories: each gets its page under /products, and the copy that names them follows. */
export function siteRoutes(categories: readonly ProductCategory[]): Route[] {
  return [
    {
      path: HOME_PATH,
      screen: Home,
      title: 'Procurement Perfected',
      description:
        'We source and compare supplier quotations for business buyers and present the three best offers. Free to the buyer.',
      chrome: 'normal',
      footer: false,
      menuLabel: 'Home',
    },
    {
      path: ABOUT_PATH,
      screen: About,
      title: 'About Us',
      description:
        'How we work: your Letter of Intent, a matching LOI under our name, quotations from our supplier network and the three offers that fit best.',
      chrome: 'light',
      footer: true,
      menuLabel: 'About Us',
    },
    {
      path: PRODUCTS_PATH,
      screen: Products,
      title: 'Our Products',
      description: `${listOf(categories.map((category) => category.title))}, sourced from a vetted supplier network.`,
      chrome: 'light',
      footer: true,
      menuLabel: 'Our Products',
    },
    ...categories.map(
      (category): Route => ({
        path: `${PRODUCTS_PATH}/${category.slug}`,
        screen: ProductList,
        title: category.title,
        description: category.description,
        chrome: 'normal',
        footer: true,
        menuLabel: null,
        category,
        parent: PRODUCTS_PATH,
      }),
    ),
    {
      path: LEGAL_PATH,
      screen: Legal,
      title: 'Legal',
      description: 'Terms of use, privacy policy and disclaimer.',
      chrome: 'normal',
      footer: true,
      menuLabel: 'Legal',
      variants: { param: LEGAL_TAB_PARAM, values: LEGAL_DOCUMENT_IDS },
    },
  ];
}

export const routes: readonly Route[] = siteRoutes(productCategories);

/** The categories of a route table, in its order. */
export function categoriesOf(table: readonly Route[]): ProductCategory[] {
  return table.flatMap((route) => (route.category ? [route.category] : []));
}
