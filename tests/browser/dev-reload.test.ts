/** `npm run dev` in Chromium, on a throw-away copy: a saved change reaches the open tab by itself. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { copyProject, startDev, type DevServer, type Sandbox } from '../../harness/harness.ts';
import { content } from '../helpers.ts';
import { describeInBrowser, drawerButton, hydrated, launchChromium, menuIsOpen } from './harness.ts';

// A save of code starts the site again from source (about 3 s of CPU); while the whole suite shares two
// cores that can take ten times as long (once more than 40 s), so a test of one or two saves gets far more than the default.
const SAVE_TIMEOUT = 60_000;
vi.setConfig({ testTimeout: 150_000 });

describeInBrowser('npm run dev, with a tab open', () => {
  let sandbox: Sandbox;
  let dev: DevServer;
  let browser: Browser;
  let page: Page;
  const originals = new Map<string, string>();

  /** Saves a file of the copy with `from` replaced by `to` (the first time, remembering what it was). */
  const edit = (file: string, from: string | RegExp, to: string) => {
    const path = join(sandbox.root, file);
    const text = readFileSync(path, 'utf8');
    if (!originals.has(file)) originals.set(file, text);
    const changed = text.replace(from, to);
    expect(changed, `${file} contains ${from}`).not.toBe(text);
    writeFileSync(path, changed);
  };
  const restore = (file: string) => writeFileSync(join(sandbox.root, file), originals.get(file)!);
  const listening = () => page.locator('html[data-dev-server="connected"]').waitFor({ state: 'attached' });

  beforeAll(async () => {
    sandbox = copyProject();
    dev = await startDev(sandbox.root);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await dev?.stop();
    sandbox?.remove();
  });

  it('prints what it watches and its address in two lines', () => {
    const lines = dev.output().trim().split('\n');
    expect(lines[0]).toMatch(/^Watching content\/, shared\/, server\/ and client\/: .*client\/styles\.css is swapped in place$/);
    expect(lines[1]).toMatch(/^Dev server on http:\/\/127\.0\.0\.1:\d+\/ \(ready in \d+ ms\)$/);
  });

  it('shows saved About copy in the open tab, at the same address and scroll position, without starting again', async () => {
    await page.goto(`${dev.origin}/about`);
    await listening();
    await page.evaluate(() => scrollTo(0, 900));
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBe(900);

    // The lead, whatever the owners wrote there, with a sentence more.
    edit('content/words/about.en.yaml', /^lead: .+$/m, `lead: ${JSON.stringify(`${content.about!.lead} Saved just now.`)}`);
    await page.getByText('Saved just now.', { exact: false }).waitFor({ timeout: SAVE_TIMEOUT });
    expect(page.url()).toBe(`${dev.origin}/about`);
    await page.waitForFunction((y) => scrollY === y, scrolled, { timeout: 5_000 });
    await listening();
    // Made again in the same run, the site before it answering meanwhile: no restart of the process.
    expect(dev.output()).toContain('content: the site made again from the files');
    expect(dev.output()).not.toMatch(/\[tsx\] .*Restarting/);
  });

  it('swaps a saved stylesheet in place: no reload, the open menu stays open', async () => {
    await page.goto(`${dev.origin}/about`);
    await listening();
    await hydrated(page);
    await drawerButton(page).click();
    expect(await page.evaluate(menuIsOpen)).toBe(true);
    const background = () => page.locator('#site-menu').evaluate((menu) => getComputedStyle(menu).backgroundColor);
    expect(await background()).toBe('rgb(15, 31, 51)');
    await page.evaluate(() => Object.assign(window, { devTestMarker: 'this document' }));

    edit('client/styles.css', '--ink: #0f1f33;', '--ink: #123456;');
    await page.waitForFunction(() => getComputedStyle(document.getElementById('site-menu')!).backgroundColor === 'rgb(18, 52, 86)', null, { timeout: SAVE_TIMEOUT });
    expect(await page.evaluate(() => (window as unknown as { devTestMarker?: string }).devTestMarker)).toBe('this document');
    expect(await page.evaluate(menuIsOpen)).toBe(true);
    // The inline stylesheet made way for the rebuilt one, same-origin and hashed.
    expect(await page.locator('head style').count()).toBe(0);
    expect(await page.locator('head link[rel="stylesheet"]').getAttribute('href')).toMatch(/^\/__dev\/styles\.[0-9a-f]{12}\.css$/);

    // A page loaded afterwards has the new stylesheet inline, as production would.
    restore('client/styles.css');
    await page.waitForFunction(() => getComputedStyle(document.getElementById('site-menu')!).backgroundColor === 'rgb(15, 31, 51)', null, { timeout: SAVE_TIMEOUT });
    expect(await page.evaluate(() => (window as unknown as { devTestMarker?: string }).devTestMarker)).toBe('this document');
  });

  it('shows an exception in a screen with its stack in the TypeScript source, and the page again once the fix is saved', async () => {
    await page.goto(`${dev.origin}/about`);
    await listening();
    const file = 'shared/screens/About.tsx';
    const source = readFileSync(join(sandbox.root, file), 'utf8').split('\n');
    const line = source.findIndex((text) => text.includes('const about = ctx.content.about!;')) + 2;
    edit(file, 'const about = ctx.content.about!;', "const about = ctx.content.about!;\n  if (about) throw new Error('The About screen fell over');");

    await page.getByRole('heading', { name: content.labels.errorHeading }).waitFor({ timeout: SAVE_TIMEOUT });
    expect(page.url()).toBe(`${dev.origin}/about`);
    expect(await page.locator('main').textContent()).toContain('The About screen fell over');
    expect(await page.locator('pre').textContent()).toMatch(new RegExp(`About \\(.*/shared/screens/About\\.tsx:${line}:\\d+\\)`));

    restore(file);
    await page.getByRole('heading', { name: content.about!.aboutUs.heading, level: 1 }).waitFor({ timeout: SAVE_TIMEOUT });
    expect(page.url()).toBe(`${dev.origin}/about`);
  });

  it('shows the content problem that stops the site in the tab and the terminal, one line with no stack, and reloads once the fix is saved', async () => {
    await page.goto(`${dev.origin}/about`);
    await listening();
    const file = 'content/words/about.en.yaml';
    const printed = dev.output().length;
    edit(file, /^lead: .+$/m, 'lead: ""');
    await page.getByRole('heading', { name: 'The content has a mistake' }).waitFor({ timeout: SAVE_TIMEOUT });
    const line = readFileSync(join(sandbox.root, file), 'utf8').split('\n').findIndex((text) => text === 'lead: ""') + 1;
    const problem = `content/words/about.en.yaml:${line}:7: lead: is empty`;
    expect(await page.locator('pre').textContent()).toBe(problem);
    expect(page.url()).toBe(`${dev.origin}/about`);
    // The terminal's line, one per problem, with no stack.
    expect(dev.output().slice(printed)).toContain(`content: ${problem}\n`);
    expect(dev.output().slice(printed)).not.toMatch(/^\s+at /m);

    restore(file);
    await page.getByRole('heading', { name: content.about!.aboutUs.heading, level: 1 }).waitFor({ timeout: SAVE_TIMEOUT });
    await listening();
    expect(page.url()).toBe(`${dev.origin}/about`);
  });
});
