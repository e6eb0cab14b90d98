/**
 * The browser editor's local backend in `npm run dev` (scripts/dev/local-backend.ts) does exactly what its guard says:
 * every bad path and request refused with nothing changed on disk, and nothing the content check refuses written.
 */
import { once } from 'node:events';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import sharp, { type FormatEnum } from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ART_EXTENSIONS, ART_FOLDER, MASTER_LIMITS, pictureNeed, PICTURE_SLOTS } from '../content/art.ts';
import { checkContent, REDIRECTS_FILE } from '../content/load.ts';
import type { Category } from '../content/schema.ts';
import { readSources } from '../content/read.ts';
import { LOCAL_BACKEND_PATH, localBackend, pathRefusal } from '../scripts/dev/local-backend.ts';
import { copyProject, type Sandbox } from '../harness/harness.ts';
import { categories, editions, literally } from './helpers.ts';

let sandbox: Sandbox;
let server: Server;
let port: number;
/** A folder outside the project, which symlinks lead to. */
let outside: string;

beforeAll(async () => {
  sandbox = copyProject();
  outside = mkdtempSync(join(tmpdir(), 'local-backend-outside-'));
  writeFileSync(join(outside, 'target.yaml'), 'owned: true\n');
  // Listening on every interface, as `HOST=0.0.0.0 npm run dev` does.
  server = createServer(localBackend(sandbox.root)).listen(0, '0.0.0.0');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server?.close();
  sandbox?.remove();
  rmSync(outside, { recursive: true, force: true });
});

type Answer = { status: number; body: { error?: string; problems?: string[] } & Record<string, unknown> };

/** A request from `localAddress` to the server's port, to the address the server is reached at. */
function post(body: unknown, { host = '127.0.0.1', localAddress, headers = {} }: { host?: string; localAddress?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host, port, path: LOCAL_BACKEND_PATH, method: 'POST', localAddress, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) as Answer['body'] }));
    });
    req.on('error', reject);
    req.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
}

const at = (path: string) => join(sandbox.root, path);
const read = (path: string) => readFileSync(at(path), 'utf8');
/** Two categories of the content as the owners left it (helpers.ts), and the file of one in a language. */
const [ONE, TWO] = categories as [Category, Category];
/**
 * The languages that have the first, the default first, and the others as the check names their files (by path): a
 * language translated in part has no file of a category not translated yet (docs/editing.md).
 */
const CODES = editions.filter((edition) => edition.content.categories.some((category) => category.id === ONE.id)).map((edition) => edition.language.code);
const CODES_AS_CHECKED = [CODES[0]!, ...CODES.slice(1).sort()];
const categoryFile = ({ id }: Category, code = CODES[0]) => `content/words/categories/${id}.${code}.yaml`;
const CATEGORY = categoryFile(ONE);
/** Its translation into the second language that has it, beside it (Decap's i18n, multiple_files). */
const TRANSLATED = categoryFile(ONE, CODES[1]);
/** The category in every language that has it, as Decap writes an entry. */
const EVERY_LANGUAGE = CODES.map((code) => categoryFile(ONE, code));
/** Its picture, and the other's. */
const [PICTURE, OTHER_PICTURE] = [ONE, TWO].map((category) => `${ART_FOLDER}/${category.image.file}`) as [string, string];

/** Every file of the copy and of the folder outside, by inode, size and time, which any write changes: what a refusal leaves as it was (hashing cost most of the file's time). */
function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (base: string, folder: string) => {
    for (const entry of readdirSync(join(base, folder), { withFileTypes: true })) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (path === 'node_modules') continue;
      if (entry.isDirectory()) walk(base, path);
      else {
        const { ino, size, mtimeNs } = lstatSync(join(base, path), { bigint: true });
        files.set(`${base === outside ? 'outside:' : ''}${path}`, entry.isSymbolicLink() ? 'symlink' : `${ino}:${size}:${mtimeNs}`);
      }
    }
  };
  walk(sandbox.root, '');
  walk(outside, '');
  return files;
}

/** A picture of the size categories are shown at. */
const png = Buffer.from(new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><rect width="480" height="320" fill="#c0873f"/></svg>').render().asPng());
const base64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

/** The kinds of bad path, each with what to make on disk first (undone after): symlinks of every kind among them. */
const BAD_PATHS: Array<{ kind: string; path: string; says: string; make?: () => () => void }> = [
  { kind: 'an absolute path', path: '/tmp/owned.yaml', says: 'not a path of the content' },
  { kind: 'a path going up', path: 'content/words/../../scripts/owned.yaml', says: 'not a path of the content' },
  { kind: 'a file outside the content', path: 'scripts/build/build.ts', says: 'not in a folder of the content' },
  { kind: 'a new file outside the content', path: 'server/owned.yaml', says: 'not in a folder of the content' },
  { kind: 'code beside the content', path: 'content/words/categories/owned.ts', says: 'is not a .yaml file' },
  { kind: 'code in the art folder', path: 'content/art/owned.js', says: `is not a ${ART_EXTENSIONS.join(', ')} file` },
  { kind: 'a file with no extension', path: 'content/words/categories/owned', says: 'is not a .yaml file' },
  { kind: 'a name that is only an extension', path: 'content/words/categories/.yaml', says: 'not a path of the content' },
  { kind: 'a git folder inside the content', path: 'content/words/.git/config', says: 'not a path of the content' },
  { kind: 'a dotfile', path: 'content/words/categories/.hidden.yaml', says: 'not a path of the content' },
  { kind: 'a . segment', path: 'content/words/./home.yaml', says: 'not a path of the content' },
  { kind: 'an empty segment', path: 'content/words//home.yaml', says: 'not a path of the content' },
  { kind: 'a backslash', path: 'content\\words\\home.yaml', says: 'not a path of the content' },
  { kind: 'a NUL byte', path: 'content/words/home.yaml\u0000.ts', says: 'not a path of the content' },
  { kind: 'a single file the content does not have', path: 'content/words/owned.yaml', says: 'is not a file of the content' },
  { kind: 'a folder the content does not have', path: 'content/words/drafts/owned.yaml', says: 'not in a folder of the content' },
  {
    kind: 'a symlink to a file outside',
    path: 'content/words/categories/linked.yaml',
    says: 'goes through a symlink',
    make: () => {
      symlinkSync(join(outside, 'target.yaml'), at('content/words/categories/linked.yaml'));
      return () => rmSync(at('content/words/categories/linked.yaml'));
    },
  },
  {
    kind: 'a dangling symlink',
    path: 'content/words/categories/dangling.yaml',
    says: 'goes through a symlink',
    make: () => {
      symlinkSync(at('scripts/created-through-a-link.ts'), at('content/words/categories/dangling.yaml'));
      return () => rmSync(at('content/words/categories/dangling.yaml'));
    },
  },
  {
    kind: 'a symlink to a file inside',
    path: 'content/words/categories/alias.yaml',
    says: 'goes through a symlink',
    make: () => {
      symlinkSync(at(CATEGORY), at('content/words/categories/alias.yaml'));
      return () => rmSync(at('content/words/categories/alias.yaml'));
    },
  },
  {
    kind: 'a folder on the way that is a symlink',
    path: 'content/words/pages/owned.md',
    says: 'goes through a symlink (content/words/pages)',
    make: () => {
      renameSync(at('content/words/pages'), at('content/words/pages-real'));
      symlinkSync(outside, at('content/words/pages'));
      return () => {
        rmSync(at('content/words/pages'));
        renameSync(at('content/words/pages-real'), at('content/words/pages'));
      };
    },
  },
];

/** Each action the editor uses, with the bad path where it takes a file's path. */
const ACTIONS: Array<{ action: string; params: (path: string) => Record<string, unknown> }> = [
  { action: 'write', params: (path) => ({ action: 'persistEntry', params: { dataFiles: [{ path, slug: 'x', raw: 'owned: true\n' }], assets: [] } }) },
  { action: 'rename to', params: (path) => ({ action: 'persistEntry', params: { dataFiles: [{ path: CATEGORY, slug: 'x', raw: read(CATEGORY), newPath: path }], assets: [] } }) },
  { action: 'upload with an entry', params: (path) => ({ action: 'persistEntry', params: { dataFiles: [{ path: CATEGORY, slug: 'x', raw: read(CATEGORY) }], assets: [{ path, content: base64(png), encoding: 'base64' }] } }) },
  { action: 'upload', params: (path) => ({ action: 'persistMedia', params: { asset: { path, content: base64(png), encoding: 'base64' } } }) },
  { action: 'read', params: (path) => ({ action: 'getEntry', params: { path } }) },
  { action: 'read several', params: (path) => ({ action: 'entriesByFiles', params: { files: [{ path }] } }) },
  { action: 'read a picture', params: (path) => ({ action: 'getMediaFile', params: { path } }) },
  { action: 'delete', params: (path) => ({ action: 'deleteFiles', params: { paths: [path] } }) },
];

describe('the guard: its path rules, and every action through them', () => {
  // The rules of a path, a table against their function: each kind of bad path that needs nothing on disk.
  it.each(BAD_PATHS.filter((bad) => !bad.make).map((bad) => [bad.kind, bad] as const))('refuses %s', (_kind, bad) => {
    expect(pathRefusal(bad.path, 'file')).toContain(bad.says);
  });

  // Through the server: every action refuses a path the rules refuse and one through a symlink; each kind of symlink, on a write.
  const [write] = ACTIONS;
  const goingUp = BAD_PATHS.find((bad) => bad.kind === 'a path going up')!;
  const [linked, ...otherLinks] = BAD_PATHS.filter((bad) => bad.make);
  const cases = [
    ...ACTIONS.flatMap(({ action, params }) => [goingUp, linked!].map((bad) => [`${action} ${bad.kind}`, params, bad] as const)),
    ...otherLinks.map((bad) => [`${write!.action} ${bad.kind}`, write!.params, bad] as const),
  ];

  it.each(cases)('%s: refused (403), nothing changed', async (_name, params, bad) => {
    const undo = bad.make?.();
    try {
      const before = snapshot();
      const answer = await post(params(bad.path));
      expect(answer.status).toBe(403);
      expect(answer.body.error).toContain(bad.says);
      expect(snapshot()).toEqual(before);
      expect(existsSync(at('scripts/created-through-a-link.ts'))).toBe(false);
    } finally {
      undo?.();
    }
  });

  it.each([
    ['an absolute folder', '/etc', 'not a path of the content'],
    ['a folder going up', 'content/words/categories/../../..', 'not a path of the content'],
    ['a git folder', 'content/words/.git', 'not a path of the content'],
    ['the project', '', 'is not a path'],
    ['a folder of code', 'scripts', 'is not a folder of the content'],
  ])('lists neither %s (403)', async (_what, folder, says) => {
    for (const body of [
      { action: 'entriesByFolder', params: { folder, extension: 'yaml', depth: 1 } },
      { action: 'getMedia', params: { mediaFolder: folder } },
    ]) {
      const answer = await post(body);
      expect(answer.status, body.action).toBe(403);
      expect(answer.body.error).toContain(says);
    }
  });

  it('lists no folder that is a symlink (403)', async () => {
    const undo = BAD_PATHS.find((bad) => bad.kind === 'a folder on the way that is a symlink')!.make!();
    try {
      const answer = await post({ action: 'entriesByFolder', params: { folder: 'content/words/pages', extension: 'md', depth: 1 } });
      expect(answer).toMatchObject({ status: 403, body: { error: expect.stringContaining('goes through a symlink') } });
    } finally {
      undo();
    }
  });
});

describe('what the guard lets through', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const path of made.splice(0)) rmSync(at(path), { recursive: true, force: true });
  });
  const make = (path: string, body: string | null) => {
    made.push(path);
    if (body === null) mkdirSync(at(path), { recursive: true });
    else writeFileSync(at(path), body);
  };

  it('lists only the content’s files: no other kind, no dotfile, no symlink, no folder', async () => {
    make('content/words/categories/notes.txt', 'notes');
    make('content/words/categories/.hidden.yaml', 'x: 1\n');
    make('content/words/categories/index.ts', 'export {};\n');
    make('content/words/categories/a-folder.yaml', null);
    made.push('content/words/categories/alias.yaml');
    symlinkSync(at(CATEGORY), at('content/words/categories/alias.yaml'));
    const listed = await post({ action: 'entriesByFolder', params: { folder: 'content/words/categories', extension: 'yaml', depth: 1 } });
    expect(listed.status).toBe(200);
    const paths = (listed.body as unknown as Array<{ file: { path: string } }>).map((entry) => entry.file.path);
    expect(paths).toEqual(readdirSync(at('content/words/categories')).filter((name) => /^[a-z][\w-]*\.[a-z]{2,3}\.yaml$/.test(name) && statSync(at(`content/words/categories/${name}`)).isFile() && name !== 'alias.yaml' && name !== 'a-folder.yaml').map((name) => `content/words/categories/${name}`).sort());
    expect(paths).toContain(CATEGORY);

    make('content/art/readme.txt', 'not a picture');
    const media = await post({ action: 'getMedia', params: { mediaFolder: 'content/art' } });
    expect((media.body as unknown as Array<{ path: string }>).map((file) => file.path).every((path) => ART_EXTENSIONS.some((extension) => path.endsWith(extension)))).toBe(true);
  });

  it('never renames onto an existing entry (409), and changes nothing', async () => {
    const before = snapshot();
    const answer = await post({ action: 'persistEntry', params: { dataFiles: [{ path: CATEGORY, slug: TWO.slug, raw: read(CATEGORY), newPath: categoryFile(TWO) }], assets: [] } });
    expect(answer).toMatchObject({ status: 409, body: { error: expect.stringContaining('a rename never overwrites') } });
    expect(snapshot()).toEqual(before);
  });

  it('answers a delete of a folder (409) or of a file that is not there (404) with an error, and deletes nothing', async () => {
    make('content/words/categories/a-folder.yaml', null);
    const before = snapshot();
    expect(await post({ action: 'deleteFiles', params: { paths: ['content/words/categories/a-folder.yaml'] } })).toMatchObject({ status: 409, body: { error: expect.stringContaining('is not a file') } });
    expect(await post({ action: 'deleteFiles', params: { paths: ['content/words/categories/never-there.yaml'] } })).toMatchObject({ status: 404, body: { error: expect.stringContaining('is not there') } });
    expect(existsSync(at('content/words/categories/a-folder.yaml'))).toBe(true);
    expect(snapshot()).toEqual(before);
  });

  it('reads JSON bodies only (415), refuses what is not JSON (400), actions it does not know (403), and parameters of the wrong kind (400)', async () => {
    const before = snapshot();
    expect((await post('action=persistEntry', { headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
    expect((await post('{"action": "persistEntry", ', {})).status).toBe(400);
    expect((await post({ action: 'runCommand', params: {} })).status).toBe(403);
    expect(await post({ action: 'persistEntry', params: { dataFiles: [{ path: 42, raw: 'x' }] } })).toMatchObject({ status: 400, body: { error: expect.stringContaining('persistEntry: dataFiles.0.path') } });
    expect((await post({ action: 'getEntry', params: { path: ['content/words/home.yaml'] } })).status).toBe(400);
    expect(snapshot()).toEqual(before);
  });
});

/** A save of these files, as Decap's proxy backend sends it. */
const persist = (dataFiles: Array<{ path: string; raw: string; newPath?: string }>, assets: Array<{ path: string; bytes: Buffer | string }> = []) => ({
  action: 'persistEntry',
  params: { dataFiles: dataFiles.map((file) => ({ slug: 'x', ...file })), assets: assets.map(({ path, bytes }) => ({ path, content: base64(bytes), encoding: 'base64' })) },
});
const upload = (path: string, bytes: Buffer | string) => ({ action: 'persistMedia', params: { asset: { path, content: base64(bytes), encoding: 'base64' } } });
const remove = (...paths: string[]) => ({ action: 'deleteFiles', params: { paths } });
/** redirects.yaml with these addresses published too, as the browser editor sends it beside a save that adds a page (client/editor/gate.ts). */
const publishing = (...addresses: string[]) => ({ path: REDIRECTS_FILE, raw: read(REDIRECTS_FILE).replace(/^published:\n/m, `published:\n${addresses.map((address) => `  - ${address}\n`).join('')}`) });
/** Every language's file of an entry, changed alike (a field that is the same in all of them). */
const everyLanguage = (paths: readonly string[], change: (text: string) => string) => paths.map((path) => ({ path, raw: change(read(path)) }));
/** A new category made from another's file: its own order and slug. */
const newCategory = (text: string, { slug, order }: { slug: string; order: number }) => text.replace(/^order: .+$/m, `order: ${order}`).replace(/^slug: .+$/m, `slug: ${slug}`);
/** A picture's first 60 %: its header reads, its pixels stop short, as a transfer broken off leaves it. */
const cutShort = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * 0.6));
/** A picture of this size, of the kind its name says (the owners' may be any kind the site takes). */
async function pictureOfSize(name: string, width: number, height: number): Promise<Buffer | string> {
  if (name.endsWith('.svg')) return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#e8e1d1"/></svg>\n`;
  const format = extname(name).slice(1).replace('jpg', 'jpeg') as keyof FormatEnum;
  return sharp({ create: { width, height, channels: 3, background: '#e8e1d1' } }).toFormat(format).toBuffer();
}

/**
 * Every action the editor writes with, each with a change that breaks the site, checked whole with the other files (the
 * rules are tables in content.test.ts and translations.test.ts; what the browser adds to a save: tests/browser/editor.test.ts).
 */
const BREAKAGES: Array<{ action: string; how: string; request: () => unknown; says: RegExp | RegExp[] }> = [
  { action: 'a save', how: 'with a field left empty', request: () => persist([{ path: CATEGORY, raw: read(CATEGORY).replace(/^subtitle: .+$/m, 'subtitle: "   "') }]), says: new RegExp(`^${literally(CATEGORY)}:\\d+:\\d+: subtitle: is empty$`) },
  { action: 'a save', how: 'of a translation that writes again a field written once, in its original', request: () => persist([{ path: TRANSLATED, raw: read(TRANSLATED).replace(/^(title: )/m, 'order: 1\n$1') }]), says: new RegExp(`^${TRANSLATED.replaceAll('.', '\\.')}:\\d+:\\d+: order: is written once, in ${literally(CATEGORY)}, for every language: remove it here$`) },
  { action: 'a save', how: 'at another category’s address', request: () => persist(everyLanguage(EVERY_LANGUAGE, (text) => text.replace(/^slug: .+$/m, `slug: ${TWO.slug}`))), says: new RegExp(`^${literally(categoryFile(TWO))}:\\d+:\\d+: slug: "${TWO.slug}" is also the slug of ${literally(CATEGORY)}$`) },
  { action: 'a save', how: 'that moves a published address and leaves no redirect', request: () => persist([...everyLanguage(EVERY_LANGUAGE, (text) => text.replace(/^slug: .+$/m, `slug: ${ONE.slug}-moved`)), publishing(`/products/${ONE.slug}-moved`)]), says: new RegExp(`^content/words/redirects\\.yaml:\\d+:\\d+: published\\[\\d+\\]: /products/${ONE.slug} was published and is no page now`) },
  { action: 'a save', how: 'with a title too long for its share image', request: () => persist([{ path: CATEGORY, raw: read(CATEGORY).replace(/^title: .+$/m, 'title: Fabrics, yarns, fibres, leathers, metals, chemicals and every other material a maker could ever need') }]), says: /title: .+ is too long for its share image/ },
  { action: 'a new entry', how: 'at another category’s address', request: () => persist([{ path: categoryFile({ id: 'zz-new' } as Category), raw: newCategory(read(CATEGORY), { slug: ONE.slug, order: 99 }) }]), says: new RegExp(`^${literally(categoryFile({ id: 'zz-new' } as Category))}:\\d+:\\d+: slug: "${ONE.slug}" is also the slug of ${literally(CATEGORY)}$`) },
  { action: 'a new entry', how: 'with a picture uploaded with it that is not one', request: () => persist([{ path: categoryFile({ id: 'zz-new' } as Category), raw: newCategory(read(CATEGORY), { slug: 'zz-new', order: 99 }).replace(/file: .+\.svg/, 'file: zz-new.png') }], [{ path: 'content/art/zz-new.png', bytes: 'not a picture' }]), says: /^content\/art\/zz-new\.png is not a picture that can be read/ },
  {
    action: 'a rename',
    how: 'to a name that is not portable',
    request: () => persist(EVERY_LANGUAGE.map((path) => ({ path, raw: read(path), newPath: path.replace(`/${ONE.id}.`, '/Not Portable.') }))),
    says: CODES_AS_CHECKED.map((code) => new RegExp(`^content/words/categories/Not Portable\\.${code}\\.yaml:1:1: the file name is not portable: name it not-portable\\.${code}\\.yaml$`)),
  },
  { action: 'a delete', how: 'of a category whose address was published', request: () => remove(...EVERY_LANGUAGE), says: new RegExp(`^content/words/redirects\\.yaml:\\d+:\\d+: published\\[\\d+\\]: /products/${ONE.slug} was published and is no page now`) },
  { action: 'an upload', how: 'of a file that is not a picture', request: () => upload('content/art/zz-text.png', 'not a picture'), says: new RegExp(`^content/art/zz-text\\.png is not a picture that can be read \\(${ART_EXTENSIONS.join(', ').replaceAll('.', '\\.')}\\)$`) },
  { action: 'an upload', how: 'of a JPEG cut short, its header whole', request: async () => upload('content/art/zz-cut.jpg', cutShort((await pictureOfSize('zz-cut.jpg', 1600, 1100)) as Buffer)), says: /^content\/art\/zz-cut\.jpg: cannot be read to the end \(.+\): upload it again$/ },
  { action: 'an upload', how: 'under a name that is not portable', request: () => upload('content/art/IMG 1234.PNG', png), says: /^content\/art\/IMG 1234\.PNG: the file name is not portable: name it img-1234\.png$/ },
  { action: 'a picture written over another', how: 'of a size its place does not show', request: async () => upload(PICTURE, await pictureOfSize(PICTURE, 400, 300)), says: new RegExp(`^${literally(CATEGORY)}:\\d+:\\d+: image\\.file: ${literally(PICTURE)} is 400 × 300[,:] `) },
  { action: 'a picture deleted', how: 'that a category shows', request: () => remove(PICTURE), says: new RegExp(`^${literally(CATEGORY)}:\\d+:\\d+: image\\.file: ${literally(PICTURE)} is missing`) },
];

describe('what the content check refuses, through the local backend', () => {
  it('writes a content file the check accepts, and answers as Decap expects', async () => {
    const original = read(CATEGORY);
    try {
      const changed = original.replace(/^subtitle: .+$/m, 'subtitle: Fabrics, saved from the editor');
      expect(await post(persist([{ path: CATEGORY, raw: changed }]))).toEqual({ status: 200, body: { message: 'entry persisted' } });
      expect(read(CATEGORY)).toBe(changed);
    } finally {
      writeFileSync(at(CATEGORY), original);
    }
  });

  it('writes every language’s file of an entry in one save, checking each against the others; a field written once, in the original alone, is every language’s', async () => {
    const paths = EVERY_LANGUAGE;
    const originals = paths.map(read);
    const picture = (text: string) => text.replace(/^( +file: ).+$/m, `$1${TWO.image.file}`);
    try {
      // The picture is written in the original alone: a save changes it there, and the translations are as they were.
      const all = paths.map((path, index) => ({ path, slug: ONE.slug, raw: picture(originals[index]!) }));
      expect(await post({ action: 'persistEntry', params: { dataFiles: all, assets: [] } })).toEqual({ status: 200, body: { message: 'entry persisted' } });
      expect(paths.map(read)).toEqual([picture(originals[0]!), ...originals.slice(1)]);
      // In each language that has the category, none dropped: a language without it has no picture of it to show.
      const { content } = checkContent(readSources(sandbox.root));
      const shown = content!.editions.flatMap((edition) => edition.categories.filter((category) => category.id === ONE.id).map((category) => [edition.language.code, category.image.file]));
      expect(shown).toEqual(CODES.map((code) => [code, TWO.image.file]));
    } finally {
      paths.forEach((path, index) => writeFileSync(at(path), originals[index]!));
    }
  });

  it('deletes an entry and writes the redirect from its address in the same step, both or neither (a delete alone is refused above)', async () => {
    const redirects = 'content/words/redirects.yaml';
    const originals = [...EVERY_LANGUAGE, redirects].map(read);
    // Its address to the products page, first in the list the editor writes in block style (content/redirects.ts).
    const raw = originals.at(-1)!.replace(/^redirects: \[\]$/m, 'redirects:').replace(/^redirects:$/m, `redirects:\n  - from: /products/${ONE.slug}\n    to: /products`);
    try {
      const before = snapshot();
      const astray = await post({ action: 'deleteFiles', params: { paths: EVERY_LANGUAGE, dataFiles: [{ path: redirects, raw: raw.replace('to: /products', 'to: /products/no-such-page') }] } });
      expect(astray).toMatchObject({ status: 422, body: { problems: [expect.stringMatching(/redirects\[0\]\.to: no page has the address \/products\/no-such-page/)] } });
      expect(snapshot()).toEqual(before);
      expect(await post({ action: 'deleteFiles', params: { paths: EVERY_LANGUAGE, dataFiles: [{ path: redirects, raw }] } })).toMatchObject({ status: 200 });
      expect(EVERY_LANGUAGE.filter((path) => existsSync(at(path)))).toEqual([]);
      expect(read(redirects)).toBe(raw);
    } finally {
      [...EVERY_LANGUAGE, redirects].forEach((path, index) => writeFileSync(at(path), originals[index]!));
    }
  });

  it.each(BREAKAGES.map((breakage) => [breakage.action, breakage.how, breakage] as const))('%s %s: refused (422) with the build’s own lines, and nothing written', async (_action, _how, { request, says }) => {
    const before = snapshot();
    const answer = await post(await request());
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.problems).toEqual([says].flat().map((line) => expect.stringMatching(line)));
    expect(answer.body.error).toContain(answer.body.problems![0]);
    expect(snapshot()).toEqual(before);
  });

  it('mends a content broken elsewhere one change at a time: a save that leaves the other file as it was is written, one that brings a problem of its own is refused with that one alone', async () => {
    const about = `content/words/about.${CODES[0]}.yaml`;
    const [aboutText, category] = [read(about), read(CATEGORY)];
    try {
      // Broken outside the editor, as an edit in GitHub can leave it.
      writeFileSync(at(about), aboutText.replace(/^title: .+$/m, 'title: ""'));
      const mended = category.replace(/^subtitle: .+$/m, 'subtitle: Fabrics, while another file is broken');
      expect((await post(persist([{ path: CATEGORY, raw: mended }]))).status).toBe(200);
      expect(read(CATEGORY)).toBe(mended);
      const before = snapshot();
      const answer = await post(persist([{ path: CATEGORY, raw: mended.replace(/^intro: .+$/m, 'intro: ""') }]));
      expect(answer).toMatchObject({ status: 422, body: { problems: [expect.stringMatching(new RegExp(`^${literally(CATEGORY)}:\\d+:\\d+: intro: is empty$`))] } });
      expect(snapshot()).toEqual(before);
    } finally {
      writeFileSync(at(about), aboutText);
      writeFileSync(at(CATEGORY), category);
    }
  });

  it('takes two saves at once one after the other: of two new categories at one address, one is written and the other refused', async () => {
    const created = ['one', 'two'].map((name) => categoryFile({ id: `zz-${name}` } as Category));
    const redirects = read(REDIRECTS_FILE);
    try {
      const answers = await Promise.all(created.map((path, index) => post(persist([{ path, raw: newCategory(read(CATEGORY), { slug: 'zz-shared', order: 90 + index }) }, publishing('/products/zz-shared')]))));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
      const refused = answers.find((answer) => answer.status === 422)!;
      expect(refused.body.problems).toEqual([expect.stringMatching(/slug: "zz-shared" is also the slug of content\/words\/categories\/zz-(one|two)\.en\.yaml$/)]);
      expect(created.filter((path) => existsSync(at(path)))).toHaveLength(1);
    } finally {
      for (const path of created) rmSync(at(path), { force: true });
      writeFileSync(at(REDIRECTS_FILE), redirects);
    }
  });

  it('uploads a picture of its kind under a portable name, and one written over another of its name where that one is drawn at its size', async () => {
    const picture = readFileSync(at(PICTURE));
    // A drawing is drawn at the size it is shown at; a photo is at least what the largest screens need.
    const { width, height } = PICTURE.endsWith('.svg') ? PICTURE_SLOTS.category : pictureNeed('category');
    try {
      expect((await post(upload('content/art/zz-upload.png', png))).status).toBe(200);
      expect(readFileSync(at('content/art/zz-upload.png')).equals(png)).toBe(true);
      const redrawn = await pictureOfSize(PICTURE, width, height);
      expect((await post(upload(PICTURE, redrawn))).status).toBe(200);
      expect(readFileSync(at(PICTURE)).equals(Buffer.from(redrawn))).toBe(true);
    } finally {
      rmSync(at('content/art/zz-upload.png'), { force: true });
      writeFileSync(at(PICTURE), picture);
    }
  });

  it('takes the largest master the media library sends, MASTER_LIMITS.bytes in base64, in one request', async () => {
    const largest = Buffer.concat([png, Buffer.alloc(MASTER_LIMITS.bytes - png.length)]);
    try {
      const answer = await post(upload('content/art/zz-largest.png', largest));
      expect(answer.status).toBe(200);
      expect(statSync(at('content/art/zz-largest.png')).size).toBe(MASTER_LIMITS.bytes);
    } finally {
      rmSync(at('content/art/zz-largest.png'), { force: true });
    }
  });
});

/** An address of this machine that is not loopback, to send from. */
const external = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address;
if (!external && !process.env.CI) {
  console.warn('Skipping the local backend’s non-loopback test in tests/local-backend.test.ts: this machine has no non-loopback IPv4 address to send from');
}

describe('who the local backend answers', () => {
  const persist = { action: 'persistEntry', params: { dataFiles: [{ path: CATEGORY, slug: 'x', raw: 'subtitle: from afar\n' }], assets: [] } };

  it.skipIf(!external && !process.env.CI)('refuses a write from another machine, whatever address it listens on (403), and writes nothing', async () => {
    expect(external, 'this machine has no non-loopback IPv4 address to send from').toBeDefined();
    const before = snapshot();
    const answer = await post(persist, { host: external!, localAddress: external!, headers: { host: `localhost:${port}` } });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toContain(`not ${external}`);
    expect(snapshot()).toEqual(before);
  });

  it('refuses a page of another origin, a host name that is not this machine, and other methods', async () => {
    const before = snapshot();
    expect((await post(persist, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await post(persist, { headers: { host: `rebound.example:${port}` } })).status).toBe(403);
    const get = await fetch(`http://127.0.0.1:${port}${LOCAL_BACKEND_PATH}`);
    expect(get.status).toBe(403);
    expect(snapshot()).toEqual(before);
  });
});
