/**
 * The browser editor at /admin, when an operator turns it on
 * (CMS_GITHUB_REPO, server/config.ts): its page and bundle, built by
 * `npm run build` into dist/admin (scripts/admin.ts), and its config.yml,
 * which names the GitHub backend from the settings. Each is prepared once,
 * with a CSP of its own (adminHeaders). Off, nothing here runs and /admin
 * is an unknown path. docs/decisions/0005-browser-editor.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_CONFIG_PATH, ADMIN_PATH, ADMIN_SCRIPT_PATH } from './admin-paths.ts';
import type { Config } from './config.ts';
import { prepare, type PreparedResponse } from './responses.ts';
import { adminHeaders } from './security.ts';

export { ADMIN_CONFIG_PATH, ADMIN_PATH, ADMIN_SCRIPT_PATH };
/** The route its requests are counted under in metrics and traces. */
export const ADMIN_ROUTE = '/admin/*';
/** Where Decap's GitHub backend connects: the only host the admin's CSP allows besides this origin. */
export const GITHUB_API = 'https://api.github.com';

export type CmsSettings = NonNullable<Config['cms']>;

/** A Decap backend, as config.yml names it (https://decapcms.org/docs/backends-overview/). */
export type Backend = { name: 'proxy'; proxy_url: string } | { name: 'github'; repo: string; branch: string; base_url: string };

/** /admin/config.yml: the backend; the collections are in the bundle. JSON is YAML, and what Decap reads. */
export function adminConfig(backend: Backend): string {
  return `${JSON.stringify({ backend }, null, 2)}\n`;
}

export function githubBackend(cms: CmsSettings): Backend {
  return { name: 'github', repo: cms.repo, branch: cms.branch, base_url: cms.authUrl };
}

/**
 * The admin's responses by exact address, from the files in `adminDir`
 * (dist/admin). Missing files stop the start: the setting asks for an editor
 * the build does not have.
 */
export function adminResponses(cms: CmsSettings, adminDir: string): Map<string, PreparedResponse> {
  const read = (name: string) => {
    const path = join(adminDir, name);
    if (!existsSync(path)) throw new Error(`CMS_GITHUB_REPO is set but the build has no ${path}: run \`npm run build\``);
    return readFileSync(path);
  };
  const baseHeaders = adminHeaders(GITHUB_API);
  // Revalidated each time with its ETag: the bundle keeps one name from build to build.
  const answer = (body: Buffer, contentType: string, gzip?: Buffer) =>
    prepare({ status: 200, body, contentType, cacheControl: 'public, no-cache', baseHeaders, ...(gzip && { encoded: { gzip } }), compress: false });
  const page = answer(read('index.html'), 'text/html; charset=utf-8');
  const gzipped = join(adminDir, 'admin.js.gz');
  return new Map([
    [ADMIN_PATH, page],
    [`${ADMIN_PATH}/`, page],
    [ADMIN_SCRIPT_PATH, answer(read('admin.js'), 'text/javascript; charset=utf-8', existsSync(gzipped) ? readFileSync(gzipped) : undefined)],
    [ADMIN_CONFIG_PATH, answer(Buffer.from(adminConfig(githubBackend(cms))), 'text/yaml; charset=utf-8')],
  ]);
}

/** dist/admin beside dist/client. */
export function defaultAdminDir(clientDir: string): string {
  return join(clientDir, '..', 'admin');
}
