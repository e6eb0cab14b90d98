/**
 * Prepared responses (server/responses.ts): header values are checked when
 * the response is prepared, and the encoding is negotiated as RFC 9110 says.
 */
import { performance } from 'node:perf_hooks';
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
    // At once, as it is: the encodings come later, from libuv's threads, gzip first.
    expect(Object.keys(page.representations)).toEqual(['identity']);
    await Promise.all([tiny.complete, page.complete]);
    expect(Object.keys(tiny.representations)).toEqual(['identity']);
    expect(Object.keys(page.representations).sort()).toEqual(['br', 'gzip', 'identity']);
  });

  it('makes the encodings on libuv’s threads, so that the event loop answers requests meanwhile', async () => {
    // A body whose brotli at quality 11 takes about half a second: words drawn at random (a fixed sequence), which it cannot shorten fast.
    let seed = 1;
    const body = Buffer.from(Array.from({ length: 30_000 }, () => `w${((seed = (seed * 48_271) % 2_147_483_647) % 100_000).toString(36)}`).join(' '));
    const before = performance.eventLoopUtilization();
    const page = prepare({ status: 200, body, contentType: 'text/html', cacheControl: 'no-store', baseHeaders: [] });
    await page.complete;
    expect(Object.keys(page.representations).sort()).toEqual(['br', 'gzip', 'identity']);
    // Compressed on the event loop, it is busy all the time (1); off it, what is left is the worker's other work.
    expect(performance.eventLoopUtilization(before).utilization).toBeLessThan(0.75);
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
