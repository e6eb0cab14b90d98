import type { Content } from '../../content/schema.ts';
import type { LanguageLink, Route } from '../routes.ts';
import type { SiteConfig } from '../site.ts';

/** What a screen may know when it renders. */
export interface PageContext {
  site: SiteConfig;
  /** The table, and the content, with their placeholders filled for this site (routes.ts, withWords). */
  routes: readonly Route[];
  content: Content;
  route: Route;
  /** The variant's query ("?tab=privacy"), or "" for the route's default. */
  variant: string;
  /** The public URL of a built asset, by its source name (e.g. "art/hero.svg"). */
  asset: (name: string) => string;
  /** What the page's language's addresses start with: "" for the default language, "/fr" for French. */
  prefix: string;
  /** The language switcher's links (routes.ts, languageLinks). */
  languages: LanguageLink[];
}
