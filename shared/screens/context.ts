import type { Route } from '../routes.ts';
import type { SiteConfig } from '../site.ts';

/** What a screen may know when it renders. */
export interface PageContext {
  site: SiteConfig;
  routes: readonly Route[];
  route: Route;
  /** The variant's query ("?tab=privacy"), or "" for the route's default. */
  variant: string;
  /** The public URL of a built asset, by its source name (e.g. "art/hero.svg"). */
  asset: (name: string) => string;
}
