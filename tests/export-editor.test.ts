/**
 * The static export and the browser editor (docs/decisions/0005-browser-editor.md):
 * with EDITOR_GITHUB_REPO (without it there is nothing of it: export.test.ts),
 * nginx serves the editor on its own origin as the server does, with the editor's own
 * headers, and the site's pages with theirs, without the editor.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite, fetchRaw } from '../scripts/build/export.ts';
import { nginxMissing } from '../harness/harness.ts';
import { EDITOR_CONFIG_PATH, EDITOR_SCRIPT_PATH } from '../server/editor-site.ts';
import { defaultSite } from '../shared/site.ts';
import { cspDirectives, listening, serveExport, testApp, type ExportServer } from './helpers.ts';

const editor = { repo: 'acme/site', branch: 'main', apiRoot: 'https://api.github.com', drafts: false, authUrl: 'https://auth.example.org', origin: 'https://admin.example.net' };
const EDITOR_HOST = 'admin.example.net';
const site = defaultSite;
const missing = nginxMissing();
const haveNginx = missing === undefined;
if (!haveNginx && !process.env.CI) console.warn(`Skipping tests/export-editor.test.ts: ${missing}`);

describe.skipIf(!haveNginx && !process.env.CI)('the static export with EDITOR_GITHUB_REPO, served by nginx', () => {
  let outDir: string;
  let nginx: ExportServer;
  let nginxOrigin: string;
  let node: Awaited<ReturnType<typeof listening>>;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'site-export-'));
    const { siteDir, nginxDir, editorDir } = await exportSite({ outDir, site, editor });
    node = await listening(testApp({ config: { nodeEnv: 'production', trustProxy: () => false, site, editor } }));
    // Installed as an operator would: both includes in snippets/, our port and roots.
    nginx = await serveExport({ outDir, siteDir, nginxDir, editorDir });
    nginxOrigin = nginx.origin;
  });

  afterAll(async () => {
    await nginx?.stop();
    await node?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  const toEditor = { host: EDITOR_HOST };

  it.each(['/admin', '/admin/', EDITOR_SCRIPT_PATH, EDITOR_CONFIG_PATH])('%s on the editor’s origin: the same body, content type and headers as the server, its own CSP', async (url) => {
    const [fromNode, fromNginx] = await Promise.all([fetchRaw(`http://127.0.0.1:${node.port}`, url, toEditor), fetchRaw(nginxOrigin, url, toEditor)]);
    expect(fromNode.status).toBe(200);
    expect(fromNginx.status).toBe(200);
    expect(fromNginx.body.equals(fromNode.body), 'the same bytes').toBe(true);
    for (const name of ['content-type', 'content-security-policy', 'cross-origin-opener-policy', 'cache-control', 'x-frame-options']) {
      expect(fromNginx.headers[name], name).toBe(fromNode.headers[name]);
    }
    expect(cspDirectives(fromNginx.headers['content-security-policy']).get('connect-src')).toEqual(["'self'", 'blob:', 'https://api.github.com']);
  });

  it('serves nothing of the site on the editor’s origin, and nothing of the editor on the site’s, as the server does', async () => {
    for (const [url, host] of [['/about', EDITOR_HOST], ['/admin/', 'www.example.com'], [EDITOR_SCRIPT_PATH, 'www.example.com']] as const) {
      const [fromNode, fromNginx] = await Promise.all([fetchRaw(`http://127.0.0.1:${node.port}`, url, { host }), fetchRaw(nginxOrigin, url, { host })]);
      expect([fromNginx.status, fromNode.status], `${host}${url}`).toEqual([404, 404]);
    }
    const root = await fetchRaw(nginxOrigin, '/', toEditor);
    expect([root.status, root.headers.location]).toEqual([302, '/admin/']);
  });

  it('keeps the site’s own CSP on its pages', async () => {
    const [admin, about] = await Promise.all([fetchRaw(nginxOrigin, '/admin/', toEditor), fetchRaw(nginxOrigin, '/about')]);
    expect(about.status).toBe(200);
    expect(about.headers['content-security-policy']).not.toBe(admin.headers['content-security-policy']);
    expect(about.headers['content-security-policy']).not.toContain('unsafe');
  });
});
