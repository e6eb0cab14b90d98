/**
 * HTML conformance: every page the site can answer with, the 404, the 400 and
 * the error screen, checked by html-validate with its recommended rules and
 * its WAI-ARIA checks (ARIA in HTML: which roles an element may take, which
 * elements may be named), as served.
 */
import { HtmlValidate, type ConfigData, type Message } from 'html-validate';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { aliases, routeAddresses } from '../shared/paths.ts';
import { routes, type Route } from '../shared/routes.ts';
import { defaultSite } from '../shared/site.ts';
import { testApp } from './helpers.ts';

const config: ConfigData = {
  extends: ['html-validate:recommended', 'html-validate:a11y'],
  rules: {
    // Style preferences, not conformance: React writes <meta … />, camelCase
    // attribute names (charSet, popoverTarget) and hidden=""; HTML allows all three.
    'void-style': 'off',
    'attr-case': 'off',
    'attribute-empty-style': 'off',
  },
};
const validator = new HtmlValidate(config);

const boom: Route = {
  ...routes[0]!,
  path: '/boom',
  screen: () => {
    throw new Error('The widget fell over');
  },
};
const app = testApp({ routes: [...routes, boom], config: { nodeEnv: 'test', trustProxy: false, site: defaultSite } });

const documents: Array<[name: string, path: string, status: number]> = [
  ...routes.flatMap(routeAddresses).map((address): [string, string, number] => [address, address, 200]),
  ...Object.keys(aliases).map((alias): [string, string, number] => [`${alias} (an alias)`, alias, 200]),
  ['the not-found page', '/no-such-page', 404],
  ['the bad-request page', '/%E0%A4%A', 400],
  ['the error screen', '/boom', 500],
];

/** "line:column rule: message" per error, the shape a reader can act on. */
function errors(messages: Message[]): string[] {
  return messages.filter((message) => message.severity === 2).map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
}

describe('HTML conformance (html-validate, recommended + a11y)', () => {
  it.each(documents)('%s has no error', async (_name, path, status) => {
    const res = await request(app).get(path).redirects(1).expect(status);
    const report = await validator.validateString(res.text);
    expect(errors(report.results.flatMap((result) => result.messages))).toEqual([]);
  });

  it('finds an aria-label on an element that cannot be named (the check is live)', async () => {
    const report = await validator.validateString('<!doctype html><html lang="en"><head><title>t</title></head><body><div aria-label="Menu">x</div></body></html>');
    expect(errors(report.results.flatMap((result) => result.messages)).join('\n')).toMatch(/aria-label/);
  });
});
