/**
 * The browser editor (docs/decisions/0005-browser-editor.md): its fields
 * follow the content schemas, the files it writes load, its configuration is
 * checked when it is built, and the server serves it only when an operator
 * turns it on, on an origin of its own, with a CSP of its own. Its local
 * backend's guard: tests/local-backend.test.ts.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { formatter } from '../client/admin/formats.ts';
import { completed, previewContext } from '../client/admin/preview.tsx';
import { cmsConfigProblems, cmsSetup, MARKDOWN_BUTTONS, type CmsField, type JsonSchema } from '../content/editor.ts';
import { legal, content as siteContent } from '../content/index.ts';
import { jsonSchemas } from '../content/json-schemas.ts';
import { entryOf, schemaLine } from '../content/load.ts';
import { readSources } from '../content/read.ts';
import { COLLECTIONS, type CollectionKey } from '../content/schema.ts';
import { Page } from '../shared/ui/Page.tsx';
import { LOCAL_BACKEND_PATH } from '../scripts/dev/local-backend.ts';
import { ADMIN_CONFIG_PATH, ADMIN_SCRIPT_PATH, githubConfig } from '../server/admin.ts';
import { defaultSite } from '../shared/site.ts';
import { cspDirectives, testApp } from './helpers.ts';

const setup = cmsSetup();
const schemas = jsonSchemas();

/** The fields of a collection, wherever Decap keeps them (a folder's, or its one file's). */
function fieldsOf(name: CollectionKey): CmsField[] {
  const collection = setup.collections.find((candidate) => candidate.key === name)!;
  return collection.fields ?? collection.files![0]!.fields;
}

/** Each property of a schema, as "path: required", recursively, next to the same of the fields. */
function fromSchema(schema: JsonSchema, path = ''): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, node]) => {
    const nullable = node.anyOf?.some((option) => option.type === 'null') ?? false;
    const own = `${path}${name}: ${required.has(name) && !nullable ? 'required' : 'optional'}`;
    const items = node.type === 'array' && node.items?.type === 'object' ? fromSchema(node.items, `${path}${name}[].`) : [];
    const nested = node.type === 'object' ? fromSchema(node, `${path}${name}.`) : [];
    return [own, ...items, ...nested];
  });
}
function fromFields(fields: readonly CmsField[], path = ''): string[] {
  return fields.flatMap((field) => {
    const own = `${path}${field.name}: ${field.required === false ? 'optional' : 'required'}`;
    const nested = field.fields ? fromFields(field.fields, `${path}${field.name}${field.widget === 'list' ? '[]' : ''}.`) : [];
    return [own, ...nested];
  });
}

describe('the editor’s collections', () => {
  it.each(Object.keys(COLLECTIONS) as CollectionKey[])('%s: one field per schema property, required as the schema says', (name) => {
    const schema = JSON.parse(schemas[name]) as JsonSchema;
    const fields = fieldsOf(name).filter((field) => field.name !== 'body');
    expect(fromFields(fields)).toEqual(fromSchema(schema));
  });

  it('labels and hints are the schema’s titles and descriptions; long text gets a box of several lines', () => {
    const slug = fieldsOf('categories').find((field) => field.name === 'slug')!;
    expect(slug).toMatchObject({ label: 'Address', hint: expect.stringContaining('/products/'), widget: 'string' });
    expect(fieldsOf('categories').find((field) => field.name === 'intro')).toMatchObject({ widget: 'text' });
    expect(fieldsOf('legal').find((field) => field.name === 'order')).toMatchObject({ widget: 'number', value_type: 'int', min: 1 });
    expect(fieldsOf('hours').find((field) => field.name === 'days')).toMatchObject({ widget: 'select', multiple: true });
    expect(fieldsOf('pages').find((field) => field.name === 'menuLabel')).toMatchObject({ widget: 'string', required: false });
  });

  it('Markdown bodies offer only what the content check accepts: no images, code, quotes or editor components', () => {
    for (const name of ['legal', 'pages'] as const) {
      expect(fieldsOf(name).at(-1)).toEqual({ name: 'body', label: 'Text', widget: 'markdown', buttons: MARKDOWN_BUTTONS, editor_components: [] });
    }
    expect(MARKDOWN_BUTTONS.join(' ')).not.toMatch(/image|code|quote|heading-one/);
  });

  it('folders are the content folders, and art goes to client/assets/art', () => {
    expect(setup.collections.find((collection) => collection.name === 'categories')).toMatchObject({ folder: 'content/words/categories', extension: 'yaml', format: 'yaml-categories' });
    expect(setup.collections.find((collection) => collection.name === 'legal')).toMatchObject({ folder: 'content/words/legal', extension: 'md' });
    expect(setup.collections.find((collection) => collection.name === 'home')?.files?.[0]?.file).toBe('content/words/home.yaml');
    expect(setup.collections.find((collection) => collection.name === 'legal-page')?.files?.[0]?.file).toBe('content/words/legal-page.yaml');
    expect(setup.media_folder).toBe('content/art');
  });
});

describe('the editor’s configuration, checked when it is built (Decap’s own check would need eval)', () => {
  const { collections, media_folder, public_folder, formats } = setup;
  const config = { collections, media_folder, public_folder };

  it('is one Decap accepts, with what config.yml names: either backend, GitHub.com’s API or another, drafts or not', () => {
    expect(cmsConfigProblems(config, formats)).toEqual([]);
    const cms = { repo: 'acme/site', branch: 'main', apiRoot: 'https://api.github.com', drafts: false, authUrl: 'https://auth.example.org', origin: 'https://admin.example.net' };
    const enterprise = { ...cms, apiRoot: 'https://github.example.net/api/v3', drafts: true };
    for (const fromYaml of [{ backend: { name: 'proxy', proxy_url: LOCAL_BACKEND_PATH } }, githubConfig(cms), githubConfig(enterprise)]) {
      expect(cmsConfigProblems({ ...config, ...fromYaml }, formats), JSON.stringify(fromYaml)).toEqual([]);
    }
    expect(githubConfig(enterprise)).toMatchObject({ backend: { api_root: 'https://github.example.net/api/v3' }, publish_mode: 'editorial_workflow' });
  });

  it.each<[string, (copy: typeof config) => void, string]>([
    ['a field named twice', (copy) => copy.collections[0]!.fields!.push({ ...copy.collections[0]!.fields![0]! }), 'is named twice'],
    ['a widget the editor does not register', (copy) => (copy.collections[0]!.fields![0]!.widget = 'datetime' as 'string'), 'widget'],
    ['a format no one registers', (copy) => (copy.collections[0]!.format = 'toml-frontmatter'), 'no format is named "toml-frontmatter"'],
    ['an option Decap does not know', (copy) => Object.assign(copy.collections[0]!, { sortable_fields: ['title'] }), 'sortable_fields'],
    ['a publish mode Decap does not have', (copy) => Object.assign(copy, { publish_mode: 'drafts' }), 'publish_mode'],
  ])('refuses %s, saying where', (_what, breakIt, says) => {
    const copy = structuredClone(config);
    breakIt(copy);
    expect(cmsConfigProblems(copy, formats).join('\n')).toContain(says);
  });
});

describe('the editor’s preview', () => {
  const asset = (name: string) => `/assets/${name}`;
  const fields = (name: CollectionKey) => fieldsOf(name);

  it('draws a legal document as the site does, its text as typed, placeholders filled', () => {
    const terms = legal.find((doc) => doc.id === 'terms')!;
    const data = completed(fields('legal'), { ...terms, body: 'Typed just now by {brandName}.\n\n## A new section' });
    const html = renderToString(createElement(Page, { ctx: previewContext(siteContent, 'legal', 'terms', data, defaultSite, asset) }));
    expect(html).toContain(`Typed just now by ${defaultSite.brandName}.`);
    expect(html).toContain('<h3>A new section</h3>');
    expect(html).toContain('site-footer');
  });

  it('draws a new, empty entry of each folder without throwing', () => {
    for (const name of ['categories', 'legal', 'pages'] as const) {
      const ctx = previewContext(siteContent, name, '', completed(fields(name), {}), defaultSite, asset);
      expect(() => renderToString(createElement(Page, { ctx })), name).not.toThrow();
    }
  });
});

describe('what the editor writes', () => {
  const formatOf = (key: CollectionKey) => formatter(setup.formats.find((format) => format.name === setup.collections.find((collection) => collection.key === key)!.format)!);

  it.each(readSources().files.flatMap(({ path, text }) => { const entry = entryOf(path); return entry ? [[path, text, entry.collection] as const] : []; }))('%s: read and written back, the same fields, the schema line first', (file, text, key) => {
    const format = formatOf(key);
    const written = format.toFile(format.fromFile(text));
    const yaml = (source: string) => (file.endsWith('.md') ? source.split(/^---$/m)[1]! : source);
    expect(yaml(written).trimStart().split('\n')[0]).toBe(schemaLine(key, file));
    expect(parseYaml(yaml(written))).toEqual(parseYaml(yaml(text)));
    if (file.endsWith('.md')) expect(written.split(/^---$/m).slice(2).join('---').trim()).toBe(text.split(/^---$/m).slice(2).join('---').trim());
  });

  it('opens a file broken elsewhere with what its YAML holds before the mistake, without throwing', () => {
    const format = formatOf('categories');
    expect(format.fromFile('title: Textiles\nsubtitle: "Fabrics\norder: 5\n')).toMatchObject({ title: 'Textiles' });
    expect(format.fromFile('- not\n- a group of fields\n')).toEqual({});
    expect(formatOf('legal').fromFile('no front matter at all\n')).toEqual({ body: 'no front matter at all\n' });
  });

  it('drops a field the form does not have (a misspelt one, written elsewhere), which the check would refuse', () => {
    const text = formatOf('categories').toFile({ order: 5, colour: 'blue', title: 'Textiles' }, ['order', 'slug', 'title']);
    expect(parseYaml(text)).toEqual({ order: 5, title: 'Textiles' });
  });

  it('leaves out an optional field left empty, and writes null for an empty menu label', () => {
    const text = formatOf('pages').toFile({ path: '/questions', title: 'Questions', description: 'Asked often.', menuLabel: '', body: 'Text.' });
    expect(text).toContain('menuLabel: null');
    const about = formatOf('about').toFile({ aboutUs: { heading: 'Us', paragraphs: ['One.'], list: [] } });
    expect(about).not.toContain('list');
  });
});

describe('the editor in production, on its own origin', () => {
  const cms = { repo: 'acme/site', branch: 'main', apiRoot: 'https://api.github.com', drafts: false, authUrl: 'https://auth.example.org', origin: 'https://admin.example.net' };
  const adminDir = join(import.meta.dirname, '..', 'dist', 'admin');
  // One app per set of settings for the whole describe: an app made per test queued its start-up
  // work on this worker's one thread, and the bundle's 3.5 MB then crawled behind it in a busy run.
  const apps = new Map<string, ReturnType<typeof testApp>>();
  const withEditor = (settings: Partial<typeof cms> = {}) => {
    const key = JSON.stringify(settings);
    if (!apps.has(key)) apps.set(key, testApp({ config: { nodeEnv: 'test', trustProxy: () => false, site: defaultSite, cms: { ...cms, ...settings } }, adminDir }));
    return apps.get(key)!;
  };
  /** A request to the editor's origin: its Host. */
  const editor = (app: ReturnType<typeof testApp>, path: string) => supertest(app).get(path).set('host', 'admin.example.net');

  it('is off unless CMS_GITHUB_REPO is set: /admin is the home screen with 404, as any unknown path', async () => {
    for (const path of ['/admin', '/admin/', ADMIN_SCRIPT_PATH, ADMIN_CONFIG_PATH]) {
      const res = await supertest(testApp()).get(path);
      expect(res.status, path).toBe(404);
    }
    const res = await supertest(testApp()).get('/admin');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).not.toContain('admin.js');
  });

  it('on, is never served on the site’s origin: /admin there is an unknown path', async () => {
    const app = withEditor();
    for (const path of ['/admin', '/admin/', ADMIN_SCRIPT_PATH, ADMIN_CONFIG_PATH]) {
      const res = await supertest(app).get(path).set('host', 'www.example.com');
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('admin.js');
    }
  });

  it('on, its origin serves the editor alone: its page, / leading to it, and nothing of the site', async () => {
    const app = withEditor();
    expect((await editor(app, '/admin')).status).toBe(200);
    const root = await editor(app, '/');
    expect(root.status).toBe(302);
    expect(root.headers.location).toBe('/admin/');
    for (const path of ['/about', '/products', '/assets/nope.js', '/sitemap.xml']) expect((await editor(app, path)).status, path).toBe(404);
    expect((await supertest(app).post('/admin/').set('host', 'admin.example.net')).status).toBe(405);
  });

  it('on, serves its page with no inline script and a CSP of its own: scripts from itself (no eval, but WebAssembly: HarfBuzz), connections to GitHub and the pictures chosen, only', async () => {
    const res = await editor(withEditor(), '/admin/');
    expect(res.status).toBe(200);
    expect([...res.text.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)).toEqual(['<script type="module" src="/admin/admin.js">']);
    const csp = cspDirectives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'blob:', 'https://api.github.com']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('on, with GitHub Enterprise Server’s API (CMS_GITHUB_API), lets the editor connect to that API alone and show that host’s avatars', async () => {
    const csp = cspDirectives((await editor(withEditor({ apiRoot: 'https://github.example.net/api/v3' }), '/admin/')).headers['content-security-policy']);
    // With its trailing slash, the source is every path under /api/v3/ and nothing else of the host.
    expect(csp.get('connect-src')).toEqual(["'self'", 'blob:', 'https://github.example.net/api/v3/']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://github.example.net', 'https://avatars.github.example.net']);
    const onAnIp = cspDirectives((await editor(withEditor({ apiRoot: 'https://10.0.0.7:8443' }), '/admin/')).headers['content-security-policy']);
    expect([onAnIp.get('connect-src'), onAnIp.get('img-src')]).toEqual([["'self'", 'blob:', 'https://10.0.0.7:8443'], ["'self'", 'data:', 'blob:', 'https://10.0.0.7:8443']]);
  });

  it('on, its config names the GitHub backend from the settings, and its bundle is served', async () => {
    const app = withEditor();
    const config = await editor(app, ADMIN_CONFIG_PATH);
    expect(config.status).toBe(200);
    expect(parseYaml(config.text)).toEqual({ backend: { name: 'github', repo: 'acme/site', branch: 'main', api_root: 'https://api.github.com', base_url: 'https://auth.example.org' } });
    const drafts = await editor(withEditor({ drafts: true, apiRoot: 'https://github.example.net/api/v3' }), ADMIN_CONFIG_PATH);
    expect(parseYaml(drafts.text)).toEqual({
      backend: { name: 'github', repo: 'acme/site', branch: 'main', api_root: 'https://github.example.net/api/v3', base_url: 'https://auth.example.org' },
      publish_mode: 'editorial_workflow',
    });
    const script = await editor(app, ADMIN_SCRIPT_PATH).buffer(true).parse((res, done) => {
      let length = 0;
      res.on('data', (chunk: Buffer) => (length += chunk.length));
      res.on('end', () => done(null, length));
    });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body as number).toBeGreaterThan(0);
  });

  it('on, serves the site’s stylesheet its preview draws with as a file of its own, since its origin serves nothing of the site', async () => {
    const manifest = JSON.parse(readFileSync(join(adminDir, '..', 'client', 'manifest.json'), 'utf8')) as { files: Record<string, { url: string }> };
    const stylesheet = `/admin/${basename(manifest.files['styles.css']!.url)}`;
    expect(readFileSync(join(adminDir, 'admin.js'), 'utf8')).toContain(`"styles.css":"${stylesheet}"`);
    const res = await editor(withEditor(), stylesheet);
    expect([res.status, res.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    expect((await editor(withEditor(), manifest.files['styles.css']!.url)).status).toBe(404);
  });

  it('leaves the site’s pages as they were: its CSP, whatever the git host, no mention of the editor', async () => {
    const without = await supertest(testApp()).get('/');
    for (const app of [withEditor(), withEditor({ apiRoot: 'https://github.example.net/api/v3', drafts: true })]) {
      const res = await supertest(app).get('/');
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('/admin');
      expect(res.headers['content-security-policy']).toBe(without.headers['content-security-policy']);
    }
  });

  it('keeps Decap out of the server bundle', () => {
    const server = readFileSync(join(import.meta.dirname, '..', 'dist', 'server', 'main.js'), 'utf8');
    expect(server).not.toMatch(/decap/i);
  });
});
