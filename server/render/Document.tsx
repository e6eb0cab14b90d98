import type { ReactNode } from 'react';
import type { Language } from '../../content/schema.ts';
import { scriptAttributes } from '../../shared/writing.ts';
import { THEME_COLOR, type HeadLinks, type PageMeta, type ShareCard } from './metadata.ts';

export interface DocumentProps {
  /** The page's language: its lang, its direction and its script (the stylesheet's fonts). */
  language: Language;
  meta: PageMeta;
  links: HeadLinks;
  bodyClass: string;
  /** The dev server's client script (RenderOptions.devScript). */
  devScript?: string | undefined;
  children: ReactNode;
}

/** The whole HTML document; the server prepends the doctype. */
export function Document({ language, meta, links, bodyClass, devScript, children }: DocumentProps) {
  return (
    <html lang={language.code} {...scriptAttributes(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before the stylesheet: a visitor who prefers dark gets a dark canvas from the first paint. */}
        <meta name="color-scheme" content="light dark" />
        <title>{meta.title}</title>
        {/* The build's CSS, which cannot contain "</style" (server/assets.ts checks); the CSP allows it by hash. */}
        <style dangerouslySetInnerHTML={{ __html: links.styles }} />
        {links.script ? <script type="module" src={links.script.src} integrity={links.script.integrity} /> : null}
        {devScript ? <script type="module" src={devScript} /> : null}
        <meta name="description" content={meta.description} />
        {meta.robots ? <meta name="robots" content={meta.robots} /> : null}
        {meta.canonicalUrl ? <link rel="canonical" href={meta.canonicalUrl} /> : null}
        {meta.alternates.map((alternate) => (
          <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.url} />
        ))}
        <meta name="theme-color" content={THEME_COLOR} />
        {/* sizes="32x32" keeps browsers that understand SVG icons from preferring the PNG. */}
        <link rel="icon" href={links.icons.png} sizes="32x32" type="image/png" />
        <link rel="icon" href={links.icons.svg} type="image/svg+xml" />
        <link rel="apple-touch-icon" href={links.icons.appleTouch} />
        <link rel="manifest" href={links.manifest} />
        {meta.share ? <ShareTags card={meta.share} /> : null}
        {meta.structuredData.map((json) => (
          // Already escaped for a script element (structured-data.ts); a data block, which the CSP does not govern.
          <script key={json} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
        ))}
      </head>
      <body className={bodyClass}>{children}</body>
    </html>
  );
}

/** Open Graph for link previews; X (Twitter) reads the same tags and only needs the card size. */
function ShareTags({ card }: { card: ShareCard }) {
  return (
    <>
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={card.siteName} />
      <meta property="og:title" content={card.title} />
      <meta property="og:description" content={card.description} />
      <meta property="og:url" content={card.url} />
      <meta property="og:locale" content={card.locale} />
      {card.alternateLocales.map((locale) => (
        <meta key={locale} property="og:locale:alternate" content={locale} />
      ))}
      <meta property="og:image" content={card.image.url} />
      <meta property="og:image:type" content={card.image.type} />
      <meta property="og:image:width" content={String(card.image.width)} />
      <meta property="og:image:height" content={String(card.image.height)} />
      <meta property="og:image:alt" content={card.image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:image" content={card.image.url} />
      <meta name="twitter:image:alt" content={card.image.alt} />
    </>
  );
}
