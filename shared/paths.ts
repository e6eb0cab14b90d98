import type { Route } from './routes.ts';

/** Addresses that code needs by name. Everything else comes from the route table. */
export const HOME_PATH = '/home';
export const LEGAL_PATH = '/legal';
export const ABOUT_PATH = '/about';
export const PRODUCTS_PATH = '/products';

/** Paths that show a route's screen without being its canonical address. */
export const aliases: Readonly<Record<string, string>> = { '/': HOME_PATH };
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
