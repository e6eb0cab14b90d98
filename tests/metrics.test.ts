/**
 * Prometheus metrics (server/metrics.ts): the request duration histogram and
 * its labels, a series count that random paths cannot grow, the default
 * process metrics, readiness, and nothing of it on the site's port.
 * tests/process.test.ts runs them in the built server.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics, type Metrics } from '../server/metrics.ts';
import { categoryRoutes, defaultLanguageOnly, listening, testApp, THROWN_MESSAGE, withThrowingRoute } from './helpers.ts';

const metrics = createMetrics();
// What is measured is the same in every language: the default language's pages make the apps start faster.
const app = testApp({ metrics, content: defaultLanguageOnly });
let site: Awaited<ReturnType<typeof listening>>;

beforeAll(async () => {
  await app.prepareAll();
  site = await listening(app);
});
afterAll(() => site.close());

async function scrape(from = metrics): Promise<string> {
  const res = await request(from.listener).get('/metrics').expect(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return res.text;
}

/** The label sets of the duration histogram's series, e.g. 'GET /about 200'. */
async function durationSeries(from = metrics): Promise<Set<string>> {
  const matches = (await scrape(from)).matchAll(
    /^http_server_request_duration_seconds_count\{http_request_method="([^"]*)",http_route="([^"]*)",http_response_status_code="(\d+)"\} \d+$/gm,
  );
  return new Set([...matches].map(([, method, route, status]) => `${method} ${route} ${status}`));
}

const get = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${site.port}${path}`, init).then((res) => res.arrayBuffer());

describe('http_server_request_duration_seconds', () => {
  it('labels each request with its method, the route table’s path, and its status', async () => {
    const home = await request(app).get('/home').expect(200);
    const script = /<script[^>]+src="([^"]+)"/.exec(home.text)![1]!;
    // A category's page: its address is the owners' to change.
    const category = categoryRoutes[0]!.path;
    await get(category);
    await get('/legal?utm_source=mail');
    await get('/about/');
    await get(script);
    await get('/assets/missing.000000000000.js');
    await get('/no-such-page');
    await get('/home', { method: 'POST' });
    await get('/robots.txt');
    await get('/healthz');

    const series = await durationSeries();
    for (const expected of [
      'GET /home 200',
      `GET ${category} 200`,
      'GET /legal 200',
      'GET /about 301',
      'GET /assets/* 200',
      'GET /assets/* 404',
      'GET unmatched 404',
      'POST /home 405',
      'GET /robots.txt 200',
      'GET /healthz 200',
    ]) {
      expect(series).toContain(expected);
    }
  });

  it('has OpenTelemetry’s advised buckets, in seconds', async () => {
    const buckets = [...(await scrape()).matchAll(/^http_server_request_duration_seconds_bucket\{le="([^"]+)",http_request_method="GET",http_route="\/home",http_response_status_code="200"\}/gm)];
    expect(buckets.map(([, le]) => le)).toEqual(['0.005', '0.01', '0.025', '0.05', '0.075', '0.1', '0.25', '0.5', '0.75', '1', '2.5', '5', '7.5', '10', '+Inf']);
  });

  it('does not grow a series per path: hundreds of random paths add one series per status', async () => {
    const own = createMetrics();
    const fresh = await listening(testApp({ metrics: own, content: defaultLanguageOnly }));
    const random = () => randomBytes(6).toString('hex');
    const paths = Array.from({ length: 100 }, () => [
      `/${random()}`,
      `/products/${random()}?q=${random()}`,
      `/assets/${random()}.js`,
      `/.${random()}`,
      `/${random()}%E0%A4%A`,
    ]).flat();
    try {
      for (let i = 0; i < paths.length; i += 50) {
        await Promise.all(paths.slice(i, i + 50).map((path) => fetch(`http://127.0.0.1:${fresh.port}${path}`).then((res) => res.arrayBuffer())));
      }
    } finally {
      await fresh.close();
    }
    expect([...(await durationSeries(own))].sort()).toEqual(['GET /assets/* 404', 'GET unmatched 400', 'GET unmatched 404']);
  });
});

describe('GET /metrics on the metrics port', () => {
  it('has prom-client’s default process metrics: memory, heap, event-loop lag, GC', async () => {
    const text = await scrape();
    for (const name of ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds']) {
      expect(text).toMatch(new RegExp(`^${name} \\d`, 'm'));
    }
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });

  it('has readiness as a gauge: 1 once every page is made, 0 from the moment shutdown begins, never 1 when a page cannot be made', async () => {
    const [own, ofBroken] = [createMetrics(), createMetrics()];
    const draining = testApp({ metrics: own, content: defaultLanguageOnly });
    const broken = testApp({ metrics: ofBroken, routes: withThrowingRoute, content: defaultLanguageOnly });
    const ready = async (metrics: Metrics) => /^site_ready (\d)$/m.exec(await scrape(metrics))?.[1];
    await draining.makeAll();
    expect(await ready(own)).toBe('1');
    draining.setReady(false);
    await request(draining).get('/readyz').expect(503);
    expect(await ready(own)).toBe('0');
    await expect(broken.makeAll()).rejects.toThrow(THROWN_MESSAGE);
    expect(await ready(ofBroken)).toBe('0');
  });

  it('answers nothing else', async () => {
    await request(metrics.listener).get('/').expect(404);
    await request(metrics.listener).get('/metrics/').expect(404);
    await request(metrics.listener).post('/metrics').expect(404);
    const head = await request(metrics.listener).head('/metrics').expect(200);
    expect(head.text).toBeUndefined();
  });
});
