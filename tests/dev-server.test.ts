/**
 * `npm run dev` without a browser (dev-reload.test.ts drives a tab), and none of it in production: not in the HTML,
 * not at /__dev/, not in the build, not in the CSP.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { categories } from '../content/index.ts';
import { readLanguages } from '../content/read.ts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyProject, startDev, type DevServer, type Sandbox } from '../harness/harness.ts';
import { DEV_CLIENT_PATH, EVENTS_PATH } from '../scripts/dev/endpoints.ts';
import { routes } from '../harness/harness.ts';
import { defaultSite } from '../shared/site.ts';
import { filledRoutes, serverBundle, testApp, THROWN_MESSAGE, unlistedLanguage, withThrowingRoute } from './helpers.ts';

const production = testApp({ config: { nodeEnv: 'production', trustProxy: () => false, site: defaultSite } });
describe('nothing of the dev server in production', () => {
  it('no page names a dev script or endpoint', async () => {
    for (const address of routes.map((route) => route.path)) {
      const res = await request(production).get(address).expect(200);
      expect(res.text, address).not.toContain('__dev');
      expect([...res.text.matchAll(/<script[^>]* src="([^"]+)"/g)].map(([, src]) => src), address).toEqual([expect.stringMatching(/^\/assets\/entry\.[0-9a-f]{12}\.js$/)]);
    }
  });

  it('the error screen names none either', async () => {
    const app = testApp({ routes: withThrowingRoute, config: { nodeEnv: 'production', trustProxy: () => false, site: defaultSite } });
    const res = await request(app).get('/boom').expect(500);
    expect(res.text).not.toContain('__dev');
    expect(res.text).not.toContain('<pre');
  });

  it.each([EVENTS_PATH, DEV_CLIENT_PATH, '/__dev/styles.0123456789ab.css'])('does not serve %s', async (path) => {
    const res = await request(production).get(path).expect(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).not.toContain('__dev');
  });

  it('refuses the dev script when NODE_ENV is production', () => {
    expect(() => testApp({ config: { nodeEnv: 'production', trustProxy: () => false, site: defaultSite }, devScript: DEV_CLIENT_PATH })).toThrow(/development only/);
  });

  it('the build (npm run build, which npm test runs first) has no dev code in it', () => {
    const dist = join(import.meta.dirname, '..', 'dist');
    expect(serverBundle()).not.toContain('__dev');
    const assets = readdirSync(join(dist, 'client', 'assets'), { recursive: true }).map(String);
    for (const name of assets.filter((file) => /\.(js|css)$/.test(file))) {
      expect(readFileSync(join(dist, 'client', 'assets', name), 'utf8'), name).not.toContain('__dev');
    }
  });
});

describe('the error screen in development', () => {
  it('shows the stack in the source and loads the dev client, so a saved fix brings the page back', async () => {
    const app = testApp({ routes: withThrowingRoute, config: { nodeEnv: 'development', trustProxy: () => false, site: defaultSite }, devScript: DEV_CLIENT_PATH });
    const res = await request(app).get('/boom').expect(500);
    expect(res.text).toContain(`<script type="module" src="${DEV_CLIENT_PATH}"></script>`);
    expect(/<pre[^>]*>([^<]*)<\/pre>/.exec(res.text)?.[1]).toMatch(new RegExp(`^Error: ${THROWN_MESSAGE}\\n\\s+at .*harness/harness\\.ts:\\d+:\\d+`));
  });
});

/** Which run of the dev server answers: the id it says hello with on the reload channel, once its site is ready; undefined while none listens. */
function runId(origin: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = get(`${origin}${EVENTS_PATH}`, (res) => {
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (chunk: string) => {
        text += chunk;
        const id = /^event: hello\ndata: (.+)$/m.exec(text)?.[1];
        if (id) {
          req.destroy();
          resolve(id);
        }
      });
      res.on('close', () => resolve(undefined));
    });
    req.on('error', () => resolve(undefined));
  });
}

// Each save starts the dev server again from source (about 0.75 s of CPU); while the whole suite shares
// two cores that can take ten times as long, so these tests wait far longer than the defaults.
const SAVE_TIMEOUT = 40_000;
vi.setConfig({ testTimeout: 90_000 });

/** Saves `content` to `file`, as an editor would, and resolves once the next run of the dev server (each save of code starts one) answers. */
async function saveAndRestart(origin: string, file: string, content: string): Promise<void> {
  const before = await runId(origin);
  writeFileSync(file, content);
  await expect.poll(async () => {
    const now = await runId(origin);
    return now !== undefined && now !== before;
  }, { timeout: SAVE_TIMEOUT }).toBe(true);
}

/**
 * Saves a file of the words and waits until the site has been made again from it, in the same run.
 * `byRenaming`: as vim and `sed -i` save, a new file renamed over the old one.
 */
async function saveContent(dev: DevServer, file: string, content: string, { byRenaming = false } = {}): Promise<void> {
  const remade = () => dev.output().split('content: the site made again from the files').length;
  const [before, run] = [remade(), await runId(dev.origin)];
  if (byRenaming) {
    writeFileSync(`${file}.saving`, content);
    renameSync(`${file}.saving`, file);
  } else {
    writeFileSync(file, content);
  }
  await expect.poll(remade, { timeout: SAVE_TIMEOUT }).toBeGreaterThan(before);
  expect(await runId(dev.origin), 'the same run').toBe(run);
}

describe('npm run dev', () => {
  let sandbox: Sandbox;
  let dev: DevServer;
  beforeAll(async () => {
    sandbox = copyProject();
    dev = await startDev(sandbox.root);
  });
  afterAll(async () => {
    await dev?.stop();
    sandbox?.remove();
  });

  // The tests' apps render with React's production build, as the built server does (vitest.config.ts): React's
  // development checks (keys, props) are where developers read them, in what npm run dev prints.
  it('renders every page of every language with React’s development build, and prints nothing but its two lines', async () => {
    for (const address of filledRoutes.map((route) => route.path)) await request(dev.origin).get(address).expect(200);
    expect(dev.output().trim().split('\n')).toEqual([expect.stringMatching(/^Watching /), expect.stringMatching(/^Dev server on /)]);
  });

  it('adds its client script to every page, with production’s CSP, which allows it', async () => {
    const res = await request(dev.origin).get('/about').expect(200);
    expect(res.text).toContain(`<script type="module" src="${DEV_CLIENT_PATH}"></script>`);
    const prod = await request(production).get('/about');
    expect(res.headers['content-security-policy']).toBe(prod.headers['content-security-policy']);
    // Not encoded ahead: a run of the dev server lives for one save.
    expect(res.headers['content-encoding']).toBeUndefined();
    const script = await request(dev.origin).get(DEV_CLIENT_PATH).expect(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain(`new EventSource('${EVENTS_PATH}')`);
  });

  it('opens the reload channel as Server-Sent Events, and says which run it is', async () => {
    const res = await new Promise<IncomingMessage>((resolve) => get(`${dev.origin}${EVENTS_PATH}`, resolve));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    res.destroy();
    expect(await runId(dev.origin)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rebuilds the bundle after a save in client/ code, in a new run', async () => {
    const before = /src="(\/assets\/entry\.[0-9a-f]+\.js)"/.exec((await request(dev.origin).get('/home')).text)![1];
    const entry = join(sandbox.root, 'client', 'entry.tsx');
    await saveAndRestart(dev.origin, entry, `${readFileSync(entry, 'utf8')}\nexport const savedJustNow = 'saved just now';\n`);
    const after = /src="(\/assets\/entry\.[0-9a-f]+\.js)"/.exec((await request(dev.origin).get('/home')).text)![1];
    expect(after).not.toBe(before);
    expect((await request(dev.origin).get(after!).expect(200)).text).toContain('saved just now');
  });

  it('makes the site again after every save an editor makes by renaming a new file over the old one, and after a plain save of that file since', async () => {
    const file = join(sandbox.root, 'content', 'words', 'categories', `${categories[0]!.id}.en.yaml`);
    const original = readFileSync(file, 'utf8');
    for (const subtitle of ['Saved by renaming', 'Saved by renaming again']) {
      await saveContent(dev, file, original.replace(/^subtitle: .+$/m, `subtitle: ${subtitle}`), { byRenaming: true });
      expect((await request(dev.origin).get('/products').expect(200)).text).toContain(subtitle);
    }
    await saveContent(dev, file, original);
    expect((await request(dev.origin).get('/products').expect(200)).text).not.toContain('Saved by renaming');
  });

  it('builds the editor with the languages of languages.yaml, one added there included, in the same run; a browser that has the bundle keeps it', async () => {
    const file = join(sandbox.root, 'content', 'words', 'languages.yaml');
    const original = readFileSync(file, 'utf8');
    const languages = async () => {
      const answer = await request(dev.origin).get('/admin/editor.js').expect(200);
      // Asked again at each opening (no-cache), as a browser that has it asks: 304 while it is the same.
      expect(answer.headers['cache-control']).toBe('no-cache');
      await request(dev.origin).get('/admin/editor.js').set('if-none-match', answer.headers.etag as string).expect(304);
      const bundle = answer.text;
      const [, locales, fallback] = /locales:(\[[^\]]*\]),default_locale:"(\w+)"/.exec(bundle)!;
      return { locales: JSON.parse(locales!) as string[], fallback };
    };
    const codes = readLanguages(sandbox.root).map((language) => language.code);
    const added = unlistedLanguage(codes);
    // The bundle is built when first asked for, after the save: one build of Decap, not one before and after too.
    try {
      // The site stops on a language without its files; the editor, where they are written, does not.
      await saveContent(dev, file, `${original}  - { code: ${added.code}, name: ${added.name}, direction: ltr, locale: ${added.locale} }\n`);
      expect(await languages()).toEqual({ locales: [...codes, added.code], fallback: codes[0] });
    } finally {
      await saveContent(dev, file, original);
    }
  });

  it('shows what stops the site from starting, and starts again when the fix is saved', async () => {
    const file = join(sandbox.root, 'shared', 'paths.ts');
    const original = readFileSync(file, 'utf8');
    const at = original.split('\n').findIndex((text) => text.startsWith("export const HOME_PATH = '/home';"));
    await saveAndRestart(dev.origin, file, original.replace("export const HOME_PATH = '/home';", "export const HOME_PATH = '/home';,"));
    const broken = await request(dev.origin).get('/home').expect(500);
    expect(broken.text).toContain('The site could not start');
    expect(broken.text).toContain(`shared/paths.ts:${at + 1}:33: ERROR`);
    expect(broken.text).toContain(`src="${DEV_CLIENT_PATH}"`);
    await saveAndRestart(dev.origin, file, original);
    await request(dev.origin).get('/home').expect(200);
  });
});

describe('npm run dev with a bad setting', () => {
  it('stops at once with the one line that names it, exit code 1', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/dev/dev.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('Invalid PORT="abc": expected a whole number from 0 to 65535\n');
  });
});
