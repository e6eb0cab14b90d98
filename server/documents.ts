/**
 * Files the server answers at fixed addresses besides pages and hashed assets
 * (for crawlers, the web app manifest, …). Each is derived from the route
 * table and the site config, and prepared once like every other response.
 */
import type { Route } from '../shared/routes.ts';
import type { SiteConfig } from '../shared/site.ts';
import type { AssetUrls } from '../shared/render.tsx';

export interface FixedDocument {
  path: string;
  contentType: string;
  body: string | Buffer;
  cacheControl: string;
}

export function fixedDocuments(_input: { routes: readonly Route[]; site: SiteConfig; assets: AssetUrls }): FixedDocument[] {
  return [];
}
