/**
 * The browser editor, when an operator turns it on (EDITOR_GITHUB_REPO,
 * server/config.ts), on an origin of its own (EDITOR_ORIGIN): its page and
 * files, built by `npm run build` into dist/editor (scripts/build/editor-bundle.ts), and
 * its config.yml, which names the GitHub backend from the settings. Each is
 * prepared once, with a CSP of its own (editorHeaders). Off, nothing here
 * runs and /admin is an unknown path. docs/decisions/0005-browser-editor.md.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { extname, join } from 'node:path';
import { EDITOR_CONFIG_PATH, EDITOR_CONTENT_TYPES, EDITOR_PATH, EDITOR_SCRIPT_PATH } from './editor-paths.ts';
import type { Config } from './config.ts';
import { prepare, type PreparedResponse } from './responses.ts';
import { editorHeaders, type GitHostSources, type HeaderList } from './security.ts';

export { EDITOR_CONFIG_PATH, EDITOR_PATH, EDITOR_SCRIPT_PATH };
/** The route its requests are counted under in metrics and traces. */
export const EDITOR_ROUTE = '/admin/*';
/** GitHub.com's API, EDITOR_GITHUB_API's default. */
export const GITHUB_API = 'https://api.github.com';

export type EditorSettings = NonNullable<Config['editor']>;

/** A Decap backend, as config.yml names it (https://decapcms.org/docs/backends-overview/, https://decapcms.org/docs/github-backend/). */
export type Backend = { name: 'proxy'; proxy_url: string } | { name: 'github'; repo: string; branch: string; api_root: string; base_url: string };

/** What config.yml holds: the backend, and drafts on or off (https://decapcms.org/docs/editorial-workflows/). */
export interface ConfigYml {
  backend: Backend;
  publish_mode?: 'editorial_workflow';
}

/** /admin/config.yml; the collections are in the bundle. JSON is YAML, and what Decap reads. */
export function configYml(config: ConfigYml): string {
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** config.yml from the settings: GitHub at EDITOR_GITHUB_API, signing in through EDITOR_AUTH_URL, drafts when EDITOR_DRAFTS is on. */
export function githubConfig(editor: EditorSettings): ConfigYml {
  const backend: Backend = { name: 'github', repo: editor.repo, branch: editor.branch, api_root: editor.apiRoot, base_url: editor.authUrl };
  return editor.drafts ? { backend, publish_mode: 'editorial_workflow' } : { backend };
}

/** What the editor's CSP lets it reach on the git host at `apiRoot` (EDITOR_GITHUB_API). */
export function gitHostSources(apiRoot: string): GitHostSources {
  const url = new URL(apiRoot);
  // A CSP source with a path matches that path alone unless it ends in "/" (https://www.w3.org/TR/CSP3/#match-paths).
  const api = url.pathname === '/' ? url.origin : `${url.origin}${url.pathname}/`;
  if (apiRoot === GITHUB_API) return { api, avatars: ['https://avatars.githubusercontent.com'] };
  // GitHub Enterprise Server serves avatars from its own host, or from avatars.<host> with subdomain isolation, which needs a host name.
  return { api, avatars: isIP(url.hostname) ? [url.origin] : [url.origin, `${url.protocol}//avatars.${url.host}`] };
}

/** The editor's own origin, as the server answers it (createApp): what it serves at each address of that host. */
export interface EditorSite {
  /** The Host header (host and port, lowercase) requests for the editor carry. */
  host: string;
  /** The answer to a GET or HEAD of any address on that host: the editor's files, `/` leading to them, a plain 404 for the rest. */
  answer(url: string): PreparedResponse;
}


/**
 * The editor on its own origin (EDITOR_ORIGIN), from the files in `editorDir`
 * (dist/editor): every file there under /admin/, its page at /admin and
 * /admin/ as well, and config.yml naming the GitHub backend. Nothing of the
 * site is served there, and nothing of the editor on the site's origin, so
 * the git host's token the editor keeps in its origin's storage is never
 * within reach of the site's pages. Missing files stop the start: the
 * setting asks for an editor the build does not have.
 */
export function editorSite(editor: EditorSettings, editorDir: string): EditorSite {
  if (!existsSync(join(editorDir, 'index.html'))) throw new Error(`EDITOR_GITHUB_REPO is set but the build has no ${join(editorDir, 'index.html')}: run \`npm run build\``);
  const baseHeaders = editorHeaders(gitHostSources(editor.apiRoot));
  // Revalidated each time with its ETag: the bundle keeps one name from build to build.
  const answer = (body: Buffer, contentType: string, gzip?: Buffer) =>
    prepare({ status: 200, body, contentType, cacheControl: 'public, no-cache', baseHeaders, ...(gzip && { encoded: { gzip } }), compress: false });
  const files = new Map<string, PreparedResponse>();
  for (const name of readdirSync(editorDir)) {
    const type = EDITOR_CONTENT_TYPES[extname(name)];
    if (!type) continue;
    const gzipped = join(editorDir, `${name}.gz`);
    files.set(`${EDITOR_PATH}/${name}`, answer(readFileSync(join(editorDir, name)), type, existsSync(gzipped) ? readFileSync(gzipped) : undefined));
  }
  const page = files.get(`${EDITOR_PATH}/index.html`)!;
  files.set(EDITOR_PATH, page);
  files.set(`${EDITOR_PATH}/`, page);
  files.set(EDITOR_CONFIG_PATH, answer(Buffer.from(configYml(githubConfig(editor))), 'text/yaml; charset=utf-8'));
  const plain = (status: number, text: string, extraHeaders: HeaderList = []) =>
    prepare({ status, body: Buffer.from(text), contentType: 'text/plain; charset=utf-8', cacheControl: 'no-store', baseHeaders, extraHeaders, compress: false });
  const toEditor = plain(302, `Found. Redirecting to ${EDITOR_PATH}/\n`, [['location', `${EDITOR_PATH}/`]]);
  const notFound = plain(404, 'Not Found\n');
  return {
    host: new URL(editor.origin).host.toLowerCase(),
    answer: (url) => files.get(url.split('?', 1)[0]!) ?? (url === '/' ? toEditor : notFound),
  };
}

/** dist/editor beside dist/client. */
export function defaultEditorDir(clientDir: string): string {
  return join(clientDir, '..', 'editor');
}
