import type { Route } from './routes.ts';

/** Addresses that code needs by name. Everything else comes from the route table. */
export const HOME_PATH = '/home';
export const LEGAL_PATH = '/legal';
export const ABOUT_PATH = '/about';
export const PRODUCTS_PATH = '/products';

/** What a language's addresses start with: "" in the default language (`defaultCode`), "/fr" in French. Every route carries its own (Route.prefix). */
export function prefixOf(code: string, defaultCode: string): string {
  return code === defaultCode ? '' : `/${code}`;
}

/** Which of the languages' prefixes an address is under: the one that starts it, else "" (the default language's). */
export function prefixAt(prefixes: readonly string[], path: string): string {
  return prefixes.find((prefix) => prefix && (path === prefix || path.startsWith(`${prefix}/`))) ?? '';
}

/**
 * Paths that show a route's screen without being its canonical address: each
 * language's root (/ and /fr/, and /fr as typed) shows its home page.
 */
export function aliasesOf(table: readonly Route[]): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const route of table) {
    if (route.key !== HOME_PATH) continue;
    const { prefix } = route;
    aliases[`${prefix}/`] = route.path;
    if (prefix) aliases[prefix] = route.path;
  }
  return aliases;
}
/** The query parameter the legal documents had their addresses by, before each had its own (/legal?tab=privacy, now /legal/privacy). */
export const LEGAL_TAB_PARAM = 'tab';

export function menuLinks(table: readonly Route[]): { href: string; label: string }[] {
  return table.flatMap((route) => (route.menuLabel ? [{ href: route.path, label: route.menuLabel }] : []));
}

/** A page's address in the language of a table (its routes, its prefix), or the default language's where that language has no such page. */
export function addressIn(table: readonly Route[], prefix: string, key: string): string {
  return table.some((route) => route.path === prefix + key) ? prefix + key : key;
}
