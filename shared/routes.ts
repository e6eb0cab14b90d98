/**
 * The one route table. The server renders from it; navigation, the sitemap,
 * the static export and the tests derive from it. No other file lists routes.
 */
import type { ReactNode } from 'react';
import { legalDocumentIds } from './content/legal.ts';
import { productCategories } from './content/products.ts';
import { ABOUT_PATH, HOME_PATH, LEGAL_PATH, LEGAL_TAB_PARAM } from './paths.ts';
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
  description: string;
  chrome: Chrome;
  /** The contact and hours block above the bottom strip. */
  footer: boolean;
  /** Label in the overlay menu; routes without one are not listed there. */
  menuLabel?: string;
  /** For product list screens: which category. */
  productSlug?: string;
  /** Breadcrumb parent, for product list screens. */
  parent?: string;
  /**
   * A query parameter that selects a variant of the screen (the legal tabs).
   * The first value is the default and its address has no query.
   */
  variants?: { param: string; values: readonly string[] };
}

const PRODUCTS_PATH = '/products';

export const routes: readonly Route[] = [
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
    description:
      'Energy and fuel, agricultural inputs, industrial chemicals, construction materials and textiles, sourced from a vetted supplier network.',
    chrome: 'light',
    footer: true,
    menuLabel: 'Our Products',
  },
  ...productCategories.map(
    (category): Route => ({
      path: `/products/${category.slug}`,
      screen: ProductList,
      title: category.title,
      description: category.description,
      chrome: 'normal',
      footer: true,
      productSlug: category.slug,
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
    variants: { param: LEGAL_TAB_PARAM, values: legalDocumentIds },
  },
];
