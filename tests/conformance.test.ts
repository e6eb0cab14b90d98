/**
 * Every page the server answers with HTML, the 404 and the error screens
 * included, passes html-validate's recommended rules and its WAI-ARIA
 * (a11y) rules with no message at all.
 */
import { HtmlValidate, type Message } from 'html-validate';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { aliasesOf } from '../shared/paths.ts';
import { routes } from '../harness/harness.ts';
import { defaultSite } from '../shared/site.ts';
import { defaultLanguageOnly, editions, sharedApp, testApp, THROWN_MESSAGE, throwingRoute, withThrowingRoute } from './helpers.ts';

const validator = new HtmlValidate({
  extends: ['html-validate:recommended', 'html-validate:a11y'],
  rules: {
    // Style rules that React's server output breaks and that HTML itself allows:
    'attr-case': 'off', // React writes charSet, fetchPriority, popoverTarget; HTML attribute names are case-insensitive.
    'void-style': 'off', // React closes void elements as <meta/>; HTML allows the slash.
    'attribute-empty-style': 'off', // React writes hidden=""; HTML allows the empty value.
  },
});

async function messages(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) => result.messages.map((message: Message) => `${message.ruleId}: ${message.message} (${message.selector})`));
}

describe('HTML conformance', () => {
  const app = sharedApp();

  it.each([...routes.map((route) => route.path), ...Object.keys(aliasesOf(routes))])('%s has no error and no warning', async (address) => {
    const res = await request(app).get(address).expect(200);
    expect(await messages(res.text)).toEqual([]);
  });

  // In each language: an address under a language's prefix is answered in that language.
  it.each(
    editions.flatMap(({ prefix }) => [
      [`the 404 for an unknown address (${prefix || '/'})`, `${prefix}/no-such-page`, 404],
      [`the error screen for an address that cannot be decoded (${prefix || '/'})`, `${prefix}/%E0%A4%A`, 400],
    ] as const),
  )('%s has no error and no warning', async (_name, address, status) => {
    const res = await request(app).get(address).expect(status);
    expect(await messages(res.text)).toEqual([]);
  });

  it.each(['test', 'production'] as const)('the fallback screen of a route that throws (NODE_ENV=%s) has no error and no warning', async (nodeEnv) => {
    // The screen is the same in every language (the 400 screens above are each language's): the default language's pages start the app faster.
    const server = testApp({ routes: withThrowingRoute, config: { nodeEnv, trustProxy: () => false, site: defaultSite }, content: defaultLanguageOnly });
    const res = await request(server).get(throwingRoute.path).expect(500);
    // The exception's own words outside production only (site.test.ts).
    if (nodeEnv === 'test') expect(res.text).toContain(THROWN_MESSAGE);
    expect(await messages(res.text)).toEqual([]);
  });

  it('catches a named generic element, the error this check was added for', async () => {
    const res = await request(app).get('/about').expect(200);
    const withoutRole = res.text.replace(/(id="site-menu"[^>]*?) role="dialog"/, '$1');
    expect(withoutRole).not.toBe(res.text);
    expect(await messages(withoutRole)).toEqual([expect.stringMatching(/^aria-label-misuse: /)]);
  });
});
