/** The browser editor in `npm run dev`, in Chromium, on a throw-away copy: what the owners do, then what the file holds, what the page shows, and nothing logged unexpected. */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { parse } from 'yaml';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { readEditorWordsFolder } from '../../content/read.ts';
import { copyProject, startDev, type DevServer, type Sandbox } from '../../harness/harness.ts';
import { fill, library } from '../../client/editor/locale.ts';
import { MASTER_LIMITS, pictureNeed } from '../../content/art.ts';
import { blobId, recordOf } from '../../content/keep-up.ts';
import { splitFrontMatter } from '../../content/markdown-blocks.ts';
import { pictureProblem } from '../../content/picture-problems.ts';
import { content, editions } from '../helpers.ts';
import { describeInBrowser, launchChromium, screenshotPath, showPreview, SLOW } from './harness.ts';

vi.setConfig({ testTimeout: 180_000 });

/** The size a category's photo needs (content/art.ts). */
const NEED = pictureNeed('category');

/** A phone's photo, stored sideways (EXIF orientation 6) with its owner and place in the EXIF; its stored top red, so upright the red is on the right. */
const PHONE = { width: 4000, height: 3000 };
const phonePhoto = () =>
  sharp({ create: { ...PHONE, channels: 3, background: '#2830c8' } })
    .composite([{ input: { create: { width: PHONE.width, height: 300, channels: 3, background: '#dc2828' } }, top: 0, left: 0 }])
    .withExif({ IFD0: { Make: 'Phone', Model: 'Phone 12', Artist: 'An Owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();

const picturesDialog = (admin: Page) => admin.getByRole('dialog', { name: library.title });

/** Uploads as an owner does: the Upload button, then the file in the chooser. */
async function uploadPicture(admin: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = admin.waitForEvent('filechooser');
  await picturesDialog(admin).getByRole('button', { name: library.upload }).click();
  await (await chooser).setFiles(file);
}

/** The editor's own words in each language it speaks (content/editor-words/). */
const words = readEditorWordsFolder();

describeInBrowser('the browser editor in npm run dev', () => {
  let sandbox: Sandbox;
  let dev: DevServer;
  let browser: Browser;
  let context: BrowserContext;
  const file = (path: string) => readFileSync(join(sandbox.root, path), 'utf8');

  beforeAll(async () => {
    sandbox = copyProject();
    dev = await startDev(sandbox.root);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await dev?.stop();
    sandbox?.remove();
  });

  /** The tab the tests go on in, as an owner does (loading the editor costs seconds); a test needing it as it opens asks for its own. */
  let shared: { admin: Page; problems: string[] } | undefined;

  /** /admin at an address, signed in, once `ready` shows, keeping what the page logs from then on; in the shared tab, unsaved work is left when asked. */
  async function openEditor(hash: string, ready: (admin: Page) => Locator, { own = false, page = undefined as Page | undefined } = {}) {
    const problems: string[] = [];
    const reuse = !own && !page && shared !== undefined;
    const admin = reuse ? shared!.admin : (page ?? (await context.newPage()));
    if (reuse) {
      shared!.problems = problems;
      await admin.evaluate((to) => void (location.hash = to), hash || '#/');
    } else {
      const log = own || page ? () => problems : () => shared!.problems;
      if (!own && !page) {
        shared = { admin, problems };
        admin.on('dialog', (dialog) => void (dialog.message() === 'Are you sure you want to leave this page?' && dialog.accept()));
      }
      admin.on('pageerror', (error) => log().push(error.message));
      // Blocked by the CSP, a request would show here as a console error.
      admin.on('console', (message) => {
        if (message.type() === 'error') log().push(message.text());
      });
      // A save before this one starts the site again: the editor's page is there once it answers.
      await expect.poll(() => fetch(`${dev.origin}/admin/`).then((res) => res.status, () => 0), { timeout: SLOW }).toBe(200);
      await admin.goto(`${dev.origin}/admin/${hash}`);
    }
    // The local backend needs no credentials, but Decap shows its button for it until the first sign-in.
    const login = admin.getByRole('button', { name: 'Login' });
    try {
      await ready(admin).or(login).first().waitFor({ timeout: SLOW });
      if (await login.isVisible()) await login.click();
      await ready(admin).waitFor({ timeout: SLOW });
    } catch (error) {
      // What the owner would have seen instead, and what the page said.
      const shown = await admin.locator('body').innerText().catch(() => '(no page)');
      throw new Error(`${String(error)}\nThe page shows: ${shown.slice(0, 2000)}\nIt logged: ${problems.join(' | ')}`);
    }
    return { admin, problems };
  }

  /** Closes a tab of a test's own; the shared one stays for the next test. */
  const leave = async (admin: Page) => {
    if (admin !== shared?.admin) await admin.close();
  };

  /** What the page logged, less the refused connections of a save in `npm run dev`, which starts the site again. */
  const unexpected = (problems: readonly string[]) => problems.filter((problem) => !/^Failed to load resource: net::ERR_CONNECTION_(RESET|REFUSED)$/.test(problem));

  async function publish(admin: Page) {
    await admin.getByRole('button', { name: 'Publish' }).click();
    await admin.getByText('Publish now').click();
  }

  /** The French form beside the English, where Decap shows it until the preview is asked for (as a test before may have). */
  async function showFrench(admin: Page) {
    await admin.getByRole('button', { name: 'Writing in EN' }).waitFor({ timeout: SLOW });
    const french = admin.getByRole('button', { name: 'Writing in FR' });
    if (!(await french.isVisible())) await admin.getByRole('button', { name: 'Toggle i18n' }).click();
    await french.waitFor();
  }

  /** A field of the left form: with Decap's i18n the right one has the same label. */
  const field = (admin: Page, label: string) => admin.getByLabel(label, { exact: true }).first();

  it('changes a category’s subtitle in English and, beside it, in French: each saved to its own file alone, shown in the open tab and on its own pages', async () => {
    const paths = Object.fromEntries(['en', 'fr', 'ar'].map((code) => [code, `content/words/categories/textiles.${code}.yaml`]));
    const before = Object.fromEntries(Object.entries(paths).map(([code, path]) => [code, file(path)]));
    // As the files hold them now, as the form shows them.
    const [english, inFile] = [parse(before.en!), parse(before.fr!)] as Array<{ title: string; subtitle: string }>;
    const subtitle = 'Woven, knitted and non-woven, by hand';
    const sousTitre = 'Tissés, tricotés et non-tissés, à la main';
    const products = await context.newPage();
    await products.goto(`${dev.origin}/products`);
    await products.locator('html[data-dev-server="connected"]').waitFor({ state: 'attached' });
    expect(await products.getByText(subtitle).count()).toBe(0);

    const { admin, problems } = await openEditor('#/collections/categories/entries/textiles', (page) => field(page, 'Subtitle'));
    const subtitleField = field(admin, 'Subtitle');
    expect(await subtitleField.inputValue()).toBe(english!.subtitle);
    // The picture it has shows in its field, not an empty frame.
    const picture = admin.locator('img[role="presentation"]').first();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: SLOW }).toBeGreaterThan(0);
    await subtitleField.fill(subtitle);
    await showFrench(admin);
    const inFrench = admin.getByLabel('Subtitle', { exact: true }).nth(1);
    expect(await inFrench.inputValue()).toBe(inFile!.subtitle);
    // What is the same in every language is copied from the English, not written again.
    expect(await admin.getByLabel('Address', { exact: true }).nth(1).inputValue()).toBe('textiles');
    await inFrench.fill(sousTitre);
    await admin.screenshot({ path: screenshotPath('chromium', 'editor-side-by-side', 1280) });
    // The preview draws the page with the site's own stylesheet.
    await showPreview(admin);
    await admin.frameLocator('iframe').locator('h1', { hasText: english!.title }).waitFor();
    await publish(admin);

    await expect.poll(() => [file(paths.en!), file(paths.fr!)], { timeout: SLOW }).toEqual([expect.stringContaining(`subtitle: ${subtitle}\n`), expect.stringContaining(`subtitle: ${sousTitre}\n`)]);
    // Each file its own line changed, its schema line first; the Arabic as it was.
    expect(file(paths.en!).replace(`subtitle: ${subtitle}`, `subtitle: ${english!.subtitle}`)).toBe(before.en);
    // The French, saved, records the English it now translates (content/keep-up.ts).
    const recordNow = `translates: ${await blobId(file(paths.en!))}`;
    expect(file(paths.fr!).replace(`subtitle: ${sousTitre}`, `subtitle: ${inFile!.subtitle}`).replace(recordNow, `translates: ${recordOf(before.fr!, false)}`)).toBe(before.fr);
    expect(file(paths.en!).split('\n')[0]).toBe('# yaml-language-server: $schema=../../schemas/categories.json');
    expect(file(paths.ar!)).toBe(before.ar);
    await products.getByText(subtitle).waitFor({ timeout: SLOW });
    // Each page names its own in its description and share image, and not the other language's.
    await expect.poll(async () => (await fetch(`${dev.origin}/products/textiles`)).text(), { timeout: SLOW }).toContain(subtitle);
    await expect.poll(async () => (await fetch(`${dev.origin}/fr/products/textiles`)).text(), { timeout: SLOW }).toContain(sousTitre);
    expect(await (await fetch(`${dev.origin}/products/textiles`)).text()).not.toContain(sousTitre);
    expect(await (await fetch(`${dev.origin}/products`)).text()).not.toContain(sousTitre);
    expect(unexpected(problems)).toEqual([]);
    await leave(admin);
    await products.close();
  });

  it('draws the preview in the language being written, French as the French page, Arabic right to left, and types Arabic right to left, saved in its order', async () => {
    const french = editions.find((edition) => edition.language.code === 'fr')!.content;
    const textiles = parse(file('content/words/categories/textiles.fr.yaml')) as { intro: string };
    const arabic = 'content/words/categories/textiles.ar.yaml';
    const arabicBefore = parse(file(arabic)) as Record<string, unknown>;
    const { admin, problems } = await openEditor('#/collections/categories/entries/textiles', (page) => field(page, 'Intro'));
    await showPreview(admin);
    const preview = admin.frameLocator('iframe#preview-pane');
    await expect.poll(() => preview.locator('html').getAttribute('lang'), { timeout: SLOW }).toBe('en');
    await admin.getByRole('button', { name: 'Writing in EN' }).click();
    await admin.getByRole('menuitem', { name: 'fr' }).click();
    await admin.getByRole('button', { name: 'Writing in FR' }).waitFor();
    expect(await field(admin, 'Intro').inputValue()).toBe(textiles.intro);
    await expect.poll(() => preview.locator('html').getAttribute('lang'), { timeout: SLOW }).toBe('fr');
    await preview.getByText(textiles.intro).waitFor();
    await preview.getByRole('navigation', { name: french.labels.breadcrumb }).getByRole('link', { name: french.products!.menuLabel! }).waitFor();
    // What is typed in French shows in the French page as it is typed.
    await field(admin, 'Intro').fill('Des tissus choisis pour vous, ce matin.');
    await preview.getByText('Des tissus choisis pour vous, ce matin.').waitFor({ timeout: SLOW });
    await admin.screenshot({ path: screenshotPath('chromium', 'editor-preview-french', 1280) });
    const direction = (label: string) => field(admin, label).evaluate((input) => [input.closest('[lang]')?.getAttribute('lang'), getComputedStyle(input).direction]);
    expect(await direction('Intro')).toEqual(['fr', 'ltr']);

    // Arabic: the page drawn right to left, the words typed right to left, kept in the order they were typed.
    await admin.getByRole('button', { name: 'Writing in FR' }).click();
    await admin.getByRole('menuitem', { name: 'ar' }).click();
    await admin.getByRole('button', { name: 'Writing in AR' }).waitFor();
    await expect.poll(() => preview.locator('html').evaluate((html: HTMLElement) => [html.lang, html.dir]), { timeout: SLOW }).toEqual(['ar', 'rtl']);
    const intro = 'نختار لكم الأقمشة المنسوجة والمحبوكة بعناية.';
    await field(admin, 'Intro').clear();
    await field(admin, 'Intro').pressSequentially(intro);
    expect(await direction('Intro')).toEqual(['ar', 'rtl']);
    await preview.getByText(intro).waitFor({ timeout: SLOW });
    await admin.screenshot({ path: screenshotPath('chromium', 'editor-arabic', 1280) });
    await publish(admin);
    await expect.poll(() => (parse(file(arabic)) as { intro: string }).intro, { timeout: SLOW }).toBe(intro);
    expect(parse(file(arabic))).toEqual({ ...arabicBefore, intro, translates: await blobId(file('content/words/categories/textiles.en.yaml')) });
    expect((parse(file('content/words/categories/textiles.fr.yaml')) as { intro: string }).intro).toBe('Des tissus choisis pour vous, ce matin.');
    expect(unexpected(problems)).toEqual([]);
    await leave(admin);
  });

  it('shows a French entry behind its English once the English is published changed, a line per field, and clears it once the French is published brought up to date, recording the English it now translates', async () => {
    const [english, french] = ['en', 'fr'].map((code) => `content/words/about.${code}.yaml`) as [string, string];
    // The English as the French records it, in the copy's git (the copy has no history of its own).
    execFileSync('git', ['init', '-q'], { cwd: sandbox.root });
    execFileSync('git', ['hash-object', '-w', english], { cwd: sandbox.root });
    const recordBefore = recordOf(file(french), false);
    // From its collection's list, as an owner does (Decap opens an entry by its address straight after another one empty).
    const { admin, problems } = await openEditor('#/collections/about', (page) => page.locator('a[href="#/collections/about/entries/about"]'));
    await admin.locator('a[href="#/collections/about/entries/about"]').click();
    await field(admin, 'Lead').waitFor({ timeout: SLOW });
    await expect.poll(() => field(admin, 'Lead').inputValue()).not.toBe('');
    const added = 'We answer within a day.';
    await field(admin, 'Lead').fill(`${(parse(file(english)) as { lead: string }).lead} ${added}`);
    await publish(admin);
    await expect.poll(() => file(english), { timeout: SLOW }).toContain(added);
    // Publishing the English leaves the French as it was, behind.
    expect(recordOf(file(french), false)).toBe(recordBefore);
    await showPreview(admin);
    await admin.getByRole('button', { name: 'Writing in EN' }).click();
    await admin.getByRole('menuitem', { name: 'fr' }).click();
    const line = admin.frameLocator('iframe#preview-pane').getByRole('listitem').filter({ hasText: added });
    await line.waitFor({ timeout: SLOW });
    // The field by its label in the owner's words, and where it is in the file.
    expect((await line.innerText()).startsWith(`${fill(words.en!.preview.fieldAt, { label: words.en!.fields.about!.lead!.label, path: 'lead' })}: `)).toBe(true);
    await field(admin, 'Lead').fill(`${(parse(file(french)) as { lead: string }).lead} Nous répondons sous un jour.`);
    await publish(admin);
    await expect.poll(async () => recordOf(file(french), false) === (await blobId(file(english))), { timeout: SLOW }).toBe(true);
    await line.waitFor({ state: 'detached', timeout: SLOW });
    expect(unexpected(problems)).toEqual([]);
    await leave(admin);
  });

  it('opens a legal document’s text in the Markdown editor, with its toolbar, loaded only once such a text is shown', async () => {
    const { admin, problems } = await openEditor('#/collections/legal', (page) => page.locator('a[href="#/collections/legal/entries/privacy"]'));
    // No test before shows a Markdown text: Decap's Markdown editor is a chunk of its own (client/editor/start.tsx), not yet loaded.
    const scripts = () => admin.evaluate(() => performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.endsWith('.js')).length);
    const before = await scripts();
    await admin.locator('a[href="#/collections/legal/entries/privacy"]').click();
    await admin.getByRole('button', { name: 'Bold' }).first().waitFor({ timeout: SLOW });
    const paragraph = splitFrontMatter(file('content/words/legal/privacy.en.md'))!.body.trim().split('\n')[0]!;
    await expect.poll(() => admin.locator('[contenteditable="true"]').first().innerText()).toContain(paragraph);
    expect(await scripts()).toBeGreaterThan(before);
    expect(unexpected(problems)).toEqual([]);
    await leave(admin);
  });

  it('adds a category with a phone’s photo uploaded in its field: refused too small, then taken upright, smaller and without its EXIF under a portable name, and shown on its page', async () => {
    const { admin, problems } = await openEditor('#/collections/categories', (page) => page.getByRole('link', { name: 'New Product category' }));
    await admin.getByRole('link', { name: 'New Product category' }).click();
    // Written in English alone: the preview beside it, not the French form.
    await showPreview(admin);
    // After the categories there are, however many the owners have added.
    await field(admin, 'Order').fill(String(Math.max(...content.categories.map((category) => category.order)) + 1));
    await field(admin, 'Address').fill('medical-supplies');
    await field(admin, 'Title').fill('Medical Supplies');
    await field(admin, 'Subtitle').fill('Consumables for clinics');
    await field(admin, 'Description').fill('Gloves, dressings and the like, for clinics and laboratories.');
    await field(admin, 'Intro').fill('We source medical consumables from approved makers.');
    await admin.getByRole('button', { name: 'Choose an image' }).click();
    const dialog = picturesDialog(admin);
    const art = join(sandbox.root, 'content/art');
    const listed = () => readdirSync(art).sort();
    const before = listed();

    // Too small for a category: refused in the build's words, with its size and the size needed; nothing written.
    const small = await sharp({ create: { width: NEED.width - 312, height: NEED.height - 175, channels: 3, background: '#9fb0c6' } }).jpeg().toBuffer();
    await uploadPicture(admin, { name: 'Small Photo.jpg', mimeType: 'image/jpeg', buffer: small });
    const tooSmall = pictureProblem('small-photo.jpg', new Map([['small-photo.jpg', new Uint8Array(small)]]), 'category')!;
    expect(tooSmall).toContain(`${NEED.width} × ${NEED.height}`);
    const refused = dialog.getByRole('alert');
    await refused.getByText(tooSmall).waitFor({ timeout: SLOW });
    expect(await refused.getByText(library.notTaken).count()).toBe(1);
    expect(listed()).toEqual(before);

    // A phone's photo, named as the phone names it; upright 3000 × 4000, its long side brought to the master's.
    const master = { width: (MASTER_LIMITS.longSide * PHONE.height) / PHONE.width, height: MASTER_LIMITS.longSide };
    await uploadPicture(admin, { name: 'IMG_1234 Été.JPG', mimeType: 'image/jpeg', buffer: await phonePhoto() });
    await dialog.getByRole('status').getByText(fill(library.savedPhoto, { file: 'IMG_1234 Été.JPG', name: 'img-1234-ete.jpg', width: String(master.width), height: String(master.height) })).waitFor({ timeout: SLOW });
    await admin.screenshot({ path: screenshotPath('chromium', 'editor-pictures-field', 1280) });
    const saved = join(art, 'img-1234-ete.jpg');
    const { format, width, height, exif, orientation } = await sharp(saved).metadata();
    expect({ format, width, height, exif, orientation }).toEqual({ format: 'jpeg', ...master, exif: undefined, orientation: undefined });
    // Upright: what was the top of the stored picture is its right edge.
    const redAt = async (left: number) => {
      const [red, , blue] = await sharp(saved).extract({ left, top: master.height / 2, width: 1, height: 1 }).raw().toBuffer();
      return red! > 150 && blue! < 100;
    };
    expect([await redAt(master.width - 10), await redAt(10)]).toEqual([true, false]);
    await dialog.getByRole('button', { name: fill(library.useLabel, { name: 'img-1234-ete.jpg' }) }).click();
    await dialog.waitFor({ state: 'hidden' });

    await field(admin, 'Illustration text').fill('Boxes of gloves on a shelf');
    await admin.getByRole('button', { name: /Add headings/ }).click();
    await field(admin, 'Heading').fill('Disposables');
    await admin.getByRole('button', { name: /Add items/ }).click();
    await field(admin, 'Items').fill('Nitrile gloves');
    // The preview draws the new page with the picture uploaded.
    await admin.frameLocator('iframe').locator('h1', { hasText: 'Medical Supplies' }).waitFor();
    await expect.poll(() => admin.frameLocator('iframe').locator('img.page-header__art').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(master.width);
    await publish(admin);

    const category = 'content/words/categories/medical-supplies.en.yaml';
    await expect.poll(() => existsSync(join(sandbox.root, category)), { timeout: SLOW }).toBe(true);
    expect(file(category)).toContain('  file: img-1234-ete.jpg\n');
    // Not translated yet: no French or Arabic file, though Decap copied the order, address and picture into both.
    for (const code of ['fr', 'ar']) expect(existsSync(join(sandbox.root, `content/words/categories/medical-supplies.${code}.yaml`)), code).toBe(false);
    expect((await fetch(`${dev.origin}/fr/products/medical-supplies`)).status).toBe(404);

    const page = await context.newPage();
    await expect.poll(async () => (await page.goto(`${dev.origin}/products/medical-supplies`))?.status(), { timeout: SLOW }).toBe(200);
    // The photo as the build made it for the page: a JPEG fallback, and the AVIF Chromium takes first.
    const shown = page.locator('img.page-header__art');
    expect(await shown.getAttribute('src')).toMatch(/^\/assets\/art\/category\/img-1234-ete\.jpg-\d+\.[0-9a-f]{12}\.jpg$/);
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : '')))
      .toMatch(/^\/assets\/art\/category\/img-1234-ete\.jpg-\d+\.[0-9a-f]{12}\.avif$/);
    expect(unexpected(problems)).toEqual([]);
    await page.close();
    await leave(admin);
  });

  it('deletes a category written in English alone: its file goes, and the translations it never had are not asked for', async () => {
    const path = 'content/words/categories/glassware.en.yaml';
    const order = Math.max(...content.categories.map((category) => category.order)) + 10;
    writeFileSync(join(sandbox.root, path), file('content/words/categories/textiles.en.yaml').replace(/^order: .+$/m, `order: ${order}`).replace(/^slug: .+$/m, 'slug: glassware').replace(/^title: .+$/m, 'title: Glassware'));
    await expect.poll(async () => (await fetch(`${dev.origin}/products/glassware`)).status, { timeout: SLOW }).toBe(200);

    const { admin, problems } = await openEditor('#/collections/categories/entries/glassware', (page) => field(page, 'Title'));
    admin.once('dialog', (dialog) => void dialog.accept());
    await admin.getByRole('button', { name: 'Delete entry' }).click();
    await expect.poll(() => existsSync(join(sandbox.root, path)), { timeout: SLOW }).toBe(false);
    await expect.poll(async () => (await fetch(`${dev.origin}/products/glassware`)).status, { timeout: SLOW }).toBe(404);
    expect(unexpected(problems)).toEqual([]);
    await leave(admin);
  });

  it('under Media, takes an AVIF as a JPEG, replaces it once asked, deletes it, and keeps a picture a category shows, writing nothing the site refuses', async () => {
    const { admin, problems } = await openEditor('', (page) => page.getByText('Media', { exact: true }));
    await admin.getByText('Media', { exact: true }).click();
    const dialog = picturesDialog(admin);
    await dialog.getByRole('button', { name: fill(library.deleteLabel, { name: 'textiles.svg' }) }).waitFor({ timeout: SLOW });
    await admin.screenshot({ path: screenshotPath('chromium', 'editor-pictures-media', 1280) });
    const art = join(sandbox.root, 'content/art');
    const before = readdirSync(art).sort();

    // What the library refuses, and that it says so, is the too-small photo's case above: here, what it takes.
    const refused = dialog.getByRole('alert');
    const avif = (background: string) => sharp({ create: { width: 1600, height: 1200, channels: 3, background } }).avif({ effort: 0 }).toBuffer();
    await uploadPicture(admin, { name: 'Harbour Cranes.avif', mimeType: 'image/avif', buffer: await avif('#c0873f') });
    await dialog.getByRole('status').getByText(fill(library.savedPhoto, { file: 'Harbour Cranes.avif', name: 'harbour-cranes.jpg', width: '1600', height: '1200' })).waitFor({ timeout: SLOW });
    const jpeg = join(art, 'harbour-cranes.jpg');
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    const red = async () => (await sharp(jpeg).extract({ left: 800, top: 600, width: 1, height: 1 }).raw().toBuffer())[0]!;
    expect(await red()).toBeGreaterThan(150);
    // Another under the same name: asked first, then written over.
    await uploadPicture(admin, { name: 'harbour cranes.AVIF', mimeType: 'image/avif', buffer: await avif('#0f1f33') });
    await dialog.getByRole('button', { name: library.replaceYes }).click();
    await dialog.getByRole('status').getByText(fill(library.replaced, { name: 'harbour-cranes.jpg' })).waitFor({ timeout: SLOW });
    expect(await red()).toBeLessThan(50);

    await dialog.getByRole('button', { name: fill(library.deleteLabel, { name: 'harbour-cranes.jpg' }) }).click();
    await dialog.getByRole('button', { name: library.deleteYes }).click();
    await dialog.getByRole('status').getByText(fill(library.deleted, { name: 'harbour-cranes.jpg' })).waitFor({ timeout: SLOW });
    expect(readdirSync(art).sort()).toEqual(before);

    // The site's check refuses it (a category shows it): its line in the dialog, the picture kept.
    await dialog.getByRole('button', { name: fill(library.deleteLabel, { name: 'textiles.svg' }) }).click();
    await dialog.getByRole('button', { name: library.deleteYes }).click();
    await refused.getByText(/image\.file: content\/art\/textiles\.svg is missing/).first().waitFor({ timeout: SLOW });
    expect(await refused.getByText(library.refusedDelete).count()).toBe(1);
    expect(readdirSync(art).sort()).toEqual(before);
    await dialog.getByRole('button', { name: library.close }).click();
    expect(unexpected(problems).filter((problem) => !problem.includes(words.en!.notices.refused))).toEqual([]);
    await leave(admin);
  });

  it('does not save what the site would refuse: beside the entry, opened by its address or from the banner, the lines the refusal gives, and the file as it was', async () => {
    const path = 'content/words/categories/textiles.en.yaml';
    const before = file(path);
    // Typed in the address bar.
    const { admin, problems } = await openEditor('#/collections/categories/entries/textiles', (page) => field(page, 'Order'), { own: true });
    await showPreview(admin);
    const previewLines = () => admin.frameLocator('iframe#preview-pane').getByRole('alert').locator('li').allTextContents();
    // Another category's order: Decap's own checks pass it, the site's do not.
    const [own, other] = ['textiles', 'energy-and-fuel'].map((id) => String(content.categories.find((category) => category.id === id)!.order)) as [string, string];
    await field(admin, 'Order').fill(other);
    const line = new RegExp(`^content/words/categories/textiles\\.en\\.yaml:\\d+:\\d+: order: ${other} is also the order of content/words/categories/energy-and-fuel\\.en\\.yaml$`);
    // Beside the entry as it is typed (the preview), before any save.
    await expect.poll(previewLines, { timeout: SLOW }).toEqual([expect.stringMatching(line)]);
    const beside = await previewLines();
    await publish(admin);
    const banner = admin.getByRole('alert', { name: words.en!.notices.checkLabel });
    await banner.getByText(words.en!.notices.refused).waitFor({ timeout: SLOW });
    // The same file, line and column.
    expect(await banner.locator('li code').allTextContents()).toEqual(beside);
    expect(file(path)).toBe(before);
    // What the page logged is the refusal, once, and Decap's rejection of the save that followed it.
    expect(problems).toEqual([expect.stringContaining(`ContentRefused: ${words.en!.notices.refused}`), 'Object']);

    // The file as text (an entry in one language, with its preview), then back to the form by the banner's link:
    // Decap 3.19 fails going straight from the one to the other, which the link's address avoids.
    admin.once('dialog', (dialog) => void dialog.accept());
    await admin.evaluate(() => void (location.hash = '#/edit/text-categories/textiles.en'));
    await expect.poll(() => admin.getByLabel(words.en!.asText.label).inputValue(), { timeout: SLOW }).toBe(before);
    await admin.frameLocator('iframe#preview-pane').getByText(words.en!.preview.accepted).waitFor({ timeout: SLOW });
    await banner.getByRole('link', { name: words.en!.notices.open }).click();
    await expect.poll(() => field(admin, 'Order').inputValue(), { timeout: SLOW }).toBe(own);
    await field(admin, 'Order').fill(other);
    await expect.poll(previewLines, { timeout: SLOW }).toEqual(beside);
    expect(problems.slice(2)).toEqual([]);
    await leave(admin);
  });

  /** What each of the editor's buttons that writes does with a change the site would refuse (the save's own case is above). */
  const REFUSED: Array<{ action: string; at: string; does: (admin: Page) => Promise<void>; says: RegExp }> = [
    {
      action: 'a new entry published',
      at: '#/collections/categories/new',
      does: async (admin) => {
        // Written in English alone: the preview beside it, not the French form.
        await showPreview(admin);
        // Another category's order: Decap's own checks pass it, the site's do not.
        await field(admin, 'Order').fill(String(content.categories[0]!.order));
        await field(admin, 'Address').fill('laboratory-glassware');
        await field(admin, 'Title').fill('Laboratory Glassware');
        for (const label of ['Subtitle', 'Description', 'Intro', 'Illustration text']) await field(admin, label).fill('Beakers and flasks');
        await admin.getByRole('button', { name: /Add headings/ }).click();
        await field(admin, 'Heading').fill('Glass');
        await admin.getByRole('button', { name: /Add items/ }).click();
        await field(admin, 'Items').fill('Beakers');
        await admin.getByRole('button', { name: 'Choose an image' }).click();
        await picturesDialog(admin).getByRole('button', { name: fill(library.useLabel, { name: 'textiles.svg' }) }).click();
        await publish(admin);
      },
      says: /^content\/words\/categories\/laboratory-glassware\.en\.yaml:\d+:\d+: order: \d+ is also the order of content\/words\/categories\/[\w-]+\.en\.yaml$/,
    },
    {
      action: 'an entry deleted',
      at: '#/collections/categories/entries/energy-and-fuel',
      does: async (admin) => {
        await field(admin, 'Title').waitFor({ timeout: SLOW });
        await admin.getByRole('button', { name: 'Delete entry' }).click();
      },
      says: /^content\/words\/redirects\.yaml:\d+:\d+: published\[\d+\]: \/products\/energy-and-fuel was published and is no page now/,
    },
  ];

  it.each(REFUSED)('refuses $action that the site would refuse, with the build’s line in the banner, and writes nothing', async ({ at, does, says }) => {
    const folder = join(sandbox.root, 'content/words/categories');
    const files = () => Object.fromEntries(readdirSync(folder).map((name) => [name, readFileSync(join(folder, name), 'utf8')]));
    const before = files();
    const { admin, problems } = await openEditor(at, (page) => field(page, 'Title'), { own: true });
    // Decap asks before a delete, and before leaving an entry that was not saved.
    admin.on('dialog', (dialog) => void dialog.accept());
    await does(admin);
    const banner = admin.getByRole('alert', { name: words.en!.notices.checkLabel });
    await banner.getByText(words.en!.notices.refused).waitFor({ timeout: SLOW });
    expect(await banner.locator('li code').allTextContents()).toEqual([expect.stringMatching(says)]);
    expect(files()).toEqual(before);
    expect(problems).toEqual([expect.stringContaining(`ContentRefused: ${words.en!.notices.refused}`), 'Object']);
    await leave(admin);
  });

  it('opens a file its form cannot show as its text, says so in the owner’s language, and saves it corrected there', async () => {
    const path = 'content/words/about.en.yaml';
    const original = file(path);
    // Edited elsewhere (the git host's web editor): a field's name misspelt, which the form has no field for.
    const broken = original.replace(/^lead:/m, 'laed:');
    writeFileSync(join(sandbox.root, path), broken);
    await expect.poll(async () => (await fetch(`${dev.origin}/about`)).status, { timeout: SLOW }).toBe(500);

    // A tab of its own, the banner checking the content as the editor opens, in a browser that asks for Arabic, then
    // French: our words in Arabic, laid out right to left, and Decap's in Arabic too, from our words (it has none).
    const [ar, en] = [words.ar!, words.en!];
    const inArabic = await context.newPage();
    await (await context.newCDPSession(inArabic)).send('Network.setUserAgentOverride', { userAgent: await inArabic.evaluate(() => navigator.userAgent), acceptLanguage: 'ar,fr' });
    const { admin, problems } = await openEditor('', (page) => page.getByRole('alert', { name: ar.notices.checkLabel }).getByText(ar.notices.problems), { page: inArabic });
    const banner = admin.getByRole('alert', { name: ar.notices.checkLabel });
    expect(await banner.evaluate((box: HTMLElement) => [box.lang, getComputedStyle(box).direction])).toEqual(['ar', 'rtl']);
    expect(await banner.locator('li code').allTextContents()).toEqual([
      expect.stringMatching(/^content\/words\/about\.en\.yaml:\d+:1: lead: is missing$/),
      expect.stringMatching(/^content\/words\/about\.en\.yaml:\d+:1: laed: is not a field of this entry \(a typo\?\)$/),
    ]);
    // Each line read left to right within the Arabic box; the file opens as text.
    expect(await banner.locator('li code').first().evaluate((code) => getComputedStyle(code).direction)).toBe('ltr');
    expect(await banner.locator('li a').allTextContents()).toEqual([ar.notices.openAsText, ar.notices.openAsText]);
    // Decap's own words in Arabic: its list of collections.
    await admin.getByText((ar.decap as { app: { header: { content: string } } }).app.header.content, { exact: true }).first().waitFor();
    await admin.screenshot({ path: screenshotPath('chromium', 'editor-banner-arabic', 1280) });
    // The collections by their names in Arabic, the button that adds a category, and a category's form labelled and explained in Arabic.
    const categories = ar.collections.categories!;
    await admin.getByRole('link', { name: categories.label, exact: true }).click();
    await admin.getByRole('link', { name: fill(ar.newButton, { collectionLabel: categories.one! }) }).waitFor({ timeout: SLOW });
    await admin.evaluate(() => void (location.hash = '#/collections/categories/entries/textiles'));
    const subtitle = ar.fields.categories!.subtitle!;
    await expect.poll(() => field(admin, subtitle.label).inputValue(), { timeout: SLOW }).toBe((parse(file('content/words/categories/textiles.en.yaml')) as { subtitle: string }).subtitle);
    // The hint reads right to left in Decap's left-to-right form: its first letter right of its last, the full stop at its left end.
    const hint = admin.getByText(ar.fields.categories!.intro!.hint!, { exact: true }).first();
    const ends = await hint.evaluate((paragraph) => {
      const text = [...paragraph.childNodes].find((node) => node.nodeType === Node.TEXT_NODE) as Text;
      const x = (at: number) => {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + 1);
        return range.getBoundingClientRect().x;
      };
      return { first: x(0), last: x(text.length - 1) };
    });
    expect(ends.first).toBeGreaterThan(ends.last);
    await admin.screenshot({ path: screenshotPath('chromium', 'editor-form-arabic', 1280) });
    expect(unexpected(problems)).toEqual([]);
    await admin.close();

    // Its form, opened by its address, holds nothing of the file, and its preview says why, with the way to the text.
    const { admin: owner, problems: logged } = await openEditor('#/edit/about/about', (page) => field(page, 'Lead'));
    expect([await field(owner, 'Title').inputValue(), await field(owner, 'Lead').inputValue()]).toEqual(['', '']);
    await showPreview(owner);
    const preview = owner.frameLocator('iframe#preview-pane');
    await preview.getByText(en.preview.asText.replace('%{file}', path), { exact: false }).waitFor({ timeout: SLOW });
    await preview.getByRole('link', { name: en.preview.openAsText }).click();
    const text = owner.getByLabel(en.asText.label);
    await expect.poll(() => text.inputValue(), { timeout: SLOW }).toBe(broken);
    await owner.frameLocator('iframe#preview-pane').getByText(en.preview.notReady).waitFor({ timeout: SLOW });
    await owner.screenshot({ path: screenshotPath('chromium', 'editor-as-text', 1280) });
    await text.fill(original);
    // Beside it, the same check as the save's.
    await owner.frameLocator('iframe#preview-pane').getByText(en.preview.accepted).waitFor({ timeout: SLOW });
    await publish(owner);
    await expect.poll(() => file(path), { timeout: SLOW }).toBe(original);
    await expect.poll(async () => (await fetch(`${dev.origin}/about`)).status, { timeout: SLOW }).toBe(200);
    expect(unexpected(logged)).toEqual([]);
    await leave(owner);
  });

  it('keeps unsaved work, its picture included, when the tab is closed, and offers it back when the entry is opened again', async () => {
    // What happens after the owner says yes is Decap's: 3.19 races its backup against loading the entry, and the
    // entry often wins (decision 0005). What must hold here: the work is kept, and offered.
    const hash = '#/collections/categories/new';
    const { admin, problems } = await openEditor(hash, (page) => field(page, 'Title'), { own: true });
    await showPreview(admin);
    await field(admin, 'Title').fill('Laboratory Glassware');
    // A picture chosen from those there: the draft keeps its name (an upload is in content/art once it is made).
    await admin.getByRole('button', { name: 'Choose an image' }).click();
    await picturesDialog(admin).getByRole('button', { name: fill(library.useLabel, { name: 'textiles.svg' }) }).click();
    // Decap keeps the draft in the browser's storage (IndexedDB, through localForage) a moment after a change.
    const backup = () =>
      admin.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const open = indexedDB.open('localforage');
            open.onsuccess = () => {
              const get = open.result.transaction('keyvaluepairs').objectStore('keyvaluepairs').get('backup.categories');
              get.onsuccess = () => resolve((get.result as { raw?: string } | undefined)?.raw ?? '');
            };
          }),
      );
    await expect.poll(backup, { timeout: SLOW }).toMatch(/title: Laboratory Glassware\n[^]*\n {2}file: textiles\.svg\n/);
    expect(unexpected(problems)).toEqual([]);
    await leave(admin);

    const again = await context.newPage();
    const asked: string[] = [];
    again.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    const { problems: againLogged } = await openEditor(hash, (page) => field(page, 'Title'), { page: again });
    await expect.poll(() => asked, { timeout: SLOW }).toEqual(['A local backup was recovered for this entry, would you like to use it?']);
    expect(unexpected(againLogged)).toEqual([]);
    await again.close();
  });
});
