/**
 * Prepared responses (server/responses.ts): header values are checked when
 * the response is prepared, and the encoding is negotiated as RFC 9110 says.
 */
import { describe, expect, it } from 'vitest';
import { chooseEncoding, prepare } from '../server/responses.ts';

describe('preparing a response', () => {
  it('refuses a header value that could split the response', () => {
    expect(() =>
      prepare({ status: 200, body: Buffer.from('x'), contentType: 'text/plain', cacheControl: 'no-store', baseHeaders: [['x-evil', 'a\r\nset-cookie: b']] }),
    ).toThrow(/Invalid character in header content/);
  });

  it('keeps an encoding only where it makes the body smaller, once the encodings are made', async () => {
    const tiny = prepare({ status: 200, body: Buffer.from('x'), contentType: 'text/plain', cacheControl: 'no-store', baseHeaders: [] });
    const page = prepare({ status: 200, body: Buffer.from('<p>hello</p>'.repeat(100)), contentType: 'text/html', cacheControl: 'no-store', baseHeaders: [] });
    // At start-up, as it is: the encodings come a few turns of the event loop later, gzip first.
    expect(Object.keys(page.representations)).toEqual(['identity']);
    await Promise.all([tiny.complete, page.complete]);
    expect(Object.keys(tiny.representations)).toEqual(['identity']);
    expect(Object.keys(page.representations).sort()).toEqual(['br', 'gzip', 'identity']);
  });
});

describe('choosing an encoding', () => {
  const all = { br: true, gzip: true, identity: true };
  it.each([
    [undefined, 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0, GZIP;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['identity', 'identity'],
    ['br;q=abc', 'identity'],
  ])('Accept-Encoding %s gets %s', (header, expected) => {
    expect(chooseEncoding(header, all)).toBe(expected);
  });

  it('offers only what the response has', () => {
    expect(chooseEncoding('br, gzip', { identity: true, gzip: true })).toBe('gzip');
    expect(chooseEncoding('br, gzip', { identity: true })).toBe('identity');
  });
});
