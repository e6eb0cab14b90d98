import type { Route } from './routes.ts';

/** Addresses that code needs by name. Everything else comes from the route table. */
export const HOME_PATH = '/home';
export const LEGAL_PATH = '/legal';
export const ABOUT_PATH = '/about';
export const PRODUCTS_PATH = '/products';

/**
 * Paths that show a route's screen without being its canonical address: each
 * language's root (/ and /fr/, and /fr as typed) shows its home page.
 */
export function aliasesOf(table: readonly Route[]): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const route of table) {
    if (route.key !== HOME_PATH) continue;
    const prefix = route.path.slice(0, -HOME_PATH.length);
    aliases[`${prefix}/`] = route.path;
    if (prefix) aliases[prefix] = route.path;
  }
  return aliases;
}
export const LEGAL_TAB_PARAM = 'tab';

export function menuLinks(table: readonly Route[]): { href: string; label: string }[] {
  return table.flatMap((route) => (route.menuLabel ? [{ href: route.path, label: route.menuLabel }] : []));
}

/** Every address a route answers at: its path, then one per non-default variant. */
export function routeAddresses(route: Route): string[] {
  const variants = route.variants;
  if (!variants) return [route.path];
  return variants.values.map((value, index) => (index === 0 ? route.path : `${route.path}?${variants.param}=${value}`));
}

/** A page's address in the language of a table (its routes, its prefix), or the default language's where that language has no such page. */
export function addressIn(table: readonly Route[], prefix: string, key: string): string {
  return table.some((route) => route.path === prefix + key) ? prefix + key : key;
}
