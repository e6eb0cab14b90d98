/**
 * The security headers every response carries. Helmet decides them once at
 * start-up; every path (pre-rendered pages, assets, health, errors) sends the
 * same captured list, so no response can miss one or send one twice.
 */
import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SPECULATION_RULES_PATH } from './render/documents.ts';

export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

const helmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'"],
      manifestSrc: ["'self'"],
      // Same-origin fetches only; crawlers' tools (Lighthouse) fetch /robots.txt from the page.
      connectSrc: ["'self'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
  xFrameOptions: { action: 'deny' },
  // Headers for browsers and plug-ins long gone (IE8 downloads, Flash policy
  // files, the removed XSS auditor, DNS prefetching we never trigger): each
  // is validated and written on every response for no benefit today.
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  originAgentCluster: false,
} as const;

/** Features the site never uses, switched off for it and anything it might embed. */
const PERMISSIONS_POLICY = ['accelerometer', 'autoplay', 'camera', 'display-capture', 'encrypted-media', 'fullscreen', 'geolocation',
  'gyroscope', 'magnetometer', 'microphone', 'midi', 'payment', 'picture-in-picture', 'publickey-credentials-get', 'screen-wake-lock',
  'serial', 'usb', 'xr-spatial-tracking'].map((feature) => `${feature}=()`).join(', ');

type Options = Parameters<typeof helmet>[0] & { contentSecurityPolicy: { directives: Record<string, string[]> }; crossOriginOpenerPolicy: { policy: string } };

/** The site's security headers, its CSP allowing the inline stylesheets of these hashes ("sha256-…"). */
export function securityHeaders(styleHashes: readonly string[] = []): HeaderList {
  const options = structuredClone(helmetOptions) as unknown as Options;
  options.contentSecurityPolicy.directives.styleSrc!.push(...styleHashes.map((hash) => `'${hash}'`));
  return captureHeaders(options);
}

/** The sources of the git host the editor's CSP allows: its API, and the avatars it names (server/editor-site.ts, gitHostSources). */
export interface GitHostSources {
  api: string;
  avatars: string[];
}

/**
 * The headers of the browser editor's files (/admin): the site's, with a CSP
 * of their own (docs/decisions/0005-browser-editor.md says why each part):
 * scripts from this origin only, never inline, never eval, but compiling
 * WebAssembly (HarfBuzz, which measures the share images' words); connections to
 * this origin, `gitHost`'s API (EDITOR_GITHUB_API), and blob: URLs, through which
 * Decap reads a picture the owner chose and keeps unsaved work; <style>
 * elements (emotion styles Decap with them); images of this origin, data:
 * and blob: URLs (pictures read from the repository), and the git host's avatars.
 * Sign-in opens a popup on the OAuth proxy, which answers through
 * window.opener: hence same-origin-allow-popups.
 */
export function editorHeaders(gitHost?: GitHostSources): HeaderList {
  const options = structuredClone(helmetOptions) as unknown as Options;
  const directives = options.contentSecurityPolicy.directives;
  directives.scriptSrc = ["'self'", "'wasm-unsafe-eval'"];
  directives.styleSrc = ["'self'", "'unsafe-inline'"];
  directives.imgSrc = ["'self'", 'data:', 'blob:', ...(gitHost?.avatars ?? [])];
  directives.connectSrc = ["'self'", 'blob:', ...(gitHost ? [gitHost.api] : [])];
  options.crossOriginOpenerPolicy = { policy: 'same-origin-allow-popups' };
  return captureHeaders(options);
}

function captureHeaders(options: Options): HeaderList {
  const captured = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => captured.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => captured.delete(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  captured.set('permissions-policy', PERMISSIONS_POLICY);
  return [...captured];
}

/**
 * The headers every response carries: the security set, its CSP allowing the
 * one inline stylesheet by hash, and where the speculation rules are. Every
 * page runs the same: that stylesheet and scripts of this origin. Its JSON-LD
 * blocks need no hash: a <script> of a type that is not a script's is a data
 * block, which HTML's "prepare the script element" leaves before the CSP's
 * inline check, so the header is the same size whatever the pages and languages.
 */
export function responseHeaders(styles: string): HeaderList {
  const hash = createHash('sha256').update(styles).digest('base64');
  // A structured-field list of strings: https://html.spec.whatwg.org/multipage/speculative-loading.html#the-speculation-rules-header
  return [...securityHeaders([`sha256-${hash}`]), ['speculation-rules', `"${SPECULATION_RULES_PATH}"`]];
}
