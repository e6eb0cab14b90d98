/** Runs of Latin letters and digits in right-to-left words (a code, a unit, an address), as a visitor sees them in Chromium, on screen and on paper; and the face each script is drawn in. */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteContent } from '../../content/index.ts';
import type { Block, SiteContent } from '../../content/schema.ts';
import { defaultSite } from '../../shared/site.ts';
import { scriptOf } from '../../shared/writing.ts';
import { editions, testApp } from '../helpers.ts';
import { addressesIn, describeInBrowser, launchChromium, pdftotext, printed, RTL_LANGUAGES, serveSite, usePage, visit, WIDTHS, type Site } from './harness.ts';

/** Run in the page: each Latin run of its text, and whether its characters' boxes go left to right on each line, found by position, not by markup. */
function latinRuns(script: string) {
  const run = new RegExp(String.raw`[\p{Script=Latin}\p{Nd}](?:[^\p{Script_Extensions=${script}}\n]*[\p{Script=Latin}\p{Nd}])?`, 'gu');
  const runs: Array<{ run: string; inOrder: boolean }> = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    for (const match of node.data.matchAll(run)) {
      if (!/\p{Script=Latin}/u.test(match[0])) continue;
      const boxes = [...match[0]].flatMap((char, at) => {
        const range = document.createRange();
        range.setStart(node, match.index + at);
        range.setEnd(node, match.index + at + char.length);
        const box = range.getBoundingClientRect();
        return /\s/.test(char) || box.width === 0 ? [] : [box];
      });
      if (boxes.length === 0) continue;
      const inOrder = boxes.every((box, at) => at === 0 || Math.abs(box.top - boxes[at - 1]!.top) > 1 || box.left > boxes[at - 1]!.left);
      runs.push({ run: match[0], inOrder });
    }
  }
  return runs;
}

describeInBrowser.each(RTL_LANGUAGES)('in %s, right to left', (code) => {
  // The content with a sentence more in its first category and first legal document: its own words around runs that
  // must keep their order (a code led by digits, a standard, a share, a number with its unit, a setting filled in).
  const edition = siteContent.editions.find((each) => each.language.code === code)!;
  const words = edition.categories[0]!.intro.split(/\s+/);
  const codes = ['2,4-D', 'EN 197-1', '100% cotton', '25 kg'];
  const sentence = `${codes.map((run, at) => `${words[at]} ${run}`).join(' ')} ${words[codes.length]} {salesEmail}.`;
  const paragraph: Block = { type: 'paragraph', children: [sentence] };
  const withRuns: SiteContent = {
    ...siteContent,
    editions: siteContent.editions.map((each) =>
      each !== edition
        ? each
        : {
            ...each,
            categories: each.categories.map((category, index) => (index > 0 ? category : { ...category, headings: category.headings.map((group, at) => (at > 0 ? group : { ...group, items: [...group.items, sentence] })) })),
            legal: each.legal.map((doc, index) => (index > 0 ? doc : { ...doc, body: [...doc.body, paragraph] })),
          },
    ),
  };
  const script = scriptOf(edition.language);

  // Chromium with a Linux visitor's fonts: this machine's, and Noto Sans Arabic as Debian's fonts-noto-core installs
  // it (the npm package's files, which the share images draw with).
  const site = {} as Site;
  let stop = async () => {};
  beforeAll(async () => {
    const fonts = mkdtempSync(join(tmpdir(), 'fonts-'));
    for (const face of ['400Regular', '700Bold']) symlinkSync(createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans-arabic/${face}/NotoSansArabic_${face}.ttf`), join(fonts, `${face}.ttf`));
    writeFileSync(join(fonts, 'fonts.conf'), `<?xml version="1.0"?><fontconfig><include>/etc/fonts/fonts.conf</include><dir>${fonts}</dir><cachedir>${join(fonts, 'cache')}</cachedir></fontconfig>`);
    const served = await serveSite({ app: testApp({ content: withRuns }) });
    const browser = await launchChromium({ env: { ...process.env, FONTCONFIG_FILE: join(fonts, 'fonts.conf') } });
    Object.assign(site, { url: (path: string) => served.origin + path, browser });
    stop = async () => {
      await browser.close();
      await served.close();
      rmSync(fonts, { recursive: true, force: true });
    };
  });
  afterAll(() => stop());
  const tab = usePage(site, WIDTHS.phone);

  it('on every page, each run of Latin letters and digits reads left to right in the order it is written', async () => {
    const reversed: string[] = [];
    const read = new Set<string>();
    for (const address of addressesIn(code)) {
      await visit(tab.page, site, address);
      for (const { run, inOrder } of await tab.page.evaluate(latinRuns, script)) {
        read.add(run);
        if (!inOrder) reversed.push(`${address}: ${run}`);
      }
    }
    expect(reversed).toEqual([]);
    expect([...read]).toEqual(expect.arrayContaining([...codes, defaultSite.salesEmail]));
    expect(tab.problems).toEqual([]);
  });

  it(`draws the words in the face named first for their script, Noto Sans Arabic on this Linux`, async () => {
    await visit(tab.page, site, addressesIn(code)[0]!, { script: false });
    const cdp = await tab.page.context().newCDPSession(tab.page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    expect(fonts.map((font) => font.familyName)).toEqual(['Noto Sans Arabic']);
  });

  const legal = editions.find((each) => each.language.code === code)!.routes.find((route) => route.document)!;
  it.skipIf(!pdftotext && !process.env.CI)(`on paper, a link of ${legal.path} is followed by its full address, read left to right`, async () => {
    await visit(tab.page, site, legal.path, { script: false });
    // pdftotext reads a right-to-left line's Latin runs left to right, as they are placed: a run laid out the other
    // way reads backwards (the brackets around it, which mirror, it places as it guesses).
    const text = (await printed(tab.page, 'A4')).join(' ');
    const link = legal.document!.body.flatMap((block) => (block.type === 'paragraph' ? block.children : [])).find((child) => typeof child !== 'string' && child.type === 'link');
    expect(link, `a link in ${legal.path}`).toBeDefined();
    expect(text).toContain(defaultSite.publicUrl + (link as { href: string }).href);
    expect(text).toContain(defaultSite.linkedInUrl);
  });
});
