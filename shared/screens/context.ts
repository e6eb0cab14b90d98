import type { PictureSlot } from '../../content/art.ts';
import type { Content } from '../../content/schema.ts';
import { editionOf, languageLinks, type Edition, type LanguageLink, type Route } from '../routes.ts';
import type { BuiltPicture } from '../ui/Picture.tsx';
import type { SiteConfig } from '../site.ts';

/** What a screen may know when it renders. */
export interface PageContext {
  site: SiteConfig;
  /** The table, and the content, with their placeholders filled for this site (routes.ts, withWords). */
  routes: readonly Route[];
  content: Content;
  route: Route;
  /** The public URL of a built asset, by its source name (e.g. "icons/favicon.svg"). */
  asset: (name: string) => string;
  /** A picture of content/art as the build made it for a slot (ui/Picture.tsx). */
  picture: (file: string, slot: PictureSlot) => BuiltPicture;
  /** What the page's language's addresses start with: "" for the default language, "/fr" for French. */
  prefix: string;
  /** The language switcher's links (routes.ts, languageLinks). */
  languages: LanguageLink[];
}

/** A route's page context, in its language's edition: the one place it is made (the server's pages, their Markdown, the editor's preview). */
export function pageContext(route: Route, editions: readonly Edition[], { site, asset, picture }: Pick<PageContext, 'site' | 'asset' | 'picture'>): PageContext {
  const { routes, content } = editionOf(editions, route);
  return { site, routes, content, route, asset, picture, prefix: route.prefix, languages: languageLinks(route, editions) };
}
