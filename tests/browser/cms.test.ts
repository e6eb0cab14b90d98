/**
 * The browser editor in `npm run dev`, in Chromium, on a throw-away copy of
 * the project: open /admin, change a category's subtitle, publish, and find
 * the new subtitle in the file, in the open tab of Our Products (which
 * reloads by itself) and on the category's page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { copyProject, startDev, type DevServer, type Sandbox } from '../../tools/harness.ts';
import { CHROMIUM_FLAGS } from '../helpers.ts';
import { describeInBrowser } from './harness.ts';

const chromiumPath = inject('chromiumPath');
// The editor's bundle is built on the first request, and a save starts the site again: on a
// busy two-core machine each can take many seconds.
const SLOW = 60_000;
vi.setConfig({ testTimeout: 180_000 });

describeInBrowser('the browser editor in npm run dev', () => {
  let sandbox: Sandbox;
  let dev: DevServer;
  let browser: Browser;
  let context: BrowserContext;
  const file = 'content/words/categories/textiles.yaml';
  const subtitle = 'Woven, knitted and non-woven, saved in the editor';

  beforeAll(async () => {
    sandbox = copyProject();
    dev = await startDev(sandbox.root);
    browser = await chromium.launch({ executablePath: chromiumPath!, args: CHROMIUM_FLAGS });
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await dev?.stop();
    sandbox?.remove();
  });

  it('changes a category’s subtitle: saved to its file, shown in the open tab and on its page', async () => {
    const products = await context.newPage();
    await products.goto(`${dev.origin}/products`);
    await products.locator('html[data-dev-server="connected"]').waitFor({ state: 'attached' });
    expect(await products.getByText(subtitle).count()).toBe(0);

    const admin = await context.newPage();
    const problems: string[] = [];
    admin.on('pageerror', (error) => problems.push(error.message));
    // Blocked by the CSP, a request would show here as a console error.
    admin.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await admin.goto(`${dev.origin}/admin/`);
    // The local backend needs no credentials; Decap may still show its button for it.
    const collections = admin.getByRole('link', { name: 'Product categories', exact: true });
    const login = admin.getByRole('button', { name: 'Login' });
    await collections.or(login).first().waitFor({ timeout: SLOW });
    if (await login.isVisible()) await login.click();
    await collections.click();
    await admin.getByRole('link', { name: 'Textiles' }).click();

    const field = admin.getByLabel('Subtitle', { exact: true });
    await field.waitFor({ timeout: SLOW });
    expect(await field.inputValue()).toBe('Fabrics for apparel and industry');
    await field.fill(subtitle);
    // The preview draws the page with the site's own stylesheet.
    await admin.frameLocator('iframe').locator('h1', { hasText: 'Textiles' }).waitFor();
    await admin.getByRole('button', { name: 'Publish' }).click();
    await admin.getByText('Publish now').click();

    const saved = () => readFileSync(join(sandbox.root, file), 'utf8');
    await expect.poll(saved, { timeout: SLOW }).toContain(`subtitle: ${subtitle}\n`);
    expect(saved().split('\n')[0]).toBe('# yaml-language-server: $schema=../../schemas/categories.json');
    await products.getByText(subtitle).waitFor({ timeout: SLOW });
    // The category's own page names it in its share image's description.
    await expect.poll(async () => (await fetch(`${dev.origin}/products/textiles`)).text(), { timeout: SLOW }).toContain(subtitle);
    expect(problems).toEqual([]);
  });
});
