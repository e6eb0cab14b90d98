/** Runs of Latin letters and digits in right-to-left words (a code, a unit, an address), as a visitor sees them in Chromium, on screen and on paper; and the face each script is drawn in. */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultSite } from '../../shared/site.ts';
import { editions, testApp } from '../helpers.ts';
import { addressesIn, describeInBrowser, latinRuns, launchChromium, pdftotext, printed, RTL_LANGUAGES, serveSite, usePage, visit, WIDTHS, withLatinRuns, type Site } from './harness.ts';

describeInBrowser.each(RTL_LANGUAGES)('in %s, right to left', (code) => {
  const { content: withRuns, runs, script } = withLatinRuns(code);

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
    expect([...read]).toEqual(expect.arrayContaining(runs));
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
