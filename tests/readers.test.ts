/**
 * Documents for readers other than people in browsers (docs/readers.md):
 * security.txt (RFC 9116) as its parser would read it.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultSite, type SiteConfig } from '../shared/site.ts';
import { testApp } from './helpers.ts';

const site: SiteConfig = { ...defaultSite, publicUrl: 'https://readers.example.org', generalEmail: 'security-desk@example.org' };
const app = testApp({ config: { nodeEnv: 'test', trustProxy: false, site } });
const YEAR_MS = 365 * 86_400_000;

beforeAll(() => app.prepared);

/**
 * RFC 9116, section 4: lines are fields ("Name: value", the name case-insensitive),
 * comments ("#…") or empty. Returns the values of each field by lower-cased name.
 */
function parseSecurityTxt(text: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const line of text.split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z0-9-]+): (.+)$/.exec(line);
    if (!match) throw new Error(`Not a field line: ${JSON.stringify(line)}`);
    const name = match[1]!.toLowerCase();
    fields.set(name, [...(fields.get(name) ?? []), match[2]!]);
  }
  return fields;
}

describe('security.txt', () => {
  it.each(['/.well-known/security.txt', '/security.txt'])('GET %s is a valid RFC 9116 file', async (path) => {
    const res = await request(app).get(path).expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe((await request(app).get('/home')).headers['content-security-policy']);
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    const fields = parseSecurityTxt(res.text);
    // Contact: at least once; Expires: exactly once (section 2.5.3); Preferred-Languages at most once.
    expect(fields.get('contact')).toEqual([`mailto:${site.generalEmail}`]);
    expect(fields.get('expires')).toHaveLength(1);
    const expires = fields.get('expires')![0]!;
    // An RFC 3339 date-time (section 2.5.5).
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    const remaining = Date.parse(expires) - Date.now();
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(YEAR_MS);
    expect(fields.get('preferred-languages')).toEqual(['en']);
    expect(fields.get('canonical')).toEqual([`${site.publicUrl}/.well-known/security.txt`]);
  });

  it('is revalidated with its ETag', async () => {
    const first = await request(app).get('/.well-known/security.txt');
    await request(app).get('/.well-known/security.txt').set('If-None-Match', first.headers.etag!).expect(304);
  });

  it('is the only file under /.well-known: other dotfile addresses stay a plain 404', async () => {
    for (const path of ['/.well-known/other.txt', '/.well-known/security.txt?x=1', '/.well-known/security.txt/']) {
      const res = await request(app).get(path).expect(404);
      expect(res.text, path).toBe('Not Found\n');
    }
  });
});
