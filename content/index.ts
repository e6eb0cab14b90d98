/**
 * The site's content, checked (load.ts): every language's, as `siteContent`,
 * and the default language's parts by name. Under tsx and vitest it is read
 * from content/words and content/art when first imported, once per process,
 * and a mistake stops the import with one line per problem. In the bundles
 * this module is the data the build read (scripts/build/content-as-data.ts):
 * neither the parsers nor the schemas reach the server or the browser, and
 * `locate` is the build's alone.
 */
import { ContentError } from './load.ts';
import { readContent } from './read.ts';

const checked = readContent();
if (!checked.content) throw new ContentError(checked.problems);

export const siteContent = checked.content;
/** The default language's content, which tests and scripts read as "the" content. */
export const content = siteContent.editions[0]!;
export const { home, about, products, legalPage, hours, labels, categories, legal, pages } = content;
/** Where each field is written, for the checks beyond a file's own (shared/site-check.ts). */
export const locate = checked.locate;
/** The texts' links to addresses of ours, where they are written (shared/site-check.ts). */
export const links = checked.links;
/** Each page a language has no translation of (content/load.ts). */
export const notices = checked.notices;
