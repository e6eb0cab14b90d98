/**
 * Documents for readers other than people in browsers, derived from the site
 * config and the build: security teams (security.txt, RFC 9116). Pure: the
 * server prepares them once beside robots.txt (server/documents.ts), and the
 * static export saves what it answers. See docs/readers.md.
 */
import type { Route } from './routes.ts';
import type { SiteConfig } from './site.ts';

export interface ReaderDocument {
  path: string;
  contentType: string;
  body: string;
}

export interface ReaderInput {
  routes: readonly Route[];
  site: SiteConfig;
  /** When the build was made (ISO 8601): security.txt expires a little under a year after it. */
  builtAt: string;
}

export const SECURITY_TXT_PATH = '/.well-known/security.txt';
/** The legacy address (RFC 9116, section 3): the same file. */
export const LEGACY_SECURITY_TXT_PATH = '/security.txt';
const TEXT = 'text/plain; charset=utf-8';
/** RFC 9116 recommends an Expires less than a year ahead; a deploy rebuilds, so each release refreshes it. */
const SECURITY_TXT_LIFETIME_DAYS = 364;

export function readerDocuments(input: ReaderInput): ReaderDocument[] {
  const securityTxtBody = securityTxt(input);
  return [
    { path: SECURITY_TXT_PATH, contentType: TEXT, body: securityTxtBody },
    { path: LEGACY_SECURITY_TXT_PATH, contentType: TEXT, body: securityTxtBody },
  ];
}

/** https://www.rfc-editor.org/rfc/rfc9116: where to report a vulnerability, until when this is true, and where the file lives. */
export function securityTxt({ site, builtAt }: ReaderInput): string {
  const built = new Date(builtAt);
  if (Number.isNaN(built.getTime())) throw new Error(`Not a build date: ${builtAt}`);
  const expires = new Date(built.getTime() + SECURITY_TXT_LIFETIME_DAYS * 86_400_000);
  return [
    `# How to report a security vulnerability in ${site.publicUrl} to ${site.brandName}.`,
    `Contact: mailto:${site.generalEmail}`,
    `Expires: ${expires.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    'Preferred-Languages: en',
    `Canonical: ${site.publicUrl}${SECURITY_TXT_PATH}`,
    '',
  ].join('\n');
}
