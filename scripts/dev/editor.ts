/**
 * The browser editor in `npm run dev`: /admin (its page, its bundle built on
 * the first request of each run and again once languages.yaml or the
 * editor's own words (content/editor-words/) have changed,
 * and a config.yml naming the local backend) and the local backend itself
 * (local-backend.ts). The same CSP as the production /admin, with
 * connections to this origin only. Design:
 * docs/decisions/0005-browser-editor.md.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { EDITOR_CONFIG_PATH, EDITOR_CONTENT_TYPES, EDITOR_PATH, EDITOR_SCRIPT_PATH } from '../../server/editor-paths.ts';
import { EDITOR_WORDS_FOLDER } from '../../content/editor-words.ts';
import { LANGUAGES_FILE } from '../../content/load.ts';
import type { BuildManifest } from '../../server/assets.ts';
import type { Queue } from '../../shared/queue.ts';
import { LOCAL_BACKEND_PATH, localBackend } from './local-backend.ts';

/**
 * Answers /admin… and the local backend; false for any other path. `withClient`
 * runs work once this run's client build is in `clientDir` (which the preview's
 * assets come from), and before a change of the content builds it again.
 */
export function devEditor(root: string, clientDir: string, withClient: Queue): (req: IncomingMessage, res: ServerResponse) => boolean {
  let files: Promise<Map<string, Uint8Array>> | undefined;
  // The editor's languages are languages.yaml's, and its words content/editor-words', when its bundle is built: a change to either builds it again.
  const languages = () => [LANGUAGES_FILE, ...readdirSync(join(root, EDITOR_WORDS_FOLDER)).map((name) => `${EDITOR_WORDS_FOLDER}/${name}`)].map((path) => readFileSync(join(root, path), 'utf8')).join('\0');
  let builtFor: string | undefined;
  const backend = localBackend(root);
  // The server's modules import the site's, which a save may have broken: loaded per request, not with the dev server.
  // Asked again at each load (no-cache), and answered 304 while unchanged, as the server answers: the browser keeps the bundle, and V8 its
  // compiled code, between openings.
  const send = async (req: IncomingMessage, res: ServerResponse, type: string, body: () => string | Uint8Array | Promise<string | Uint8Array>) => {
    const [{ editorHeaders }, { prepare, send: answer }] = await Promise.all([import('../../server/security.ts'), import('../../server/responses.ts')]);
    const prepared = prepare({ status: 200, body: Buffer.from(await body()), contentType: type, cacheControl: 'no-cache', baseHeaders: editorHeaders(), compress: false });
    answer(req, res, prepared, randomUUID());
  };
  const bundle = async () => {
    const [{ bundleEditor }, { readConfig }] = await Promise.all([import('../build/editor-bundle.ts'), import('../../server/config.ts')]);
    // The client build of this run, whatever the content's state, and not built again meanwhile: the preview's stylesheet and icons come from it.
    return withClient(() => {
      const manifest = JSON.parse(readFileSync(join(clientDir, 'manifest.json'), 'utf8')) as BuildManifest;
      return bundleEditor(manifest, readConfig(process.env).site, clientDir, root);
    });
  };
  const failed = (res: ServerResponse) => (error: unknown) => {
    const why = error instanceof Error ? error.message : String(error);
    console.error(`editor: ${why}`);
    if (res.headersSent) return void res.destroy();
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`The editor could not start:\n${why}\n`);
  };

  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === LOCAL_BACKEND_PATH) {
      backend(req, res);
    } else if (path === EDITOR_PATH || path === `${EDITOR_PATH}/`) {
      send(req, res, 'text/html; charset=utf-8', () => readFileSync(join(root, 'client/editor/index.html'))).catch(failed(res));
    } else if (path === EDITOR_CONFIG_PATH) {
      const config = async () => (await import('../../server/editor-site.ts')).configYml({ backend: { name: 'proxy', proxy_url: LOCAL_BACKEND_PATH } });
      send(req, res, 'text/yaml; charset=utf-8', config).catch(failed(res));
    } else if (path === EDITOR_SCRIPT_PATH) {
      // Built once per run, on the first request (most runs never open the editor), and again for other languages.
      const listed = (() => {
        try {
          return languages();
        } catch {
          // Missing: the bundle's build says so.
          return undefined;
        }
      })();
      if (listed !== builtFor) files = undefined;
      builtFor = listed;
      const built = (files ??= bundle());
      const body = () =>
        built.then(
          (all) => all.get('editor.js')!,
          (error: unknown) => {
            files = undefined;
            const why = error instanceof Error ? error.message : String(error);
            console.error(`editor: ${why}`);
            // A module script that fails to load shows nothing; this one says why, in the page.
            return `document.body.style.whiteSpace = 'pre-wrap';\ndocument.body.textContent = ${JSON.stringify(`The editor could not start:\n${why}`)};\n`;
          },
        );
      send(req, res, 'text/javascript; charset=utf-8', body).catch(failed(res));
    } else if (path.startsWith(`${EDITOR_PATH}/`) && files) {
      // What the bundle loads later: its chunk, HarfBuzz's wasm, the share images' fonts, the preview's stylesheet.
      const name = path.slice(EDITOR_PATH.length + 1);
      const type = EDITOR_CONTENT_TYPES[extname(name)];
      void files.then((all) => {
        const bytes = all.get(name);
        if (!bytes || !type) {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
          return void res.end('Not Found\n');
        }
        return send(req, res, type, () => bytes);
      }).catch(failed(res));
    } else {
      return false;
    }
    return true;
  };
}
