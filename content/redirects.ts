/**
 * The changes the browser editor makes to redirects.yaml (schema.ts,
 * `redirects`) when a save changes the site's addresses: every address is
 * published, and an address that changes leaves a redirect behind, so no
 * link to the site ever answers 404. Pure: the editor runs them in the
 * browser, on the file's data, before the content check of the save.
 */
import type { Redirects } from './schema.ts';

/**
 * The file's data with `addresses` published too: the site's page addresses
 * after a change (the default language's route table, without prefix). An
 * address once published stays, in order, each once.
 */
export function publish(data: Redirects, addresses: readonly string[]): Redirects {
  return { ...data, published: [...new Set([...data.published, ...addresses])].sort() };
}

/**
 * The file's data once the page at `from` has moved to `to`: a redirect from
 * the old address, the redirects that led to it now leading to the new one
 * (no chain), and none left from the new address, a page again.
 */
export function recordRename(data: Redirects, from: string, to: string): Redirects {
  const redirects = [...data.redirects.filter((redirect) => redirect.from !== from), { from, to }]
    .map((redirect) => (redirect.to === from ? { ...redirect, to } : redirect))
    .filter((redirect) => redirect.from !== to);
  return { ...data, redirects };
}
