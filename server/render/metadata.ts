/**
 * What the <head> says about a page to browsers, crawlers and link previews:
 * derived from the route table and the site config, never from the request.
 */
import type { Content, Language } from '../../content/schema.ts';
import { HOME_PATH } from '../../shared/paths.ts';
import { translationsOf, type Edition, type Route } from '../../shared/routes.ts';
import { say } from '../../shared/sentences.ts';
import { SHARE_IMAGE, shareImage } from '../../shared/share-image.ts';
import type { SiteConfig } from '../../shared/site.ts';
import { structuredDataBlocks } from './structured-data.ts';

/** --ink and --paper of client/styles.css (tests/seo.test.ts keeps them in step). */
export const THEME_COLOR = '#0f1f33';
export const BACKGROUND_COLOR = '#f7f5f0';

/** Built assets by source name (client/assets/…). */
export const ICON_ASSETS = {
  svg: 'icons/favicon.svg',
  png: 'icons/favicon-32.png',
  appleTouch: 'icons/apple-touch-icon.png',
  app: [
    { name: 'icons/icon-192.png', size: 192 },
    { name: 'icons/icon-512.png', size: 512 },
  ],
} as const;
/** The web app manifest of a language, by its prefix: its name and description in the words of the pages that link it (documents.ts makes them). */
export const manifestPath = (prefix: string) => `${prefix}/manifest.webmanifest`;

export interface HeadLinks {
  /** The stylesheet's text, inlined (see AssetUrls.styles). */
  styles: string;
  script?: { src: string; integrity: string };
  icons: { svg: string; png: string; appleTouch: string };
  manifest: string;
}

export interface ShareCard {
  url: string;
  title: string;
  description: string;
  siteName: string;
  /** og:locale, and the locales of the page's translations (og:locale:alternate). */
  locale: string;
  alternateLocales: string[];
  image: { url: string; width: number; height: number; type: string; alt: string };
}

export interface PageMeta {
  title: string;
  description: string;
  /** Absent on pages that are not ours to index (not found, errors). */
  canonicalUrl?: string;
  robots?: string;
  /** The page in every language that has it, itself included, and x-default (the default language's): hreflang links. */
  alternates: Array<{ hreflang: string; url: string }>;
  share?: ShareCard;
  /** Serialized JSON-LD blocks (see structured-data.ts). */
  structuredData: string[];
}

export interface MetaInput {
  site: SiteConfig;
  editions: readonly Edition[];
  /** The page's language's content. */
  content: Content;
  asset: (name: string) => string;
}

/** "fr-FR" → "fr_FR", as Open Graph writes a locale. */
export function openGraphLocale(language: Language): string {
  const locale = new Intl.Locale(language.locale);
  return `${locale.language}_${locale.region}`;
}

/** The head's links of a page in the language of `prefix`. */
export function headLinks(asset: (name: string) => string, styles: string, prefix: string, script?: HeadLinks['script']): HeadLinks {
  return {
    styles,
    ...(script && { script }),
    icons: { svg: asset(ICON_ASSETS.svg), png: asset(ICON_ASSETS.png), appleTouch: asset(ICON_ASSETS.appleTouch) },
    manifest: manifestPath(prefix),
  };
}

/** A route's own page: indexable, with its canonical address, share card and structured data. */
export function pageMeta(route: Route, input: MetaInput): PageMeta {
  const { site, asset } = input;
  const url = site.publicUrl + route.path;
  const image = shareImage(route, input.content);
  const translations = translationsOf(route, input.editions);
  return {
    title: documentTitle(route, site, input.content),
    description: route.description,
    canonicalUrl: url,
    alternates: hreflangAlternates(route, input.editions, site),
    share: {
      url,
      title: route.title,
      description: route.description,
      siteName: site.brandName,
      locale: openGraphLocale(route.language),
      alternateLocales: translations.filter((translation) => translation.route !== route).map((translation) => openGraphLocale(translation.language)),
      image: { url: site.publicUrl + asset(image.name), ...SHARE_IMAGE, type: image.type, alt: image.alt },
    },
    structuredData: structuredDataBlocks(route, { site, routes: input.editions.flatMap((edition) => edition.routes), asset: input.asset, hours: input.content.hours }),
  };
}

/**
 * The page in every language that has it, itself included, and x-default,
 * the default language's: what its head and its sitemap entry both list
 * (documents.ts), so the two cannot differ.
 */
export function hreflangAlternates(route: Route, editions: readonly Edition[], site: SiteConfig): PageMeta['alternates'] {
  const translations = translationsOf(route, editions);
  const byDefault = translations.find((translation) => translation.language.code === editions[0]!.language.code);
  return [
    ...translations.map((translation) => ({ hreflang: translation.language.code, url: site.publicUrl + translation.address })),
    ...(byDefault ? [{ hreflang: 'x-default', url: site.publicUrl + byDefault.address }] : []),
  ];
}

/** Any other address: it shows the home screen but is not a page of ours to index or share. */
export function notFoundMeta(home: Route, site: SiteConfig, content: Content): PageMeta {
  return { title: say(content, 'pageTitle', { page: content.labels.notFoundTitle, brandName: site.brandName }), description: home.description, robots: 'noindex', alternates: [], structuredData: [] };
}

export function errorMeta(site: SiteConfig, content: Content): PageMeta {
  return { title: say(content, 'pageTitle', { page: content.labels.errorTitle, brandName: site.brandName }), description: content.labels.errorDescription, robots: 'noindex', alternates: [], structuredData: [] };
}

/** The title in the browser tab: the language's template around the page's own title and the brand's name. */
function documentTitle(route: Route, site: SiteConfig, content: Content): string {
  return say(content, route.key === HOME_PATH ? 'homeTitle' : 'pageTitle', { page: route.title, brandName: site.brandName });
}

