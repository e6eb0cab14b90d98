/**
 * Headers on every kind of response, and hostile or odd input: each case
 * answers on purpose and the server stays up.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../harness/harness.ts';
import { siteContent } from '../content/index.ts';
import type { Content } from '../content/schema.ts';
import { siteRoutes } from '../shared/routes.ts';
import { defaultSite } from '../shared/site.ts';
import { categoryRoutes, cspDirectives, defaultLanguageOnly, editions, listening, rawConnection, rawRequest, testApp, throwingRoute, withThrowingRoute } from './helpers.ts';

const app = testApp({ routes: withThrowingRoute });
let server: Server;
let port: number;
let close: () => Promise<void>;
let scriptUrl: string;

beforeAll(async () => {
  await app.prepareAll();
  ({ server, port, close } = await listening(app));
  scriptUrl = /<script[^>]+src="([^"]+)"/.exec((await request(app).get('/home')).text)![1]!;
});
afterAll(() => close());

/** Sends raw bytes and returns the raw response (for requests supertest cannot make). */
const raw = (payload: string) => rawRequest(port, payload);

const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);

const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'permissions-policy',
  'x-frame-options',
];

describe('the security headers', () => {
  const kinds: [string, () => request.Test][] = [
    ['a page', () => request(app).get('/about')],
    ['the home page via /', () => request(app).get('/')],
    ['a 404 page', () => request(app).get('/nope')],
    ['a 500 page', () => request(app).get(throwingRoute.path)],
    ['a 400 page', () => request(app).get('/%E0%A4%A')],
    ['a redirect', () => request(app).get('/about/')],
    ['an asset', () => request(app).get(scriptUrl)],
    ['a missing asset', () => request(app).get('/assets/nope.js')],
    ['a 304', () => request(app).get('/about').set('If-None-Match', '*')],
    ['a 405', () => request(app).post('/about')],
    ['OPTIONS', () => request(app).options('/about')],
    ['/healthz', () => request(app).get('/healthz')],
    ['/readyz', () => request(app).get('/readyz')],
    ['HEAD', () => request(app).head('/legal')],
  ];

  it.each(kinds)('are on %s, each exactly once, and identical to a page’s', async (_kind, send) => {
    const reference = await request(app).get('/home');
    const res = await send();
    for (const name of SECURITY_HEADERS) {
      expect(res.headers[name], name).toBe(reference.headers[name]);
      const occurrences = res.headers[name] === undefined ? 0 : ([] as string[]).concat(res.headers[name]).length;
      expect(occurrences, name).toBe(1);
    }
    // The raw header list, to catch a header sent twice under two spellings.
    const rawHeaders = (res as unknown as { res: IncomingMessage }).res.rawHeaders;
    const names = rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase());
    expect(names.length).toBe(new Set(names).size);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('has a strict Content-Security-Policy', async () => {
    const csp = (await request(app).get('/home')).headers['content-security-policy'] as string;
    // Every directive, so that none is added or loosened (the dev server's pages have this one too, dev-server.test.ts).
    expect(Object.fromEntries(cspDirectives(csp))).toEqual({
      'default-src': ["'none'"],
      // Scripts of this origin only: the JSON-LD blocks are data, which no CSP governs (docs/security.md).
      'script-src': ["'self'"],
      // 'self' and the hash of the one inline stylesheet; never 'unsafe-inline'.
      'style-src': ["'self'", expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)],
      'img-src': ["'self'"],
      'manifest-src': ["'self'"],
      'connect-src': ["'self'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it('sets HSTS for two years, nosniff, DENY, and same-origin isolation', async () => {
    const res = await request(app).get('/home');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=63072000\b/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it('no page has an inline style or script other than the stylesheet the CSP names and data', async () => {
    for (const route of routes) {
      const res = await request(app).get(route.path);
      const html = res.text;
      expect(html, route.path).not.toMatch(/\sstyle="/);
      const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map(([, text]) => text!);
      expect(styles, route.path).toHaveLength(1);
      expect(html.match(/<style[\s>]/g), route.path).toHaveLength(1);
      const hash = createHash('sha256').update(styles[0]!).digest('base64');
      expect(res.headers['content-security-policy'], route.path).toContain(`style-src 'self' 'sha256-${hash}'`);
      for (const [, attributes] of html.matchAll(/<script([^>]*)>/g)) {
        expect(attributes!.includes('src=') || /type="application\/(ld\+)?json"|type="speculationrules"/.test(attributes!), route.path).toBe(true);
      }
    }
  });
});

describe('the header block', () => {
  /** Its bytes as sent, but for Content-Length's value, which is the body's. */
  const size = (res: request.Response) => {
    const raw = (res as unknown as { res: IncomingMessage }).res.rawHeaders;
    let bytes = 0;
    for (let i = 0; i < raw.length; i += 2) bytes += `${raw[i]}: ${raw[i]!.toLowerCase() === 'content-length' ? '' : raw[i + 1]}\r\n`.length;
    return bytes;
  };
  /** Each category page again at another address, each with a breadcrumb of its own. */
  const morePages = (content: Content) => {
    const table = siteRoutes(content);
    return [...table, ...table.filter((route) => route.category).map((route) => ({ ...route, path: `${route.path}-again` }))];
  };

  it('stays the same size when pages and languages are added', async () => {
    const fewer = testApp({ content: defaultLanguageOnly, routes: (content) => siteRoutes(content).filter((route) => !route.category) });
    const more = testApp({ content: siteContent, routes: morePages });
    expect(siteContent.languages.length).toBeGreaterThan(1);
    for (const path of ['/home', '/about', '/nope', '/healthz']) {
      const [before, after] = await Promise.all([request(fewer).get(path), request(more).get(path)]);
      expect(after.status, path).toBe(before.status);
      expect(size(after), path).toBe(size(before));
    }
  });
});

describe('malformed percent-encoding', () => {
  it.each(['/%E0%A4%A', '/about%', '/%', '/assets/%E0%A4%A.js', '/legal%ZZ'])('GET %s answers 400 with the fallback screen', async (path) => {
    const res = await request(app).get(path).expect(400);
    expect(res.text).toContain('Unexpected Application Error!');
    expect(res.text).toContain('Bad Request');
  });
});

describe('path traversal against the asset path', () => {
  it.each([
    '/assets/../package.json',
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/%252e%252e/%252e%252e/package.json',
    '/assets/..%5c..%5cpackage.json',
    '/assets/..\\..\\package.json',
    '/assets/%2e%2e%5c%2e%2e%5cpackage.json',
    '/assets/entry.js%00.png',
    '/assets/../../../../etc/passwd',
    '/assets/manifest.json',
    '/assets/../manifest.json',
  ])('GET %s never returns a file outside the asset folder', async (path) => {
    const response = await raw(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect([400, 404]).toContain(statusOf(response));
    expect(response).not.toContain('"dependencies"');
    expect(response).not.toContain('root:x:0:0');
    expect(response).not.toContain('"integrity"');
  });

  it('a null byte in the request line is refused', async () => {
    const response = await raw(`GET /assets/x\u0000.js HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(statusOf(response)).toBe(400);
  });
});

describe('dotfiles', () => {
  it.each(['/.env', '/.git/config', '/.git/HEAD', '/assets/.hidden', '/products/.htaccess', '/.well-known/../.env'])('GET %s answers a plain 404', async (path) => {
    const res = await request(app).get(path).expect(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('oversized requests', () => {
  it('a URL over the limit answers 414 or 431, and the server stays up', async () => {
    const response = await raw(`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect([414, 431]).toContain(statusOf(response));
    await request(server).get('/home').expect(200);
  });

  it('a path of five thousand ".md" (a page as Markdown of a page as Markdown…) answers 404 at once, and the server stays up', async () => {
    await request(server).get(`/about${'.md'.repeat(5_000)}`).expect(404);
    await request(server).get('/about.md.md').expect(404);
    await request(server).get('/home').expect(200);
  });

  it('a header block over the limit answers 431', async () => {
    const headers = Array.from({ length: 200 }, (_, i) => `X-Filler-${i}: ${'b'.repeat(100)}`).join('\r\n');
    const response = await raw(`GET /home HTTP/1.1\r\nHost: localhost\r\n${headers}\r\nConnection: close\r\n\r\n`);
    expect(statusOf(response)).toBe(431);
    await request(server).get('/home').expect(200);
  });
});

describe('methods', () => {
  it.each(['post', 'put', 'patch', 'delete'] as const)('%s answers 405 with Allow: GET, HEAD', async (method) => {
    const res = await request(app)[method]('/about').send('x=1').expect(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('OPTIONS answers with Allow', async () => {
    const res = await request(app).options('/about').expect(204);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('TRACE answers 405 and does not echo the request', async () => {
    const response = await raw('TRACE /about HTTP/1.1\r\nHost: localhost\r\nX-Secret: hunter2\r\nConnection: close\r\n\r\n');
    expect(statusOf(response)).toBe(405);
    expect(response).not.toContain('hunter2');
  });

  it('an unknown method is refused', async () => {
    const response = await raw('BREW /about HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect([400, 405, 501]).toContain(statusOf(response));
  });
});

describe('the Host header', () => {
  it('a request without Host answers 400', async () => {
    const response = await raw('GET /home HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(statusOf(response)).toBe(400);
  });

  it('a spoofed Host or X-Forwarded-Host never changes the absolute URLs we print', async () => {
    const res = await request(app).get('/about').set('Host', 'evil.example').set('X-Forwarded-Host', 'evil.example').set('X-Forwarded-Proto', 'http');
    expect(res.text).not.toContain('evil.example');
    expect(res.text).toContain(`href="${defaultSite.publicUrl}/about"`);
    const redirect = await request(app).get('/about/').set('Host', 'evil.example').set('X-Forwarded-Host', 'evil.example').expect(301);
    expect(redirect.headers.location).toBe('/about');
  });
});

describe('query strings', () => {
  it.each(['/home', '/about', '/legal', '/nope', categoryRoutes[0]!.path, ...editions.slice(1).flatMap(({ prefix }) => [`${prefix}/legal`, `${prefix}/nope`])])('are never reflected on %s', async (path) => {
    const marker = '"><script>alert(1)</script>';
    const res = await request(app).get(`${path}?q=${encodeURIComponent(marker)}&tab=${encodeURIComponent(marker)}`);
    expect(res.text).not.toContain('alert(1)');
    expect(JSON.stringify(res.headers)).not.toContain('alert(1)');
  });

  it('a path is not reflected on the 404 page either', async () => {
    const res = await request(app).get('/%3Cscript%3Ealert(1)%3C%2Fscript%3E').expect(404);
    expect(res.text).not.toContain('alert(1)');
  });
});

describe('range requests on assets', () => {
  it('answer 206 with the asked bytes', async () => {
    const whole = await request(app).get(scriptUrl).set('Accept-Encoding', 'identity').expect(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await request(app).get(scriptUrl).set('Accept-Encoding', 'identity').set('Range', 'bytes=0-99').buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.headers['content-length']}`);
    expect((part.body as Buffer).toString()).toBe(whole.text.slice(0, 100));
    const suffix = await request(app).get(scriptUrl).set('Accept-Encoding', 'identity').set('Range', 'bytes=-10').expect(206);
    expect(suffix.headers['content-length']).toBe('10');
  });

  it('answer 416 when the range is beyond the end', async () => {
    const res = await request(app).get(scriptUrl).set('Accept-Encoding', 'identity').set('Range', 'bytes=99999999-').expect(416);
    expect(res.headers['content-range']).toMatch(/^bytes \*\/\d+$/);
  });

  it('ignore a range whose If-Range no longer matches, and serve the whole file', async () => {
    await request(app).get(scriptUrl).set('Accept-Encoding', 'identity').set('Range', 'bytes=0-9').set('If-Range', '"stale"').expect(200);
  });

  it('ignore malformed or multiple ranges, and serve the whole file', async () => {
    await request(app).get(scriptUrl).set('Accept-Encoding', 'identity').set('Range', 'bytes=0-1,5-6').expect(200);
    await request(app).get(scriptUrl).set('Accept-Encoding', 'identity').set('Range', 'pages=1').expect(200);
    // One good range beside a malformed one: the header as a whole is malformed.
    await request(app).get(scriptUrl).set('Accept-Encoding', 'identity').set('Range', 'bytes=0-9,x-').expect(200);
    await request(app).get(scriptUrl).set('Accept-Encoding', 'identity').set('Range', 'bytes=20-10').expect(200);
  });

  it('serve the one range left when the others are beyond the end, and merge adjacent ones', async () => {
    await request(app).get(scriptUrl).set('Accept-Encoding', 'identity').set('Range', 'bytes=0-9,99999999-').expect(206).expect('content-range', /^bytes 0-9\//);
    await request(app).get(scriptUrl).set('Accept-Encoding', 'identity').set('Range', 'bytes=0-9,10-19').expect(206).expect('content-range', /^bytes 0-19\//);
  });
});

describe('conditional requests', () => {
  it('answer 304 to a matching If-None-Match, per encoding, and 200 otherwise', async () => {
    // With its encodings, each with its own tag: the same in every language, so the default language's pages (a third of the encoding).
    const app = testApp({ content: defaultLanguageOnly, precompress: true });
    await app.prepareAll();
    const first = await request(app).get('/about').set('Accept-Encoding', 'br').expect(200);
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
    const again = await request(app).get('/about').set('Accept-Encoding', 'br').set('If-None-Match', first.headers.etag as string).expect(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.text ?? '').toBe('');
    // The same tag does not match the gzip representation.
    await request(app).get('/about').set('Accept-Encoding', 'gzip').set('If-None-Match', first.headers.etag as string).expect(200);
    await request(app).get('/about').set('If-None-Match', '"something-else"').expect(200);
  });
});

describe('a client that disconnects mid-response', () => {
  it('does no harm', async () => {
    for (let i = 0; i < 20; i++) {
      const client = await rawConnection(port);
      client.socket.write(`GET ${scriptUrl} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: identity\r\n\r\n`);
      await client.receivedUntil((text) => text.length > 0);
      client.socket.destroy();
    }
    await request(server).get(scriptUrl).expect(200);
    await request(server).get('/home').expect(200);
  });
});
