/**
 * The browser editor's local backend in `npm run dev`: the protocol Decap's
 * proxy backend speaks (POST JSON `{ action, params }`; decap-server's
 * `local_fs` mode answers it the same way), behind a guard. Writing files is
 * for this machine's editor only, and only content files: a file written
 * anywhere else, or a .ts beside the content, would be code the next build
 * runs. So, whatever HOST the dev server listens on:
 *
 *   - a peer whose address is not loopback is refused (403) before its body
 *     is read, and so is a Host that does not name this machine (a page
 *     reaching it through DNS rebinding) or a page of another origin;
 *   - every path an action names must be a content file (.yaml, .md) under
 *     shared/content/ or an image under client/assets/art/, by its real path:
 *     no `..`, no absolute path, no symlink out (403).
 *
 * Why not decap-server's own middleware: docs/decisions/0005-browser-editor.md.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, realpath, rename, unlink, writeFile } from 'node:fs/promises';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from 'node:path';

/** Where the editor's requests go (the proxy backend's proxy_url in /admin/config.yml). */
export const LOCAL_BACKEND_PATH = '/__dev/cms/api/v1';

/** The folders the editor may read and write, relative to the project, and the files each may hold. */
export const WRITABLE = [
  { folder: 'content/words', extensions: ['.yaml', '.md'] },
  { folder: 'content/art', extensions: ['.svg', '.png', '.webp'] },
] as const;

/** The largest request body: an image in base64 and its entry. */
const MAX_BODY = 20 * 1024 * 1024;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (what a dual-stack socket reports). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/i;

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

type Params = Record<string, unknown>;
interface DataFile {
  path: string;
  raw: string;
  newPath?: string;
}
interface Asset {
  path: string;
  content: string;
  encoding: BufferEncoding;
}

/** Every path a request names, by action; undefined for an action the editor does not need. */
function pathsOf(action: unknown, params: Params): unknown[] | undefined {
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
  const pathOf = (value: unknown) => (value as { path?: unknown } | null)?.path;
  const fileOf = (value: unknown) => [pathOf(value), ...((value as { newPath?: unknown } | null)?.newPath === undefined ? [] : [(value as { newPath: unknown }).newPath])];
  switch (action) {
    case 'info':
    case 'getDeployPreview':
      return [];
    case 'entriesByFolder':
      return [params.folder];
    case 'entriesByFiles':
      return list(params.files).map(pathOf);
    case 'getEntry':
    case 'getMediaFile':
    case 'deleteFile':
      return [params.path];
    case 'getMedia':
      return [params.mediaFolder];
    case 'persistEntry':
      return [...list(params.dataFiles ?? params.entry).flatMap(fileOf), ...list(params.assets ?? []).map(pathOf)];
    case 'persistMedia':
      return [pathOf(params.asset)];
    case 'deleteFiles':
      return list(params.paths);
    default:
      return undefined;
  }
}

/** The real path of `path`, or of its nearest existing parent with the rest appended (a file about to be written). */
async function realPathOf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return path;
    return join(await realPathOf(parent), basename(path));
  }
}

/** Why `path` (relative to the project, as the editor names it) may not be touched, or undefined if it may. */
export async function refusal(root: string, path: unknown): Promise<string | undefined> {
  if (typeof path !== 'string' || path === '') return `${JSON.stringify(path)} is not a path`;
  const shown = JSON.stringify(path);
  if (isAbsolute(path) || /^[\\/]|^[A-Za-z]:/.test(path)) return `${shown} is absolute`;
  if (path.split(/[\\/]/).includes('..')) return `${shown} goes up with ..`;
  const realRoot = await realpath(root);
  const real = await realPathOf(join(realRoot, path));
  for (const { folder, extensions } of WRITABLE) {
    const inside = relative(await realPathOf(join(realRoot, folder)), real);
    if (inside.startsWith('..') || isAbsolute(inside)) continue;
    const extension = extname(real).toLowerCase();
    // The folder itself or one below it (to list), or a file of the kinds the folder holds.
    if (extension === '' || (extensions as readonly string[]).includes(extension)) return undefined;
    return `${shown} is not a ${extensions.join(', ')} file`;
  }
  return `${shown} is not under ${WRITABLE.map(({ folder }) => `${folder}/`).join(' or ')}`;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The project's files as the editor sees them, paths relative to `root` with forward slashes. */
function files(root: string) {
  const at = (path: string) => join(root, path);
  const list = async (folder: string, extension: string, depth: number): Promise<string[]> => {
    if (depth <= 0) return [];
    const entries = await readdir(at(folder), { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(
      entries.map((entry) => {
        const path = `${folder}/${entry.name}`;
        if (entry.isDirectory()) return list(path, extension, depth - 1);
        return entry.isFile() && path.endsWith(extension) ? [path] : [];
      }),
    );
    return nested.flat();
  };
  const entry = async ({ path, label }: { path: string; label?: string }) => {
    try {
      const bytes = await readFile(at(path));
      return { data: bytes.toString('utf8'), file: { path, label, id: sha256(bytes) } };
    } catch {
      return { data: null, file: { path, label, id: null } };
    }
  };
  const media = async (path: string) => {
    const bytes = await readFile(at(path));
    return { id: sha256(bytes), content: bytes.toString('base64'), encoding: 'base64', path, name: basename(path) };
  };
  const write = async (path: string, body: string | Buffer) => {
    await mkdir(dirname(at(path)), { recursive: true });
    await writeFile(at(path), body);
  };
  return { list, entry, media, write, remove: (path: string) => unlink(at(path)).catch(() => undefined), move: (from: string, to: string) => rename(at(from), at(to)) };
}

/** Answers one action, as decap-server's local_fs mode does. */
async function answer(root: string, action: string, params: Params): Promise<unknown> {
  const fs = files(root);
  switch (action) {
    case 'info':
      return { repo: basename(root), publish_modes: ['simple'], type: 'local_fs' };
    case 'entriesByFolder': {
      const { folder, extension, depth } = params as { folder: string; extension: string; depth: number };
      return Promise.all((await fs.list(folder.replace(/\/+$/, ''), extension, depth)).map((path) => fs.entry({ path })));
    }
    case 'entriesByFiles':
      return Promise.all((params.files as Array<{ path: string; label?: string }>).map(fs.entry));
    case 'getEntry':
      return fs.entry({ path: params.path as string });
    case 'persistEntry': {
      const { entry, dataFiles = [entry as DataFile], assets = [] } = params as { entry?: DataFile; dataFiles?: DataFile[]; assets?: Asset[] };
      await Promise.all(dataFiles.map((file) => fs.write(file.path, file.raw)));
      await Promise.all(assets.map((asset) => fs.write(asset.path, Buffer.from(asset.content, asset.encoding))));
      // A renamed entry (a category whose address changed): its file moves.
      for (const file of dataFiles) if (file.newPath && file.newPath !== file.path) await fs.move(file.path, file.newPath);
      return { message: 'entry persisted' };
    }
    case 'getMedia': {
      const folder = (params.mediaFolder as string).replace(/\/+$/, '');
      return Promise.all((await fs.list(folder, '', 1)).map(fs.media));
    }
    case 'getMediaFile':
      return fs.media(params.path as string);
    case 'persistMedia': {
      const asset = params.asset as Asset;
      await fs.write(asset.path, Buffer.from(asset.content, asset.encoding));
      return fs.media(asset.path);
    }
    case 'deleteFile':
      await fs.remove(params.path as string);
      return { message: `deleted file ${params.path as string}` };
    case 'deleteFiles':
      await Promise.all((params.paths as string[]).map(fs.remove));
      return { message: `deleted files ${(params.paths as string[]).join(', ')}` };
    default:
      return null;
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
  return (req, res) => {
    const why = stranger(req);
    if (why) {
      // Not a byte of a stranger's body is read.
      res.shouldKeepAlive = false;
      return json(res, 403, { error: why });
    }
    void (async () => {
      const text = await readBody(req, res);
      if (text === undefined) return;
      let request: { action?: unknown; params?: unknown };
      try {
        request = JSON.parse(text) as typeof request;
      } catch {
        return json(res, 400, { error: 'the body is not JSON' });
      }
      const params = (request.params && typeof request.params === 'object' ? request.params : {}) as Params;
      const paths = pathsOf(request.action, params);
      if (!paths) return json(res, 403, { error: `${JSON.stringify(request.action)} is not an action the editor needs` });
      for (const path of paths) {
        const refused = await refusal(root, path);
        if (refused) return json(res, 403, { error: refused });
      }
      json(res, 200, await answer(root, request.action as string, params));
    })().catch((error: unknown) => {
      console.error(`local backend: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) json(res, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  };
}
