/**
 * No sentence is glued in code: with every word of the content, the templates and the settings replaced by a marker of
 * its own, every text a reader gets must be made of whole markers; a word, a colon or a date written by code shows outside them.
 */
import { parse, type HTMLElement, type Node } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { siteContent } from '../content/index.ts';
import type { SiteContent } from '../content/schema.ts';
import { defaultClientDir, loadAssets } from '../server/assets.ts';
import { OPTIONAL, readerDocuments } from '../server/render/readers.ts';
import { renderErrorPage, renderPage, type RenderOptions } from '../server/render/render.tsx';
import { fillSite } from '../shared/routes.ts';
import { defaultSite, type SiteConfig } from '../shared/site.ts';

/** Fields that are not words a reader gets: addresses, file names, dates, codes, the hours' data, choices of a list. */
const NOT_WORDS = new Set(['slug', 'path', 'file', 'updated', 'code', 'locale', 'direction', 'letters', 'punctuation', 'listStyle', 'days', 'opens', 'closes', 'timeZone', 'href', 'id', 'type']);
const MARK = /⟦\d+⟧/g;
let count = 0;
const marker = () => `⟦${++count}⟧`;

function marked<T>(value: T, key?: string): T {
  if (typeof value === 'string') return (key !== undefined && NOT_WORDS.has(key) ? value : marker()) as T;
  if (Array.isArray(value)) return value.map((item) => marked(item, key)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, marked(item, name)])) as T;
  return value;
}

const content: SiteContent = { ...siteContent, languages: siteContent.languages.map((language) => marked(language)), editions: siteContent.editions.map((edition) => marked(edition)) };
// The settings' words and addresses: the brand's name is a word; an address is shown as it is, so it is a marker too.
const site: SiteConfig = { ...defaultSite, brandName: marker(), generalEmail: `${marker()}@example.com`, salesEmail: `${marker()}@example.com` };
const filled = fillSite(site, content);
const assets = loadAssets(defaultClientDir()).urls;
const options: RenderOptions = { site, routes: filled.routes, editions: filled.editions, redirects: filled.redirects, untranslated: filled.untranslated, assets };

/** What is left of a text once its markers, the settings' addresses and the spaces between them are taken out. */
function leftOver(text: string): string {
  return text.replaceAll(site.publicUrl, '').replace(/⟦\d+⟧@example\.com/g, '').replace(MARK, '').replace(/\s+/g, '');
}

/** Elements whose text a reader meets as one phrase. */
const PHRASES = new Set(['A', 'BUTTON', 'LABEL', 'SUMMARY', 'SPAN', 'STRONG', 'EM', 'B', 'I', 'SMALL', 'BDI', 'Q', 'CITE', 'TIME', 'MARK', 'ABBR', 'OPTION', 'CAPTION', 'LEGEND']);

/** Every text of a page a reader gets: its text nodes (not scripts or styles), and the attributes read out or shown. */
function readerTexts(html: string): string[] {
  const doc = parse(html);
  const texts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) texts.push(node.text);
    const element = node as HTMLElement;
    if (element.tagName && ['SCRIPT', 'STYLE'].includes(element.tagName)) return;
    // A phrase (a link's or a button's name, a label) is read as one: two words of the content in it were put together
    // by code, where a template is one marker whatever it fills.
    if (element.tagName && PHRASES.has(element.tagName) && (element.textContent.match(MARK) ?? []).length > 1) texts.push(`glued in <${element.tagName.toLowerCase()}>: ${element.textContent}`);
    for (const name of ['alt', 'aria-label', 'title', 'placeholder']) if (element.getAttribute?.(name)) texts.push(element.getAttribute(name)!);
    node.childNodes.forEach(walk);
  };
  walk(doc.querySelector('html')!);
  const read = ['meta[name="description"]', 'meta[property="og:title"]', 'meta[property="og:description"]', 'meta[property="og:site_name"]', 'meta[property="og:image:alt"]', 'meta[name="twitter:image:alt"]'];
  for (const meta of doc.querySelectorAll(read.join(', '))) texts.push(meta.getAttribute('content') ?? '');
  return texts.filter((text) => leftOver(text) !== '');
}

describe('no sentence is glued in code', () => {
  const pages = filled.routes.map((route) => route.path);
  it.each(pages)('GET %s: every text and alt text comes whole from the content', (path) => {
    const result = renderPage(path, options);
    expect(result.kind).toBe('page');
    expect(readerTexts('html' in result ? result.html : '')).toEqual([]);
  });

  it.each(filled.editions.map((edition) => edition.prefix))('the not-found, bad-request and error screens of %s/: every text comes whole from the content', (prefix) => {
    for (const url of [`${prefix}/no-such-page`, `${prefix}/%E0%A4%A`]) {
      const result = renderPage(url, options);
      expect(readerTexts('html' in result ? result.html : ''), url).toEqual([]);
    }
    expect(readerTexts(renderErrorPage({}, options, `${prefix}/boom`))).toEqual([]);
  });

  const documents = readerDocuments({ editions: filled.editions, site, builtAt: assets.builtAt, asset: assets.url, picture: assets.picture }).filter((doc) => doc.language);
  it.each(documents.map((doc) => [doc.path, doc] as const))('%s: every line comes whole from the content, but the format\u2019s own words', async (_path, doc) => {
    // The Markdown's own marks (headings, quotes, list items, links and their addresses, escapes), llms.txt's keyword and the languages' codes are not words.
    const codes = content.languages.map((language) => language.code).join('|');
    const words = (await doc.body())
      .replace(/\]\([^)]*\)/g, ']')
      .replace(new RegExp(`: (${codes})$`, 'gm'), '')
      .replace(/^(#+|>|-|\d+\.) /gm, '')
      .replace(/[[\]\\*_:]/g, '')
      .replace(new RegExp(`^${OPTIONAL}$`, 'm'), '');
    expect(words.split('\n').filter((line) => leftOver(line) !== '')).toEqual([]);
  });
});
