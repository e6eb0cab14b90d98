/**
 * The browser editor in `npm run dev`: /admin (its page, its bundle built on
 * the first request of each run, and a config.yml naming the local backend)
 * and the local backend itself (local-backend.ts). The same CSP as the
 * production /admin, with connections to this origin only. Design:
 * docs/decisions/0005-browser-editor.md.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { adminHeaders } from '../../server/security.ts';
import type { BuildManifest } from '../../server/assets.ts';
import { ADMIN_CONFIG_PATH, ADMIN_PATH, ADMIN_SCRIPT_PATH, adminConfig } from '../../server/admin.ts';
import { LOCAL_BACKEND_PATH, localBackend } from './local-backend.ts';

/**
 * Answers /admin… and the local backend; false for any other path. `built`
 * resolves once this run's client build is in `clientDir`, which the
 * preview's assets come from.
 */
export function devAdmin(root: string, clientDir: string, built: Promise<unknown>): (req: IncomingMessage, res: ServerResponse) => boolean {
  const headers = adminHeaders().flat();
  let script: Promise<Uint8Array> | undefined;
  const backend = localBackend(root);
  const send = (res: ServerResponse, status: number, type: string, body: string | Uint8Array) => {
    res.writeHead(status, [...headers, 'content-type', type, 'cache-control', 'no-store']);
    res.end(body);
  };


  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === LOCAL_BACKEND_PATH) {
      backend(req, res);
      return true;
    }
    if (path === ADMIN_PATH || path === `${ADMIN_PATH}/`) {
      send(res, 200, 'text/html; charset=utf-8', readFileSync(join(root, 'client/admin/index.html')));
    } else if (path === ADMIN_CONFIG_PATH) {
      send(res, 200, 'text/yaml; charset=utf-8', adminConfig({ name: 'proxy', proxy_url: LOCAL_BACKEND_PATH }));
    } else if (path === ADMIN_SCRIPT_PATH) {
      // Built once per run, on the first request: most runs never open the editor.
      script ??= built.then(async () => {
        const [{ bundleAdmin }, { loadContent }] = await Promise.all([import('../admin.ts'), import('../content/load.ts')]);
        // The content first: when the site could not start, its mistakes are what the editor's tab should say.
        const content = loadContent();
        const manifest = JSON.parse(readFileSync(join(clientDir, 'manifest.json'), 'utf8')) as BuildManifest;
        return (await bundleAdmin(manifest, content)).script;
      });
      script.then((body) => send(res, 200, 'text/javascript; charset=utf-8', body), (error: unknown) => {
        script = undefined;
        const why = error instanceof Error ? error.message : String(error);
        console.error(`admin: ${why}`);
        // A module script that fails to load shows nothing; this one says why, in the page.
        send(res, 200, 'text/javascript; charset=utf-8', `document.body.style.whiteSpace = 'pre-wrap';\ndocument.body.textContent = ${JSON.stringify(`The editor could not start:\n${why}`)};\n`);
      });
    } else {
      return false;
    }
    return true;
  };
}
