/**
 * The browser editor (docs/decisions/0005-browser-editor.md): its fields
 * follow the content schemas, the files it writes load, its configuration is
 * checked when it is built, and the server serves it only when an operator
 * turns it on, on an origin of its own, with a CSP of its own. Its local
 * backend's guard: tests/local-backend.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
import { ADMIN_CONFIG_PATH, ADMIN_SCRIPT_PATH, githubBackend } from '../server/admin.ts';
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

  it('is one Decap accepts, with either backend config.yml names', () => {
    expect(cmsConfigProblems(config, formats)).toEqual([]);
    for (const backend of [{ name: 'proxy', proxy_url: LOCAL_BACKEND_PATH }, githubBackend({ repo: 'acme/site', branch: 'main', authUrl: 'https://auth.example.org', origin: 'https://admin.example.net' })]) {
      expect(cmsConfigProblems({ ...config, backend }, formats), backend.name).toEqual([]);
    }
  });

  it.each<[string, (copy: typeof config) => void, string]>([
    ['a field named twice', (copy) => copy.collections[0]!.fields!.push({ ...copy.collections[0]!.fields![0]! }), 'is named twice'],
    ['a widget the editor does not register', (copy) => (copy.collections[0]!.fields![0]!.widget = 'datetime' as 'string'), 'widget'],
    ['a format no one registers', (copy) => (copy.collections[0]!.format = 'toml-frontmatter'), 'no format is named "toml-frontmatter"'],
    ['an option Decap does not know', (copy) => Object.assign(copy.collections[0]!, { sortable_fields: ['title'] }), 'sortable_fields'],
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
  const cms = { repo: 'acme/site', branch: 'main', authUrl: 'https://auth.example.org', origin: 'https://admin.example.net' };
  const adminDir = join(import.meta.dirname, '..', 'dist', 'admin');
  // One app each way for the whole describe: an app made per test (with the pages' encodings, then) queued
  // ~0.4 s of brotli on this worker's one thread, and the bundle's 3.5 MB then crawled behind it.
  const off = testApp();
  const on = testApp({ config: { nodeEnv: 'test', trustProxy: () => false, site: defaultSite, cms }, adminDir });
  /** A request to the editor's origin: its Host. */
  const editor = (path: string) => supertest(on).get(path).set('host', 'admin.example.net');

  it('is off unless CMS_GITHUB_REPO is set: /admin is the home screen with 404, as any unknown path', async () => {
    for (const path of ['/admin', '/admin/', ADMIN_SCRIPT_PATH, ADMIN_CONFIG_PATH]) {
      const res = await supertest(off).get(path);
      expect(res.status, path).toBe(404);
    }
    const res = await supertest(off).get('/admin');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).not.toContain('admin.js');
  });

  it('on, is never served on the site’s origin: /admin there is an unknown path', async () => {
    for (const path of ['/admin', '/admin/', ADMIN_SCRIPT_PATH, ADMIN_CONFIG_PATH]) {
      const res = await supertest(on).get(path).set('host', 'www.example.com');
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('admin.js');
    }
  });

  it('on, its origin serves the editor alone: its page, / leading to it, and nothing of the site', async () => {
    expect((await editor('/admin')).status).toBe(200);
    const root = await editor('/');
    expect(root.status).toBe(302);
    expect(root.headers.location).toBe('/admin/');
    for (const path of ['/about', '/products', '/assets/nope.js', '/sitemap.xml']) expect((await editor(path)).status, path).toBe(404);
    expect((await supertest(on).post('/admin/').set('host', 'admin.example.net')).status).toBe(405);
  });

  it('on, serves its page with no inline script and a CSP of its own: scripts from itself (no eval, but WebAssembly: HarfBuzz), connections to GitHub and the pictures chosen, only', async () => {
    const res = await editor('/admin/');
    expect(res.status).toBe(200);
    expect([...res.text.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)).toEqual(['<script type="module" src="/admin/admin.js">']);
    const csp = cspDirectives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'blob:', 'https://api.github.com']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('on, its config names the GitHub backend from the settings, and its bundle is served', async () => {
    const config = await editor(ADMIN_CONFIG_PATH);
    expect(config.status).toBe(200);
    expect(parseYaml(config.text)).toEqual({ backend: { name: 'github', repo: 'acme/site', branch: 'main', base_url: 'https://auth.example.org' } });
    const script = await editor(ADMIN_SCRIPT_PATH).buffer(true).parse((res, done) => {
      let length = 0;
      res.on('data', (chunk: Buffer) => (length += chunk.length));
      res.on('end', () => done(null, length));
    });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body as number).toBeGreaterThan(0);
  });

  it('leaves the site’s pages as they were: its CSP, no mention of the editor', async () => {
    const res = await supertest(on).get('/');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('/admin');
    expect(res.headers['content-security-policy']).not.toContain('unsafe');
  });

  it('keeps Decap out of the server bundle', () => {
    const server = readFileSync(join(import.meta.dirname, '..', 'dist', 'server', 'main.js'), 'utf8');
    expect(server).not.toMatch(/decap/i);
  });
});
