/**
 * The browser editor's local backend in `npm run dev`: the protocol Decap's
 * proxy backend speaks (POST JSON `{ action, params }`, answered as
 * decap-server's `local_fs` mode answers it), behind a guard. Writing files
 * is for this machine's editor only, and only the content's files: a file
 * written anywhere else, or a script beside the content, would be code the
 * next build runs. The guard, by allow-list:
 *
 *   - a peer whose address is not loopback is refused (403) before its body
 *     is read, and so is a Host that does not name this machine (a page
 *     reaching it through DNS rebinding), a page of another origin, any
 *     method but POST, and a body that is not JSON (415);
 *   - each action takes the parameters it needs, of their types (400), and
 *     the editor's actions only (403);
 *   - every path names a `.yaml` or `.md` file directly in a folder of
 *     content/words, or a picture of a kind content/art holds
 *     (ART_EXTENSIONS) directly in content/art (a listing, one of those
 *     folders): relative, in forward slashes, no segment empty or starting
 *     with a dot, nothing before the extension missing (403);
 *   - no symlink anywhere on the way, dangling or not: every component from
 *     the project's folder down is looked at with lstat before a read, a
 *     listing, a write, a rename or a delete (403);
 *   - a rename never overwrites (409), a delete is of a file that is there
 *     (404) and is a file (409), a listing shows only the files above;
 *   - nothing the site would refuse is written: a save, a rename or a delete
 *     (with the files it writes in the same step, a page's redirect when the
 *     page goes) is checked first, the content as it would be (the build's own check,
 *     scripts/build/check-content.ts), an upload too (a picture written over another of
 *     its name is checked where that one is shown), and an upload must be a
 *     picture of its extension's kind under a portable name; a refusal is
 *     422 with the problem lines, and writes nothing;
 *   - one write at a time: each is checked and made while no other is, so
 *     two saves at once cannot each pass against the other's absence;
 *   - an earlier version of a file is read from git by its blob id only if it
 *     is a content file's (its first line names a content schema), for the
 *     preview to say what changed in a translation's original.
 *
 * Why not decap-server's own middleware: docs/decisions/0005-browser-editor.md.
 */
import { createHash, randomUUID } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { ART_EXTENSIONS, MASTER_LIMITS } from '../../content/art.ts';
import { ART_FOLDER, checkContent, entryOf, WORDS_FOLDER, type SourceFile } from '../../content/load.ts';
import { uploadProblem } from '../../content/picture-problems.ts';
import { gitVersions } from '../../content/read.ts';
import { BLOB_ID, COLLECTIONS } from '../../content/schema.ts';
import { queue } from '../../shared/queue.ts';

/** Where the editor's requests go (the proxy backend's proxy_url in /admin/config.yml). */
export const LOCAL_BACKEND_PATH = '/__dev/editor/api/v1';

/**
 * The largest request body: the largest master the media library sends
 * (MASTER_LIMITS.bytes, 25 MB, in base64: 33.3 MB) and a megabyte for the
 * request around it, 34.3 MB (36,001,112 bytes). docs/editing.md, Pictures.
 */
const MAX_BODY = Math.ceil(MASTER_LIMITS.bytes / 3) * 4 + 1024 * 1024;

/** The folders the editor's files are directly in, and the files each holds: each collection's folder, content/words for the single files (the known ones only), content/art. */
const FOLDERS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ...Object.values(COLLECTIONS).flatMap((collection) => ('folder' in collection ? [[`${WORDS_FOLDER}/${collection.folder}`, [collection.format === 'yaml' ? '.yaml' : '.md']] as const] : [])),
  [WORDS_FOLDER, ['.yaml']],
  [ART_FOLDER, ART_EXTENSIONS],
]);

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (what a dual-stack socket reports). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/i;

/** A refusal: its status and its one-line reason (and, for what the content check refuses, its lines). */
class Refused extends Error {
  constructor(
    readonly status: number,
    reason: string,
    readonly problems?: readonly string[],
  ) {
    super(reason);
  }
}

/** Why a request is not from this machine's editor, or undefined when it is. */
function stranger(req: IncomingMessage): string | undefined {
  if (!isLoopback(req.socket.remoteAddress)) return `the local backend answers this machine only, not ${req.socket.remoteAddress}`;
  const host = req.headers.host ?? '';
  if (!LOOPBACK_HOST.test(host)) return `the local backend answers requests to localhost only, not to ${JSON.stringify(host)}`;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return `the local backend answers the editor's own page only, not ${JSON.stringify(origin)}`;
  if (req.method !== 'POST') return 'the local backend answers POST only';
  return undefined;
}

/**
 * Why a path is not one the editor may touch as `kind`, or undefined:
 * a file of a content folder or of content/art, or (a listing) one of those
 * folders; a relative path in forward slashes whose segments are names.
 */
export function pathRefusal(path: unknown, kind: 'file' | 'folder'): string | undefined {
  if (typeof path !== 'string' || path === '') return `${JSON.stringify(path)} is not a path`;
  const shown = JSON.stringify(path);
  const segments = path.split('/');
  if (segments.some((segment) => segment === '' || segment.startsWith('.') || /[\\\0:]/.test(segment))) {
    return `${shown} is not a path of the content: relative, in forward slashes, no segment empty, starting with a dot or holding \\, NUL or :`;
  }
  if (kind === 'folder') return FOLDERS.has(path) ? undefined : `${shown} is not a folder of the content (${[...FOLDERS.keys()].join(', ')})`;
  const folder = segments.slice(0, -1).join('/');
  const name = segments.at(-1)!;
  const extensions = FOLDERS.get(folder);
  if (!extensions) return `${shown} is not in a folder of the content (${[...FOLDERS.keys()].join(', ')})`;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : '';
  if (!extensions.includes(extension)) return `${shown} is not a ${extensions.join(', ')} file`;
  if (folder === WORDS_FOLDER && !entryOf(path)) return `${shown} is not a file of the content`;
  return undefined;
}

/** Refuses (403) a path whose any existing component, from the project's folder down, is a symlink. */
async function noSymlinks(root: string, path: string): Promise<void> {
  const segments = path.split('/');
  for (let depth = 1; depth <= segments.length; depth++) {
    const part = segments.slice(0, depth).join('/');
    const stat = await lstat(join(root, part)).catch(() => undefined);
    if (!stat) return;
    if (stat.isSymbolicLink()) throw new Refused(403, `${JSON.stringify(path)} goes through a symlink (${part}): the editor writes and reads real files only`);
  }
}

/** A path the editor may use as `kind`, checked on disk too; else a 403. */
async function allowed(root: string, path: unknown, kind: 'file' | 'folder'): Promise<string> {
  const refused = pathRefusal(path, kind);
  if (refused) throw new Refused(403, refused);
  await noSymlinks(root, path as string);
  return path as string;
}

const text = z.string();
const depth = z.number().int().min(1).max(8);
/** The parameters of each action the editor uses, of their types; anything else is refused. */
const ACTIONS = {
  info: z.object({}).loose(),
  getDeployPreview: z.object({}).loose(),
  entriesByFolder: z.object({ folder: text, extension: text, depth }).loose(),
  entriesByFiles: z.object({ files: z.array(z.object({ path: text, label: text.optional() }).loose()) }).loose(),
  getEntry: z.object({ path: text }).loose(),
  persistEntry: z.object({
    dataFiles: z.array(z.object({ path: text, raw: text, newPath: text.optional() }).loose()).min(1).optional(),
    entry: z.object({ path: text, raw: text, newPath: text.optional() }).loose().optional(),
    assets: z.array(z.object({ path: text, content: text, encoding: z.literal('base64') }).loose()).default([]),
  }).loose(),
  getMedia: z.object({ mediaFolder: text }).loose(),
  getMediaFile: z.object({ path: text }).loose(),
  persistMedia: z.object({ asset: z.object({ path: text, content: text, encoding: z.literal('base64') }).loose() }).loose(),
  deleteFile: z.object({ path: text }).loose(),
  // With `dataFiles`, ours: files written in the same write (a page removed and the redirect from its address, client/editor/repository.ts).
  deleteFiles: z.object({ paths: z.array(text).min(1), dataFiles: z.array(z.object({ path: text, raw: text }).loose()).default([]) }).loose(),
  // Ours, not Decap's: an earlier version of a content file, by its git blob id (client/editor/repository.ts).
  readVersion: z.object({ id: z.string().regex(BLOB_ID, 'is not a blob id: 40 hexadecimal digits') }).loose(),
} as const;
type Action = keyof typeof ACTIONS;
/** The actions that write, each checked and made while no other is. */
const WRITES = new Set<string>(['persistEntry', 'persistMedia', 'deleteFile', 'deleteFiles'] satisfies Action[]);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The regular files directly in a folder with one of the extensions, by path: dotfiles and symlinks left out. */
async function filesIn(root: string, folder: string, extensions: readonly string[]): Promise<string[]> {
  const entries = await readdir(join(root, folder), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && extensions.includes(entry.name.slice(entry.name.lastIndexOf('.')).toLowerCase()))
    .map((entry) => `${folder}/${entry.name}`)
    .sort();
}

/** Every content file and every picture, as the content check takes them. */
async function contentOnDisk(root: string): Promise<{ files: SourceFile[]; art: Map<string, Uint8Array> }> {
  const folders = [...FOLDERS].filter(([folder]) => folder !== ART_FOLDER);
  const paths = (await Promise.all(folders.map(([folder, extensions]) => filesIn(root, folder, extensions)))).flat().filter((path) => entryOf(path));
  const files = await Promise.all(paths.map(async (path) => ({ path, text: await readFile(join(root, path), 'utf8') })));
  const pictures = await filesIn(root, ART_FOLDER, ART_EXTENSIONS);
  const art = new Map(await Promise.all(pictures.map(async (path) => [path.slice(ART_FOLDER.length + 1), new Uint8Array(await readFile(join(root, path)))] as const)));
  return { files, art };
}

/** A picture sent to be written, by its name in content/art, once its path is allowed and the picture is one content/art may hold (422 otherwise). */
async function uploaded(root: string, asset: { path: string; content: string }): Promise<[string, Uint8Array]> {
  const path = await allowed(root, asset.path, 'file');
  if (!path.startsWith(`${ART_FOLDER}/`)) throw new Refused(403, `${JSON.stringify(path)} is not a picture of ${ART_FOLDER}`);
  const name = path.slice(ART_FOLDER.length + 1);
  const bytes = Buffer.from(asset.content, 'base64');
  // Decoded whole, as the build will: a photo cut short reads as a picture by its header alone.
  const problem = uploadProblem(name, bytes) ?? (await (await import('../build/pictures.ts')).readProblem(name, bytes));
  if (problem) throw new Refused(422, `the content check refused this picture, so nothing was saved:\n${problem}`, [problem]);
  return [name, bytes];
}

/** Refuses (422) a change after which the content check would find problems it did not find before, naming them (a content broken before is mended one change at a time). */
async function checkedChange(root: string, change: { written?: SourceFile[]; removed?: string[]; pictures?: Map<string, Uint8Array> }): Promise<void> {
  const { files, art } = await contentOnDisk(root);
  const replaced = new Set([...(change.written ?? []).map((file) => file.path), ...(change.removed ?? [])]);
  const after = [...files.filter((file) => !replaced.has(file.path)), ...(change.written ?? [])];
  const artAfter = new Map(art);
  for (const removed of change.removed ?? []) artAfter.delete(removed.slice(ART_FOLDER.length + 1));
  for (const [name, bytes] of change.pictures ?? []) artAfter.set(name, bytes);
  const [{ checkSite }, { readConfig }, { problemsBrought }] = await Promise.all([import('../build/check-content.ts'), import('../../server/config.ts'), import('../../shared/site-check.ts')]);
  const { site } = readConfig(process.env);
  const found = (await checkSite(checkContent({ files: after, art: artAfter }), site, artAfter)).problems;
  const problems = found.length === 0 ? found : problemsBrought((await checkSite(checkContent({ files, art }), site, art)).problems, found);
  if (problems.length > 0) throw new Refused(422, `the content check refused this change, so nothing was saved:\n${problems.join('\n')}`, problems);
}

/** Answers one action, as decap-server's local_fs mode does, the guard first. */
async function answer(root: string, action: Action, params: Record<string, unknown>): Promise<unknown> {
  const at = (path: string) => join(root, path);
  const entry = async (path: string, label?: string) => {
    const bytes = await readFile(at(path)).catch(() => undefined);
    return bytes ? { data: bytes.toString('utf8'), file: { path, label, id: sha256(bytes) } } : { data: null, file: { path, label, id: null } };
  };
  const media = async (path: string) => {
    const bytes = await readFile(at(path));
    return { id: sha256(bytes), content: bytes.toString('base64'), encoding: 'base64', path, name: path.slice(path.lastIndexOf('/') + 1) };
  };
  /** A file that is there and is a file, or a 404 or 409. */
  const existing = async (path: string) => {
    const stat = await lstat(at(path)).catch(() => undefined);
    if (!stat) throw new Refused(404, `${JSON.stringify(path)} is not there`);
    if (!stat.isFile()) throw new Refused(409, `${JSON.stringify(path)} is not a file`);
  };

  switch (action) {
    case 'info':
      return { repo: 'local', publish_modes: ['simple'], type: 'local_fs' };
    case 'getDeployPreview':
      return null;
    case 'entriesByFolder': {
      const { folder, extension } = ACTIONS.entriesByFolder.parse(params);
      const path = await allowed(root, folder.replace(/\/+$/, ''), 'folder');
      const extensions = FOLDERS.get(path)!.filter((candidate) => candidate === `.${extension.replace(/^\./, '')}`);
      return Promise.all((await filesIn(root, path, extensions)).map((file) => entry(file)));
    }
    case 'entriesByFiles': {
      const { files } = ACTIONS.entriesByFiles.parse(params);
      for (const file of files) await allowed(root, file.path, 'file');
      return Promise.all(files.map((file) => entry(file.path, file.label)));
    }
    case 'getEntry':
      return entry(await allowed(root, ACTIONS.getEntry.parse(params).path, 'file'));
    case 'getMedia': {
      const folder = await allowed(root, ACTIONS.getMedia.parse(params).mediaFolder.replace(/\/+$/, ''), 'folder');
      if (folder !== ART_FOLDER) throw new Refused(403, `${JSON.stringify(folder)} is not the media folder, ${ART_FOLDER}`);
      return Promise.all((await filesIn(root, folder, ART_EXTENSIONS)).map(media));
    }
    case 'getMediaFile': {
      const path = await allowed(root, ACTIONS.getMediaFile.parse(params).path, 'file');
      await existing(path);
      return media(path);
    }
    case 'readVersion': {
      // Only a version of a content file: one whose first line (of its front matter) names a content schema.
      const text = await gitVersions(root)(ACTIONS.readVersion.parse(params).id);
      return { text: text !== undefined && /^(---\r?\n)?# yaml-language-server: \$schema=/.test(text) ? text : null };
    }
    case 'persistEntry': {
      const parsed = ACTIONS.persistEntry.parse(params);
      const dataFiles = parsed.dataFiles ?? (parsed.entry ? [parsed.entry] : []);
      if (dataFiles.length === 0) throw new Refused(400, 'a save names the files it writes (dataFiles)');
      for (const file of dataFiles) {
        await allowed(root, file.path, 'file');
        if (file.newPath !== undefined && file.newPath !== file.path) {
          await allowed(root, file.newPath, 'file');
          if (await lstat(at(file.newPath)).catch(() => undefined)) throw new Refused(409, `${JSON.stringify(file.newPath)} is there already: a rename never overwrites`);
        }
      }
      const pictures = new Map<string, Uint8Array>();
      for (const asset of parsed.assets) pictures.set(...(await uploaded(root, asset)));
      const written = dataFiles.map((file) => ({ path: file.newPath ?? file.path, text: file.raw }));
      const moved = dataFiles.flatMap((file) => (file.newPath !== undefined && file.newPath !== file.path ? [file.path] : []));
      await checkedChange(root, { written, removed: moved, pictures });
      for (const [name, bytes] of pictures) await writeFileAt(root, `${ART_FOLDER}/${name}`, bytes);
      for (const file of dataFiles) {
        await writeFileAt(root, file.path, file.raw);
        // A renamed entry (a category whose address changed): its file moves, onto no other.
        if (file.newPath !== undefined && file.newPath !== file.path) await rename(at(file.path), at(file.newPath));
      }
      return { message: 'entry persisted' };
    }
    case 'persistMedia': {
      const [name, bytes] = await uploaded(root, ACTIONS.persistMedia.parse(params).asset);
      // A picture written over another of its name is checked where that one is shown.
      await checkedChange(root, { pictures: new Map([[name, bytes]]) });
      await writeFileAt(root, `${ART_FOLDER}/${name}`, bytes);
      return media(`${ART_FOLDER}/${name}`);
    }
    case 'deleteFile':
    case 'deleteFiles': {
      const { paths, dataFiles } = action === 'deleteFile' ? { paths: [ACTIONS.deleteFile.parse(params).path], dataFiles: [] } : ACTIONS.deleteFiles.parse(params);
      for (const path of paths) {
        await allowed(root, path, 'file');
        await existing(path);
      }
      for (const file of dataFiles) await allowed(root, file.path, 'file');
      await checkedChange(root, { removed: paths, written: dataFiles.map((file) => ({ path: file.path, text: file.raw })) });
      for (const file of dataFiles) await writeFileAt(root, file.path, file.raw);
      for (const path of paths) await unlink(at(path));
      return { message: `deleted ${paths.join(', ')}` };
    }
  }
}

/**
 * Writes a file whose path the guard allowed, making its folder if it is not
 * there (a new collection's first file). Whole or not at all: written beside
 * it under a new name (created, never opened: 'wx'), then renamed over it, so
 * the dev server and the tests never read half a file, and a symlink put there
 * since is replaced, not written through.
 */
async function writeFileAt(root: string, path: string, body: string | Uint8Array): Promise<void> {
  await mkdir(join(root, path, '..'), { recursive: true });
  await noSymlinks(root, path);
  const target = join(root, path);
  const temporary = join(target, '..', `.${basename(path)}.${randomUUID()}.tmp`);
  try {
    await writeFile(temporary, body, { flag: 'wx' });
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/** The body, or undefined past MAX_BODY (the request is answered then). */
async function readBody(req: IncomingMessage, res: ServerResponse): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) {
      json(res, 413, { error: `a request of the local backend is at most ${MAX_BODY} bytes` });
      req.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The local backend for the project at `root`, as a request listener for LOCAL_BACKEND_PATH. */
export function localBackend(root: string): RequestListener {
  // A write checks the files on disk and then writes: one at a time, so that two saves at once cannot each pass against the other's absence.
  const oneWrite = queue();
  return (req, res) => {
    const why = stranger(req);
    if (why) {
      // Not a byte of a stranger's body is read.
      res.shouldKeepAlive = false;
      return json(res, 403, { error: why });
    }
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
      res.shouldKeepAlive = false;
      return json(res, 415, { error: 'the local backend reads JSON bodies only (Content-Type: application/json)' });
    }
    void (async () => {
      const body = await readBody(req, res);
      if (body === undefined) return;
      let request: unknown;
      try {
        request = JSON.parse(body);
      } catch {
        return json(res, 400, { error: 'the body is not JSON' });
      }
      const { action, params = {} } = (request && typeof request === 'object' ? request : {}) as { action?: unknown; params?: unknown };
      if (typeof action !== 'string' || !Object.hasOwn(ACTIONS, action)) return json(res, 403, { error: `${JSON.stringify(action)} is not an action the editor needs` });
      const checked = ACTIONS[action as Action].safeParse(params);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        return json(res, 400, { error: `${action}: ${issue.path.join('.') || 'params'}: ${issue.message}` });
      }
      const run = () => answer(root, action as Action, checked.data as Record<string, unknown>);
      json(res, 200, await (WRITES.has(action) ? oneWrite(run) : run()));
    })().catch((error: unknown) => {
      if (error instanceof Refused) return json(res, error.status, { error: error.message, ...(error.problems && { problems: error.problems }) });
      console.error(`local backend: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) json(res, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  };
}
