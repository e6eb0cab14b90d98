/**
 * The browser editor as production runs it (the built server, the editor on its own origin), signing in and saving to
 * the git host's double (tests/git-host/); each test reads the commits with git. What only GitHub can show: docs/testing.md.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { imageSize } from 'image-size';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { LOCK_REF } from '../../client/editor/github.ts';
import { fill, library, notices, words } from '../../client/editor/locale.ts';
import { ART_FOLDER, pictureNeed } from '../../content/art.ts';
import { readContent } from '../../content/read.ts';
import type { Category } from '../../content/schema.ts';
import { checkSite } from '../../scripts/build/check-content.ts';
import { fetchRaw } from '../../scripts/build/export.ts';
import { defaultSite } from '../../shared/site.ts';
import { startGitHost, type GitHost } from '../git-host/server.ts';
import { categories, CHROMIUM_FLAGS, editions, freePort, literally, unusedSlug } from '../helpers.ts';
import { describeInBrowser, launchChromium, screenshotPath, showPreview, SLOW } from './harness.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const MAIN = join(ROOT, 'dist', 'server', 'main.js');
vi.setConfig({ testTimeout: 180_000 });

const USER = { login: 'ada', id: 7, name: 'Ada Lovelace', email: 'ada@example.com' };
const REPO = 'acme/procurement-site';
const BRANCH = 'main';
const WIDTH = 1280;
/** The default language: its files hold what is written once (a category's order, address, picture). */
const DEFAULT = editions[0]!.language.code;
/** A category as the default language's content has it: the words the editor shows before a test changes them. */
const category = (id: string) => editions[0]!.content.categories.find((candidate) => candidate.id === id)!;
/** Three categories of the content as the owners left it (helpers.ts), and the file of one in the default language. */
const [ONE, TWO, THREE] = categories as [Category, Category, Category];
const fileOf = ({ id }: Category) => `content/words/categories/${id}.${DEFAULT}.yaml`;
/** A field's label in the form, in the editor's English, which the owners may reword. */
const label = (field: string) => words.fields.categories![field]!.label;

/** A picture of the size a category needs (content/art.ts) unless told, as a PNG. */
const NEED = pictureNeed('category');
const png = (colour: string, { width, height } = NEED) =>
  Buffer.from(
    new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 480 320"><rect width="480" height="320" fill="${colour}"/><circle cx="240" cy="160" r="100" fill="#0f1f33"/></svg>`).render().asPng(),
  );

interface Editor {
  origin: string;
  stop: () => Promise<void>;
}

/** The built server, as the container runs it, with the editor on http://admin.localhost:<port> (Chromium takes *.localhost to be loopback), saving to the double. */
async function startEditor(host: GitHost, settings: Record<string, string> = {}): Promise<Editor> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      EDITOR_GITHUB_REPO: REPO,
      EDITOR_GITHUB_BRANCH: BRANCH,
      EDITOR_GITHUB_API: host.apiRoot,
      EDITOR_AUTH_URL: host.origin,
      EDITOR_ORIGIN: `http://admin.localhost:${port}`,
      ...settings,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await vi.waitFor(
    async () => {
      const status = await fetchRaw(`http://127.0.0.1:${port}`, '/admin/', { host: `admin.localhost:${port}` }).then((res) => res.status, () => 'no answer');
      if (status !== 200) throw new Error(`The editor's server answered ${status}; it printed: ${output}`);
    },
    { timeout: SLOW, interval: 50 },
  );
  return {
    origin: `http://admin.localhost:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      expect(output, 'what the server printed').toBe('');
    },
  };
}

describeInBrowser('the browser editor on a git host (its double), through the built server', () => {
  let host: GitHost;
  let browser: Browser;
  let context: BrowserContext;
  let editor: Editor;
  let withDrafts: Editor;

  beforeAll(async () => {
    host = await startGitHost({ repo: REPO, branch: BRANCH, user: USER, seed: { root: ROOT, folders: ['content'] } });
    [editor, withDrafts, browser] = await Promise.all([
      startEditor(host),
      startEditor(host, { EDITOR_DRAFTS: 'true' }),
      // The double's certificate is its own, made for this run: trusted by its key, as GitHub's is by its chain.
      launchChromium({ args: [...CHROMIUM_FLAGS, `--ignore-certificate-errors-spki-list=${host.spki}`] }),
    ]);
    context = await browser.newContext({ viewport: { width: WIDTH, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([editor?.stop(), withDrafts?.stop()]);
    await host?.close();
  });

  const git = (...args: string[]) => host.repository.git(args);
  const head = () => host.repository.resolve(BRANCH, 'commit')!;

  /** An editor page keeping its errors; `expected` names those a test causes on purpose. */
  async function open(at: Editor, hash: string) {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      // A resource that failed is named by its address, which the message leaves out.
      if (message.type() === 'error') errors.push(message.text().startsWith('Failed to load resource') ? `${message.text()} ${message.location().url}` : message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // A script the CSP refuses is reported to the page even when the refusal is caught (a library's probe for eval): logged, so none passes unseen.
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) => event.violatedDirective.startsWith('script-src') && console.error(`CSP refused ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`)),
    );
    await page.goto(`${at.origin}/admin/${hash}`);
    return { page, unexpected: (expected = /^$/) => errors.filter((error) => !expected.test(error)) };
  }

  /** "Login with GitHub", then the popup's Authorize or Cancel, as GitHub's consent screen offers them. */
  async function signIn(page: Page, answer: 'Authorize' | 'Cancel') {
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Login with GitHub' }).click();
    const consent = await popup;
    // Decap closes the popup once it has the answer, which may be before the click returns.
    const closed = consent.waitForEvent('close', { timeout: SLOW });
    await consent.getByText(answer).click();
    await closed;
  }

  /** The content check of the build, on the files the branch holds. */
  async function checkOf(revision: string): Promise<string[]> {
    const dir = mkdtempSync(join(tmpdir(), 'checked-out-'));
    try {
      execFileSync('tar', ['-x', '-C', dir], { input: host.repository.bytes(['archive', revision, 'content']) });
      return (await checkSite(readContent(dir), defaultSite)).problems;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /**
   * A developer's push landing while the tab's next write is made, after the write read the branch and before it moves
   * it: no lock stops a push. Its commit, once made.
   */
  async function pushDuringWrite(tab: Page): Promise<() => string> {
    let pushed = '';
    await tab.route('**/git/commits', async (route) => {
      // The lock's commit has no parent; the write's is the first with one.
      if (!pushed && (route.request().postDataJSON() as { parents: string[] }).parents.length > 0) {
        const note = host.repository.writeBlob(Buffer.from(`A developer’s note of ${new Date().toISOString()}\n`));
        const tree = host.repository.writeTree(git('rev-parse', `${BRANCH}^{tree}`), [{ path: 'NOTES.md', mode: '100644', sha: note }]);
        pushed = host.repository.writeCommit(tree, [head()], 'A developer’s note', USER);
        host.repository.updateRef(`refs/heads/${BRANCH}`, pushed, head());
      }
      await route.continue();
    });
    return () => pushed;
  }
  /** What a write refused for a push logs: GitHub's 422 to the branch's move, and Decap's log of the error. */
  const refusedForPush = new RegExp(`status of 422 .*/git/refs/heads/${BRANCH}$|^BranchMoved: ${literally(notices.branchMoved)}`);

  const firstCategory = `#/collections/categories/entries/${ONE.id}`;
  // What a save GitHub refuses logs: the 401s, Decap's log of the error, and, on a slow machine,
  // Decap's line for each file it was still reading when the sign-in stopped, and the 404 of a picture it was still reading,
  // which it then asks of the editor's own folder (decap-cms#6303).
  const refusedSave = new RegExp(`status of 401 |^(SignInRejected: )?${literally(notices.signedOutShort)}|^failed to load file from GitHub: content/|status of 404 \\(Not Found\\) http://admin\\.localhost:\\d+/admin/[\\w-]+\\.\\w+$`);
  // The default language's form's: with Decap's i18n the translation's beside it has the same label.
  const subtitle = (page: Page) => page.getByLabel(label('subtitle'), { exact: true }).first();
  let page: Page;
  let unexpected: (expected?: RegExp) => string[];

  it('says so in words when the sign-in popup reports a failure (GitHub’s error as a proxy passes it on), and changes nothing', async () => {
    const refs = host.repository.refs();
    ({ page, unexpected } = await open(editor, firstCategory));
    await signIn(page, 'Cancel');
    const notice = page.getByRole('alert', { name: notices.signInLabel });
    await notice.getByText(notices.signInFailed).waitFor({ timeout: SLOW });
    expect(await notice.getByText('The user has denied your application access.').count()).toBe(1);
    await page.getByRole('button', { name: 'Login with GitHub' }).waitFor();
    await page.screenshot({ path: screenshotPath('chromium', 'editor-sign-in-failed', WIDTH) });
    expect(host.repository.refs()).toEqual(refs);
    expect(unexpected()).toEqual([]);
  });

  it('when GitHub stops accepting the sign-in (401 at the save), says so and what to do, commits nothing, and signing in again as it says works', async () => {
    await signIn(page, 'Authorize');
    await subtitle(page).waitFor({ timeout: SLOW });
    const refs = host.repository.refs();
    await subtitle(page).fill('Woven and knitted, a sign-in too late');
    host.revokeTokens();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Publish now').click();
    await page.getByRole('alert', { name: notices.signInLabel }).getByText(notices.signedOut).waitFor({ timeout: SLOW });
    // Decap's own notice reads as the message too; it covers the account menu until it is closed, by a click or by
    // itself after 8 s. On a busy machine those 8 s can pass before the click lands (seen in CI), so the click may miss.
    const toast = page.getByText(notices.signedOutShort);
    await toast.click({ timeout: 2_000 }).catch(() => undefined);
    await toast.waitFor({ state: 'hidden', timeout: SLOW });
    await page.screenshot({ path: screenshotPath('chromium', 'editor-signed-out', WIDTH) });
    expect(host.repository.refs()).toEqual(refs);
    expect(unexpected(refusedSave)).toEqual([]);

    // What the notice says to do: log out, log in with GitHub again.
    await page.getByRole('button', { name: 'Account options dropdown' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await signIn(page, 'Authorize');
    await expect.poll(() => subtitle(page).inputValue(), { timeout: SLOW }).toBe(category(ONE.id).subtitle);
  });

  it('changes a category’s picture (a PNG uploaded in the media library: a commit of its own) and its subtitle, publishes: one commit more with exactly those changes, then the picture it replaced removed, each by the signed-in user, which the content check passes; the French, now behind, says how its English changed', async () => {
    const before = head();
    await subtitle(page).fill('Woven, knitted and non-woven');
    await page.getByRole('button', { name: 'Choose different image' }).first().click();
    const dialog = page.getByRole('dialog', { name: library.title });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: library.upload }).click();
    await (await chooser).setFiles({ name: 'new-photo.png', mimeType: 'image/png', buffer: png('#c0873f') });
    await dialog.getByRole('button', { name: fill(library.useLabel, { name: 'new-photo.png' }) }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Publish now').click();
    await page.getByText('Entry saved').waitFor({ timeout: SLOW });

    const [upload, save, removal] = git('rev-list', '--reverse', `${before}..${BRANCH}`).split('\n');
    expect(git('rev-parse', `${upload}^`)).toBe(before);
    expect(git('rev-parse', BRANCH)).toBe(removal);
    expect(git('diff', '--name-status', before, upload!)).toBe('A\tcontent/art/new-photo.png');
    expect(git('log', '-1', '--format=%s', upload!)).toBe(fill(library.uploadCommit, { path: 'content/art/new-photo.png' }));
    // The picture is the same in every language: written once, in the default language's file.
    expect(git('diff', '--name-status', upload!, save!)).toBe(`M\t${fileOf(ONE)}`);
    // Then the picture it replaced, which nothing shows any more.
    expect(git('diff', '--name-status', save!, removal!)).toBe(`D\t${ART_FOLDER}/${ONE.image.file}`);
    for (const commit of [upload!, save!, removal!]) expect(git('log', '-1', '--format=%an <%ae>|%cn <%ce>', commit)).toBe(`${USER.name} <${USER.email}>|${USER.name} <${USER.email}>`);
    const yaml = git('show', `${BRANCH}:${fileOf(ONE)}`);
    expect(yaml).toContain('\nsubtitle: Woven, knitted and non-woven\n');
    expect(yaml).toContain('\n  file: new-photo.png\n');
    // Drawn again by the browser, at its size.
    expect(imageSize(host.repository.bytes(['show', `${BRANCH}:content/art/new-photo.png`]))).toMatchObject({ type: 'png', width: NEED.width, height: NEED.height });
    expect(await checkOf(BRANCH)).toEqual([]);
    // The 401s of the test before are all the page logged.
    expect(unexpected(refusedSave)).toEqual([]);
    expect(host.unmatched).toEqual([]);

    // The French still translates the English as it was: the preview says how it changed, reading that English from GitHub by its blob id.
    const { subtitle: was } = parse(git('show', `${before}:${fileOf(ONE)}`)) as { subtitle: string };
    await showPreview(page);
    await page.getByRole('button', { name: `Writing in ${DEFAULT.toUpperCase()}` }).click();
    await page.getByRole('menuitem', { name: editions[1]!.language.code }).click();
    const changed = page.frameLocator('iframe#preview-pane').getByRole('listitem').filter({ hasText: 'Woven, knitted and non-woven' });
    await changed.waitFor({ timeout: SLOW });
    expect(await changed.innerText()).toBe(fill(words.preview.changed, { field: fill(words.preview.fieldAt, { label: label('subtitle'), path: 'subtitle' }), was, now: 'Woven, knitted and non-woven' }));
    expect(unexpected(refusedSave)).toEqual([]);
    await page.close();
  });

  it('takes two publishes at once one after the other: two tabs moving two categories to one address, one lands with its redirect, the other is refused with the build’s line; a lock left by a closed tab is taken over', async () => {
    // A lock a tab left when it closed mid-write, three minutes ago by the git host's clock.
    const tree = git('rev-parse', `${BRANCH}^{tree}`);
    const stale = host.repository.writeCommit(tree, [], 'The site editor is writing', { ...USER, date: new Date(Date.now() - 3 * 60_000).toISOString() });
    host.repository.updateRef(LOCK_REF, stale, undefined);
    const before = head();
    const tabs = await Promise.all([ONE, TWO].map(({ id }) => open(editor, `#/collections/categories/entries/${id}`)));
    // An address no category has.
    const together = unusedSlug('fabrics');
    // Signed in already: the second tab finds the sign-in the first one kept.
    for (const { page: tab } of tabs) {
      const address = tab.getByLabel(label('slug'), { exact: true }).first();
      await address.waitFor({ timeout: SLOW });
      await address.fill(together);
      await tab.getByRole('button', { name: 'Publish', exact: true }).click();
    }
    await Promise.all(tabs.map(({ page: tab }) => tab.getByText('Publish now').click()));
    const outcome = (tab: Page) => Promise.race([tab.getByText('Entry saved').waitFor({ timeout: SLOW }).then(() => 'saved'), tab.getByRole('alert', { name: notices.checkLabel }).getByText(notices.refused).waitFor({ timeout: SLOW }).then(() => 'refused')]);
    expect((await Promise.all(tabs.map(({ page: tab }) => outcome(tab)))).sort()).toEqual(['refused', 'saved']);

    // One commit: the category moved, and its old address kept as a redirect in the same commit.
    expect(git('rev-list', `${before}..${BRANCH}`).split('\n')).toHaveLength(1);
    const moved = git('diff', '--name-only', before, BRANCH).split('\n');
    const slug = new RegExp(`categories/([\\w-]+)\\.${DEFAULT}\\.yaml`).exec(moved.join(' '))![1];
    expect(moved).toEqual([`content/words/categories/${slug}.${DEFAULT}.yaml`, 'content/words/redirects.yaml']);
    expect(parse(git('show', `${BRANCH}:content/words/redirects.yaml`))).toMatchObject({ redirects: expect.arrayContaining([{ from: `/products/${slug}`, to: `/products/${together}` }]), published: expect.arrayContaining([`/products/${slug}`, `/products/${together}`]) });
    // The check names the two categories at one address, the one that comes later in the order first.
    const refused = tabs.find(({ page: tab }) => !tab.url().includes(`/entries/${slug}`))!.page;
    const [earlier, later] = [ONE, TWO].sort((a, b) => a.order - b.order) as [Category, Category];
    expect(await refused.getByRole('alert', { name: notices.checkLabel }).innerText()).toMatch(new RegExp(`${literally(fileOf(later))}:\\d+:\\d+: slug: "${together}" is also the slug of ${literally(fileOf(earlier))}`));
    expect(host.repository.resolve(LOCK_REF, 'commit')).toBeUndefined();
    expect(await checkOf(BRANCH)).toEqual([]);
    for (const { page: tab, unexpected: errors } of tabs) {
      // Decap logs the refused save (its message); the browser logs GitHub's answers to the tab that waited for
      // the lock: 422 "it is there", and 404 when it went between that answer and the next question.
      expect(errors(new RegExp(`${literally(notices.refused)}|status of (422|404) `))).toEqual([]);
      await tab.close();
    }
  });

  it('with drafts (EDITOR_DRAFTS), saves to a branch of its own with a pull request, leaves the default branch alone, and publishing merges it: one merge with the change and the redirect from the address it moved from', async () => {
    const before = head();
    const draft = `refs/heads/cms/categories/${THREE.id}`;
    const moved = unusedSlug(`${THREE.slug}-moved`);
    const { page: admin, unexpected: errors } = await open(withDrafts, `#/collections/categories/entries/${THREE.id}`);
    await signIn(admin, 'Authorize');
    await subtitle(admin).waitFor({ timeout: SLOW });
    await subtitle(admin).fill('Seeds, fertilisers and crop care');
    // A new address too: the same in every language.
    await admin.getByLabel(label('slug'), { exact: true }).first().fill(moved);
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByRole('button', { name: 'Status: Draft' }).waitFor({ timeout: SLOW });

    // Saved: a branch from the default branch with one commit, and its pull request marked a draft; the default branch as it was.
    expect(head()).toBe(before);
    const saved = host.repository.resolve(draft, 'commit')!;
    expect(git('rev-parse', `${saved}^`)).toBe(before);
    const files = [fileOf(THREE)];
    expect(git('diff', '--name-only', before, saved).split('\n')).toEqual(files);
    expect(git('log', '-1', '--format=%an <%ae>', saved)).toBe(`${USER.name} <${USER.email}>`);
    expect(host.pulls.map(({ state, head: from, base, labels }) => ({ state, from, base, labels }))).toEqual([{ state: 'open', from: `cms/categories/${THREE.id}`, base: BRANCH, labels: ['decap-cms/draft'] }]);

    // Reviewed: its status is a label of the pull request; the board shows it under Ready.
    const drawn = () => admin.frameLocator('iframe').locator('h1', { hasText: THREE.title }).waitFor({ timeout: SLOW });
    await showPreview(admin);
    await drawn();
    await admin.getByRole('button', { name: 'Status: Draft' }).click();
    await admin.screenshot({ path: screenshotPath('chromium', 'editor-drafts-status', WIDTH) });
    await admin.getByRole('menuitem', { name: 'Ready' }).click();
    await admin.getByRole('button', { name: 'Status: Ready' }).waitFor({ timeout: SLOW });
    expect(host.pulls[0]!.labels).toEqual(['decap-cms/pending_publish']);
    expect(head()).toBe(before);
    await admin.goto(`${withDrafts.origin}/admin/#/workflow`);
    await admin.getByText('0 entries waiting for review, 1 ready to go live.').waitFor({ timeout: SLOW });
    await admin.screenshot({ path: screenshotPath('chromium', 'editor-drafts-workflow', WIDTH) });

    // Published: Decap asks first, then merges the pull request and deletes its branch.
    await admin.getByText(THREE.title).click();
    await showPreview(admin);
    await drawn();
    await admin.getByRole('button', { name: 'Publish', exact: true }).click();
    await admin.screenshot({ path: screenshotPath('chromium', 'editor-drafts-publish', WIDTH) });
    const asked = new Promise<string>((resolve) =>
      admin.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await admin.getByText('Publish now').click();
    expect(await asked).toBe('Are you sure you want to publish this entry?');
    await admin.getByText('Entry published').waitFor({ timeout: SLOW });

    // Publishing first keeps the old address on the draft's branch (a commit of redirects.yaml after the draft's), then merges it: both at once.
    expect(git('rev-list', '--first-parent', `${before}..${BRANCH}`).split('\n')).toHaveLength(1);
    const published = git('rev-parse', `${BRANCH}^2`);
    expect(git('log', '-1', '--format=%P|%an <%ae>', BRANCH)).toBe(`${before} ${published}|${USER.name} <${USER.email}>`);
    expect(git('rev-parse', `${published}^`)).toBe(saved);
    expect(git('diff', '--name-only', saved, published)).toBe('content/words/redirects.yaml');
    expect(git('diff', '--name-only', before, BRANCH).split('\n')).toEqual([...files, 'content/words/redirects.yaml']);
    expect(git('show', `${BRANCH}:${fileOf(THREE)}`)).toContain('\nsubtitle: Seeds, fertilisers and crop care\n');
    expect(parse(git('show', `${BRANCH}:content/words/redirects.yaml`))).toMatchObject({ redirects: expect.arrayContaining([{ from: `/products/${THREE.slug}`, to: `/products/${moved}` }]) });
    expect(host.repository.resolve(draft, 'commit')).toBeUndefined();
    expect(host.pulls.map(({ state, merged }) => ({ state, merged: merged?.sha }))).toEqual([{ state: 'closed', merged: head() }]);
    expect(await checkOf(BRANCH)).toEqual([]);
    expect(errors()).toEqual([]);
    expect(host.unmatched).toEqual([]);
  });

  it('with drafts, refuses in words a publish of a draft another person deleted meanwhile, nothing written', async () => {
    const before = head();
    const draft = `refs/heads/cms/categories/${THREE.id}`;
    const { page: admin, unexpected: errors } = await open(withDrafts, `#/collections/categories/entries/${THREE.id}`);
    await subtitle(admin).waitFor({ timeout: SLOW });
    await subtitle(admin).fill('A draft someone else deleted');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByRole('button', { name: 'Status: Draft' }).click();
    await admin.getByRole('menuitem', { name: 'Ready' }).click();
    await admin.getByRole('button', { name: 'Status: Ready' }).waitFor({ timeout: SLOW });
    // Deleted in another tab or by another person (Decap's "Delete unpublished changes"): its branch gone, its pull request closed.
    host.repository.updateRef(draft, undefined, host.repository.resolve(draft, 'commit'));
    await admin.getByRole('button', { name: 'Publish', exact: true }).click();
    admin.once('dialog', (dialog) => void dialog.accept());
    await admin.getByText('Publish now').click();
    await admin.getByText(notices.draftGone).waitFor({ timeout: SLOW });
    expect(head()).toBe(before);
    // GitHub's 404s to the draft's branch, asked for by the gate and, for its deploy preview's status by its head, by Decap.
    expect(errors(/status of 404 .+\/(branches\/cms%2F[^/]+|commits\/\/status)$/)).toEqual([]);
    await admin.screenshot({ path: screenshotPath('chromium', 'editor-draft-gone', WIDTH) });
    await admin.close();
  });

  it('refuses a publish in words when a push lands while it is written, nothing of it written; published again, it lands on top of the push', async () => {
    const { page: tab, unexpected: errors } = await open(editor, `#/collections/categories/entries/${TWO.id}`);
    await subtitle(tab).waitFor({ timeout: SLOW });
    const before = head();
    const pushed = await pushDuringWrite(tab);
    await subtitle(tab).fill('Written while a developer pushed');
    await tab.getByRole('button', { name: 'Publish', exact: true }).click();
    await tab.getByText('Publish now').click();
    await tab.getByText(notices.branchMoved).waitFor({ timeout: SLOW });
    expect(git('rev-list', `${before}..${BRANCH}`).trim()).toBe(pushed());
    await tab.unroute('**/git/commits');

    await tab.getByRole('button', { name: 'Publish', exact: true }).click();
    await tab.getByText('Publish now').click();
    await tab.getByText('Entry saved').waitFor({ timeout: SLOW });
    expect(git('rev-parse', `${BRANCH}^`)).toBe(pushed());
    expect(git('diff', '--name-only', pushed(), BRANCH)).toBe(fileOf(TWO));
    expect(git('show', `${BRANCH}:${fileOf(TWO)}`)).toContain('\nsubtitle: Written while a developer pushed\n');
    expect(errors(refusedForPush)).toEqual([]);
    await tab.close();
  });

  it('deletes a published category in one commit: its files gone and its address led to the products page in redirects.yaml, bringing the content check no problem; refused in words, nothing written, when a push lands while it is written', async () => {
    // Before the next test leaves a picture too small: the gate reads the addresses from content its check passes.
    const gone = categories.at(-1)!;
    const files = git('ls-tree', '--name-only', `${BRANCH}:content/words/categories`).split('\n').filter((name) => name.startsWith(`${gone.id}.`));
    const { page: tab, unexpected: errors } = await open(editor, `#/collections/categories/entries/${gone.id}`);
    await subtitle(tab).waitFor({ timeout: SLOW });
    tab.on('dialog', (dialog) => void dialog.accept());

    const pushed = await pushDuringWrite(tab);
    await tab.getByRole('button', { name: 'Delete entry' }).click();
    await tab.getByText(notices.branchMoved).waitFor({ timeout: SLOW });
    await tab.screenshot({ path: screenshotPath('chromium', 'editor-branch-moved', WIDTH) });
    const before = pushed();
    expect(head()).toBe(before);
    await tab.unroute('**/git/commits');

    // Deleted again, as the words say: now on top of the push.
    await tab.getByRole('button', { name: 'Delete entry' }).click();
    // Decap goes back to the list once the write is done, the lock released.
    await tab.waitForURL(/#\/collections\/categories$/, { timeout: SLOW });
    // The first commit after it: the delete and the redirect together (a picture it leaves unused goes in one of its own).
    const [commit] = git('rev-list', '--reverse', `${before}..${BRANCH}`).trim().split('\n');
    expect(git('diff', '--name-status', before, commit!).trim().split('\n').sort()).toEqual([...files.map((name) => `D\tcontent/words/categories/${name}`), 'M\tcontent/words/redirects.yaml'].sort());
    expect(parse(git('show', `${commit}:content/words/redirects.yaml`))).toMatchObject({ redirects: expect.arrayContaining([{ from: `/products/${gone.slug}`, to: '/products' }]) });
    expect(await checkOf(commit!)).toEqual(await checkOf(before));
    expect(errors(refusedForPush)).toEqual([]);
    await tab.close();
  });

  it('reads each picture from GitHub once, by its blob id: a save lists them once a check and fetches none it has read; one replaced under its name (a push) is read again, and the banner after the next save names it at its new size', async () => {
    const { page: tab, unexpected: errors } = await open(editor, firstCategory);
    const save = async (words: string) => {
      await subtitle(tab).fill(words);
      await tab.getByRole('button', { name: 'Publish', exact: true }).click();
      await tab.getByText('Publish now').click();
      await tab.getByText('Entry saved').waitFor({ timeout: SLOW });
    };
    await subtitle(tab).waitFor({ timeout: SLOW });
    await save('Woven, knitted, non-woven and felted');
    const picture = 'new-photo.png';
    const others = git('ls-tree', `${BRANCH}:${ART_FOLDER}`).split('\n').flatMap((line) => (line.endsWith(`\t${picture}`) ? [] : [`GET /git/blobs/${line.split(/\s/)[2]}`]));
    // Replaced on GitHub as a push would, with one half the size a category needs.
    const small = { width: Math.round(NEED.width / 2), height: Math.round(NEED.height / 2) };
    const tree = host.repository.writeTree(git('rev-parse', `${BRANCH}^{tree}`), [{ path: `${ART_FOLDER}/${picture}`, mode: '100644', sha: host.repository.writeBlob(png('#3f87c0', small)) }]);
    host.repository.updateRef(`refs/heads/${BRANCH}`, host.repository.writeCommit(tree, [head()], 'A smaller loom', USER), head());
    const asked = host.requests.length;
    // Not the change's: the save is made, and the banner after it names the picture.
    await save('Woven, knitted and felted');
    await tab.getByRole('alert', { name: notices.checkLabel }).getByText(`${ART_FOLDER}/${picture} is ${small.width} × ${small.height}`).waitFor({ timeout: SLOW });
    const made = host.requests.slice(asked);
    expect(made.filter((request) => others.includes(request))).toEqual([]);
    // Which pictures there are is asked once a check (the gate's before the write; the banner's after it may be on its
    // way still), not once a picture, as Decap's getMediaFile would (its getFileSha lists the folder for each).
    const listings = made.filter((request) => decodeURIComponent(request) === `GET /git/trees/${BRANCH}:${ART_FOLDER}`);
    expect(listings.length).toBeGreaterThan(0);
    expect(listings.length).toBeLessThanOrEqual(2);
    expect(errors()).toEqual([]);
    await tab.close();
  });
});
