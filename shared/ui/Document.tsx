import type { ReactNode } from 'react';

export interface DocumentProps {
  title: string;
  description: string;
  canonicalUrl?: string;
  robots?: string;
  stylesheet: string;
  script?: { src: string; integrity: string };
  icon: string;
  bodyClass: string;
  children: ReactNode;
}

/** The whole HTML document; the server prepends the doctype. */
export function Document({ title, description, canonicalUrl, robots, stylesheet, script, icon, bodyClass, children }: DocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {robots ? <meta name="robots" content={robots} /> : null}
        {canonicalUrl ? <link rel="canonical" href={canonicalUrl} /> : null}
        <meta name="theme-color" content="#0f1f33" />
        <link rel="icon" href={icon} type="image/svg+xml" />
        <link rel="stylesheet" href={stylesheet} />
        {script ? <script type="module" src={script.src} integrity={script.integrity} /> : null}
      </head>
      <body className={bodyClass}>{children}</body>
    </html>
  );
}
