/**
 * The site's words, read from the files beside this module and checked
 * (scripts/content/load.ts). The bundles never run this: the build replaces
 * this module with the data it returns (scripts/build.ts, contentAsData), so
 * neither the parsers nor the schemas reach the server or the browser. Under
 * tsx and vitest it reads the files when first imported, and a mistake stops
 * the import with one line per problem.
 */
import { loadContent } from '../../scripts/content/load.ts';

export const { home, about, products, legalPage, hours, labels, categories, legal, pages } = loadContent();
