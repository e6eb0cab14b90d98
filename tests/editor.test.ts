/**
 * The browser editor (docs/decisions/0005-browser-editor.md): its configuration follows the content schemas and is
 * checked when built, and the server serves it only when turned on, on its own origin. Its local backend: tests/local-backend.test.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { entryLink, opensAsText, textLink } from '../client/editor/banner.tsx';
import { asText, formatter } from '../client/editor/formats.ts';
import { completed, previewContext, savedFiles } from '../client/editor/preview.tsx';
import { nearestPage } from '../client/editor/gate.ts';
import { changedSince, toWrite } from '../client/editor/repository.ts';
import { chooseLanguage, fill, library } from '../client/editor/locale.ts';
import { bytesInWords, masterOf, uploadRefusal, type PhotoKind } from '../client/editor/uploads.ts';
import { MASTER_LIMITS } from '../content/art.ts';
import { editorConfigProblems, editorConfig, fieldFor, labelled, MARKDOWN_BUTTONS, MEDIA_LIBRARY, SCHEMA_FIELD, FILE_TEXT_WIDGET, TEXT_FIELD, TEXT_FORMAT, type CmsField, type JsonSchema } from '../content/editor-config.ts';
import { editorWords, ORIGINAL_WORDS, readEditorWords } from '../content/editor-words.ts';
import { legal, siteContent } from '../content/index.ts';
import { jsonSchemas } from '../content/json-schemas.ts';
import { checkContent, entryOf, LANGUAGES_FILE, listedLanguages, pathOf, schemaLine, WORDS_FOLDER } from '../content/load.ts';
import { readEditorWordsFolder, readLanguages, readSources } from '../content/read.ts';
import { COLLECTIONS, RECORD_FIELD, type CollectionKey, type Content } from '../content/schema.ts';
import { Page } from '../shared/ui/Page.tsx';
import { LOCAL_BACKEND_PATH } from '../scripts/dev/local-backend.ts';
import { EDITOR_CONFIG_PATH, EDITOR_SCRIPT_PATH, githubConfig } from '../server/editor-site.ts';
import { defaultSite } from '../shared/site.ts';
import { categories, cspDirectives, serverBundle, testApp, unlistedLanguage } from './helpers.ts';

const ownWords = readEditorWordsFolder();
const built = editorConfig(siteContent.languages);
/** The editor's configuration as it starts for an owner whose browser asks for English. */
const setup = { ...built, collections: labelled(built.collections, ownWords[ORIGINAL_WORDS]!) };
const schemas = jsonSchemas(ownWords[ORIGINAL_WORDS]!);
/** A collection's JSON Schema as its form is made from it: every property but a translation's record of its original's version, which the save writes (client/editor/gate.ts). */
function formSchema(name: CollectionKey): JsonSchema {
  const schema = JSON.parse(schemas[name]) as JsonSchema;
  const { [RECORD_FIELD]: _record, ...properties } = schema.properties ?? {};
  return { ...schema, properties };
}
const [english, french] = siteContent.editions;
/** A language the site does not list, as the owners might add one (helpers.ts). */
const UNLISTED = unlistedLanguage(siteContent.languages.map((language) => language.code)).code;
const editorSettings = { repo: 'acme/site', branch: 'main', apiRoot: 'https://api.github.com', drafts: false, authUrl: 'https://auth.example.org', origin: 'https://admin.example.net' };

const formatOf = (key: CollectionKey) => formatter(setup.formats.find((format) => format.name === setup.collections.find((collection) => collection.key === key)!.format)!);
/** The fields of a collection, wherever Decap keeps them (a folder's, or its one file's). */
function fieldsOf(name: CollectionKey): CmsField[] {
  const collection = setup.collections.find((candidate) => candidate.key === name)!;
  return collection.fields ?? collection.files![0]!.fields;
}

/** Each property of a schema, recursively, as "path: what `label` says of it", to hold against the same of the fields (fieldPaths). */
function schemaPaths(schema: JsonSchema, label: (node: JsonSchema, required: boolean) => string, path = ''): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, node]) => {
    const items = node.type === 'array' && node.items?.type === 'object' ? schemaPaths(node.items, label, `${path}${name}[].`) : [];
    const nested = node.type === 'object' ? schemaPaths(node, label, `${path}${name}.`) : [];
    return [`${path}${name}: ${label(node, required.has(name))}`, ...items, ...nested];
  });
}
function fieldPaths(fields: readonly CmsField[], label: (field: CmsField) => string, path = ''): string[] {
  return fields.flatMap((field) => [`${path}${field.name}: ${label(field)}`, ...(field.fields ? fieldPaths(field.fields, label, `${path}${field.name}${field.widget === 'list' ? '[]' : ''}.`) : [])]);
}

/** The first file of a collection in the default language, as the owners left it: its text and path. */
function firstOf(collection: 'categories' | 'legal') {
  const original = readLanguages()[0]!.code;
  return readSources().files.find((file) => entryOf(file.path)?.collection === collection && entryOf(file.path)?.language === original)!;
}

describe('the editor’s collections', () => {
  it.each(Object.keys(COLLECTIONS) as CollectionKey[])('%s: one field per schema property, required as the schema says', (name) => {
    const fields = fieldsOf(name).filter((field) => field.name !== 'body');
    // A field written once is required of the default language's form, which alone shows it.
    const required = (node: JsonSchema, listed: boolean) => ((listed || node.same) && !node.anyOf?.some((option) => option.type === 'null') ? 'required' : 'optional');
    expect(fieldPaths(fields, (field) => (field.required === false ? 'optional' : 'required'))).toEqual(schemaPaths(formSchema(name), required));
  });

  it('labels and hints are the editor’s words; long text gets a box of several lines', () => {
    const slug = fieldsOf('categories').find((field) => field.name === 'slug')!;
    expect(slug).toMatchObject({ label: 'Address', hint: expect.stringContaining('/products/'), widget: 'string' });
    expect(fieldsOf('categories').find((field) => field.name === 'intro')).toMatchObject({ widget: 'text' });
    expect(fieldsOf('legal').find((field) => field.name === 'order')).toMatchObject({ widget: 'number', value_type: 'int', min: 1 });
    expect(fieldsOf('hours').find((field) => field.name === 'days')).toMatchObject({ widget: 'select', multiple: true });
    expect(fieldsOf('pages').find((field) => field.name === 'menuLabel')).toMatchObject({ widget: 'string', required: false });
    // Kept by the editor, never shown: the addresses published (redirects.yaml).
    expect(fieldsOf('redirects').find((field) => field.name === 'published')).toMatchObject({ widget: 'hidden' });
  });

  it('a picture field hands the media library the slot its schema names, and a picture without one stops the build, naming it', () => {
    const file = (name: CollectionKey) => fieldsOf(name).find((field) => field.name === 'image')!.fields!.find((field) => field.name === 'file')!;
    expect([file('categories').media_library, file('home').media_library]).toEqual([
      { allow_multiple: false, config: { slot: 'category' } },
      { allow_multiple: false, config: { slot: 'hero' } },
    ]);
    expect(() => fieldFor('file', { type: 'string', widget: 'image' }, true, 'categories.image.file')).toThrow(/^categories\.image\.file: a picture needs the slot it is shown in/);
    expect(setup.media_library).toEqual({ name: MEDIA_LIBRARY });
  });

  it('Markdown bodies offer only what the content check accepts: no images, code, quotes or editor components', () => {
    for (const name of ['legal', 'pages'] as const) {
      expect(fieldsOf(name).at(-1)).toEqual({ name: 'body', label: 'Text', widget: 'markdown', buttons: MARKDOWN_BUTTONS, editor_components: [], i18n: true });
    }
    expect(MARKDOWN_BUTTONS.join(' ')).not.toMatch(/image|code|quote|heading-one/);
  });

  it('folders are the content folders, a single file is its own among those of content/words, and art goes to content/art', () => {
    expect(setup.collections.find((collection) => collection.name === 'categories')).toMatchObject({ folder: 'content/words/categories', extension: 'yaml', format: 'yaml-categories' });
    expect(setup.collections.find((collection) => collection.name === 'legal')).toMatchObject({ folder: 'content/words/legal', extension: 'md' });
    expect(setup.collections.find((collection) => collection.name === 'home')).toMatchObject({ folder: 'content/words', filter: { field: SCHEMA_FIELD, value: 'home' }, create: false, delete: false });
    expect(setup.collections.find((collection) => collection.name === 'legal-page')).toMatchObject({ folder: 'content/words', filter: { field: SCHEMA_FIELD, value: 'legal-page' } });
    expect(setup.collections.find((collection) => collection.name === 'languages')?.files?.[0]?.file).toBe('content/words/languages.yaml');
    expect(setup.media_folder).toBe('content/art');
  });

  it('lists each single file of content/words in its own collection, and in no other', () => {
    const single = readSources().files.filter(({ path }) => path.split('/').length === 3);
    for (const collection of setup.collections.filter((candidate) => candidate.folder === WORDS_FOLDER)) {
      const format = formatter(setup.formats.find((candidate) => candidate.name === collection.format)!);
      const listed = single.filter(({ text }) => format.fromFile(text)[collection.filter!.field] === collection.filter!.value).map(({ path }) => path);
      expect(listed, collection.name).toEqual(single.filter(({ path }) => entryOf(path)?.collection === collection.key).map(({ path }) => path));
      // One per language that has the entry: a language translated in part lacks some (docs/editing.md, "Add a language").
      expect(listed.length, collection.name).toBe(siteContent.editions.filter((edition) => edition[collection.key as keyof Content] !== undefined).length);
    }
  });
});

describe('every language in the same collections, side by side', () => {
  it('edits the languages of languages.yaml, the default first, each in files name.<code>.yaml beside the others', () => {
    const codes = readLanguages().map((language) => language.code);
    expect(setup.i18n).toEqual({ structure: 'multiple_files', locales: codes, default_locale: codes[0] });
    // A language added is one line of languages.yaml: its code is a locale of the editor.
    expect(editorConfig([...siteContent.languages, { code: UNLISTED, direction: 'ltr' as const }]).i18n.locales).toEqual([...codes, UNLISTED]);
  });

  it('types each language in its direction, as languages.yaml gives it', () => {
    expect(setup.directions).toEqual(Object.fromEntries(siteContent.languages.map((language) => [language.code, language.direction])));
  });

  it('reads the languages from languages.yaml alone, the default first whatever its place, and says what is wrong with it in the build’s lines', () => {
    const path = LANGUAGES_FILE;
    const text = readSources().files.find((file) => file.path === path)!.text;
    const [first, second, ...rest] = readLanguages().map((language) => language.code);
    expect(listedLanguages({ path, text: text.replace(`default: ${first}`, `default: ${second}`) }).languages.map((language) => language.code)).toEqual([second, first, ...rest]);
    expect(listedLanguages({ path, text: text.replace(`default: ${first}`, 'default: zz') }).problems).toEqual([expect.stringMatching(/^content\/words\/languages\.yaml:\d+:\d+: default: "zz" is not one of the languages listed below$/)]);
    const last = readLanguages().length - 1;
    expect(listedLanguages({ path, text: text.replace(`code: ${readLanguages()[last]!.code},`, `code: ${second},`) }).problems).toEqual([expect.stringMatching(new RegExp(`^content/words/languages\\.yaml:\\d+:\\d+: languages\\[${last}\\]\\.code: ${second} is listed twice$`))]);
  });

  it.each(Object.keys(COLLECTIONS) as CollectionKey[])('%s: each field written in the default language’s file only where the schema says `same`, in each language otherwise; languages.yaml written once', (name) => {
    const translated = !('untranslated' in COLLECTIONS[name]);
    const collection = setup.collections.find((candidate) => candidate.key === name)!;
    expect(collection.i18n).toBe(translated ? true : undefined);
    const fields = fieldsOf(name).filter((field) => field.name !== 'body');
    // `false` for a `same` field (the default language's file only), `true` for the others; `none` in a collection written once.
    expect(fieldPaths(fields, (field) => String(field.i18n ?? 'none'))).toEqual(schemaPaths(formSchema(name), (node) => (translated ? String(!node.same) : 'none')));
  });

  it('writes a category’s order, address and picture in the default language’s file alone (Decap’s i18n: false), required there, and leaves its words and the picture’s description to translate', () => {
    const fields = fieldsOf('categories');
    const field = (name: string) => fields.find((each) => each.name === name)!;
    expect([field('order').i18n, field('slug').i18n, field('title').i18n, field('subtitle').i18n]).toEqual([false, false, true, true]);
    expect([field('order').required, field('slug').required]).toEqual([undefined, undefined]);
    expect(field('image').fields!.map((each) => [each.name, each.i18n])).toEqual([['file', false], ['alt', true]]);
    expect(fieldsOf('legal').at(-1)).toMatchObject({ name: 'body', i18n: true });
  });
});

describe('the editor’s configuration, checked when it is built (Decap’s own check would need eval)', () => {
  const { i18n, collections, textCollections, media_folder, public_folder, media_library, slug, formats } = setup;
  const config = { i18n, collections: [...collections, ...textCollections], media_folder, public_folder, media_library, slug };

  it('is one Decap accepts, with what config.yml names: either backend, GitHub.com’s API or another, drafts or not', () => {
    expect(editorConfigProblems(config, formats)).toEqual([]);
    const enterprise = { ...editorSettings, apiRoot: 'https://github.example.net/api/v3', drafts: true };
    for (const fromYaml of [{ backend: { name: 'proxy', proxy_url: LOCAL_BACKEND_PATH } }, githubConfig(editorSettings), githubConfig(enterprise)]) {
      expect(editorConfigProblems({ ...config, ...fromYaml }, formats), JSON.stringify(fromYaml)).toEqual([]);
    }
    expect(githubConfig(enterprise)).toMatchObject({ backend: { api_root: 'https://github.example.net/api/v3' }, publish_mode: 'editorial_workflow' });
  });

  it.each<[string, (copy: typeof config) => void, string]>([
    ['a field named twice', (copy) => copy.collections[0]!.fields!.push({ ...copy.collections[0]!.fields![0]! }), 'is named twice'],
    ['languages in one file of a file collection, which Decap cannot write as name.<code>.yaml', (copy) => Object.assign(copy.collections.find((collection) => collection.files)!, { i18n: true }), 'collections.languages.i18n'],
    ['a default language that is not one of the languages', (copy) => (copy.i18n.default_locale = UNLISTED), 'i18n.default_locale'],
    ['a structure other than name.<code>.yaml', (copy) => Object.assign(copy.i18n, { structure: 'multiple_folders' }), 'i18n.structure'],
    ['a widget the editor does not register', (copy) => (copy.collections[0]!.fields![0]!.widget = 'datetime' as 'string'), 'widget'],
    ['a format no one registers', (copy) => (copy.collections[0]!.format = 'toml-frontmatter'), 'no format is named "toml-frontmatter"'],
    ['an option Decap does not know', (copy) => Object.assign(copy.collections[0]!, { sortable_fields: ['title'] }), 'sortable_fields'],
    ['a publish mode Decap does not have', (copy) => Object.assign(copy, { publish_mode: 'drafts' }), 'publish_mode'],
    ['new entries named as Decap names them by default, accents and all (not portable)', (copy) => Object.assign(copy, { slug: { encoding: 'unicode', clean_accents: false, sanitize_replacement: '-' } }), 'slug.encoding'],
    ['a media library other than ours (Decap’s own would take any picture)', (copy) => Object.assign(copy, { media_library: { name: 'uploadcare' } }), 'media_library.name'],
    ['a picture field with a slot that is not one', (copy) => (copy.collections.find((collection) => collection.name === 'categories')!.fields!.find((field) => field.name === 'image')!.fields![0]!.media_library!.config.slot = 'banner' as 'hero'), 'media_library.config.slot'],
  ])('refuses %s, saying where', (_what, breakIt, says) => {
    const copy = structuredClone(config);
    breakIt(copy);
    expect(editorConfigProblems(copy, formats).join('\n')).toContain(says);
  });
});

describe('the editor’s preview', () => {
  const asset = (name: string) => `/assets/${name}`;

  it('draws a legal document as the site does, its text as typed, placeholders filled', () => {
    const [document] = legal as [(typeof legal)[number]];
    const data = completed(fieldsOf('legal'), { ...document, body: 'Typed just now by {brandName}.\n\n## A new section' });
    const html = renderToString(createElement(Page, { ctx: previewContext(siteContent, 'en', 'legal', document.id, data, defaultSite, asset) }));
    expect(html).toContain(`Typed just now by ${defaultSite.brandName}.`);
    expect(html).toContain('<h3>A new section</h3>');
    expect(html).toContain('site-footer');
  });

  it('draws a new, empty entry of each folder without throwing, in every language', () => {
    for (const language of siteContent.languages) {
      for (const name of ['categories', 'legal', 'pages'] as const) {
        const ctx = previewContext(siteContent, language.code, name, '', completed(fieldsOf(name), {}), defaultSite, asset);
        expect(() => renderToString(createElement(Page, { ctx })), `${language.code} ${name}`).not.toThrow();
      }
    }
  });

  it('draws a translation in its language, at its address, with its original’s picture, among that language’s pages, and leaves the other languages as they are', () => {
    // As Decap holds the translation: its file's fields, none of those written once.
    const { code } = french!.language;
    const category = english!.categories[0]!;
    const file = readSources().files.find((each) => each.path === pathOf({ collection: 'categories', id: category.id, language: code }))!;
    const held = formatOf('categories').fromFile(file.text);
    expect(held).not.toHaveProperty('slug');
    const ctx = previewContext(siteContent, code, 'categories', category.id, completed(fieldsOf('categories'), { ...held, intro: 'Tissée à la main, ce matin' }), defaultSite, asset);
    expect([ctx.content.language.code, ctx.route.path, ctx.prefix]).toEqual([code, `/${code}/products/${category.slug}`, `/${code}`]);
    expect(ctx.route.category?.image.file).toBe(category.image.file);
    const html = renderToString(createElement(Page, { ctx }));
    expect(html).toContain('Tissée à la main, ce matin');
    // The menu and the footer are the French ones.
    expect(html).toContain(french!.labels.footer.heading);
    expect(html).not.toContain(english!.labels.footer.heading);
    const inEnglish = previewContext(siteContent, english!.language.code, 'categories', category.id, completed(fieldsOf('categories'), category), defaultSite, asset);
    expect(renderToString(createElement(Page, { ctx: inEnglish }))).not.toContain('Tissée à la main, ce matin');
  });

  it('says, rather than drawing another, when the language being edited is not one of the site’s', () => {
    expect(() => previewContext(siteContent, UNLISTED, 'home', 'home', completed(fieldsOf('home'), english!.home), defaultSite, asset)).toThrow(`${UNLISTED} is not a language of content/words/languages.yaml`);
    expect(() => previewContext(siteContent, undefined, 'home', 'home', completed(fieldsOf('home'), english!.home), defaultSite, asset)).toThrow('undefined is not a language');
  });
});

describe('what an upload becomes in content/art (the media library’s rules, client/editor/uploads.ts)', () => {
  const long = MASTER_LIMITS.longSide;

  it.each<[string, PhotoKind, [number, number], boolean, string, string, [number, number]]>([
    // file name, its kind as read, its size upright, see-through → its name, its kind, its size in content/art
    ['IMG_1234 Été.JPG', 'jpg', [3000, 4000], false, 'img-1234-ete.jpg', 'image/jpeg', [(long * 3) / 4, long]],
    ['Loom.jpeg', 'jpg', [1600, 1200], false, 'loom.jpeg', 'image/jpeg', [1600, 1200]],
    ['Harbour Cranes.avif', 'avif', [6000, 4000], false, 'harbour-cranes.jpg', 'image/jpeg', [long, Math.round((long * 2) / 3)]],
    ['sticker.avif', 'avif', [800, 800], true, 'sticker.png', 'image/png', [800, 800]],
    ['Field Rows.webp', 'webp', [2000, 1500], false, 'field-rows.jpg', 'image/jpeg', [2000, 1500]],
    ['logo.WEBP', 'webp', [2000, 1500], true, 'logo.png', 'image/png', [2000, 1500]],
    ['Chart Q3.PNG', 'png', [2 * long, 1000], false, 'chart-q3.png', 'image/png', [long, 500]],
    ['photo.png', 'jpg', [long + 1, long + 1], false, 'photo.jpg', 'image/jpeg', [long, long]],
    ['v1.2 final', 'jpg', [1200, 900], false, 'v1-2-final.jpg', 'image/jpeg', [1200, 900]],
    ['صورة المصنع.jpg', 'jpg', [1200, 900], false, 'swrt-almsne.jpg', 'image/jpeg', [1200, 900]],
    // No letter or digit to keep: named by when the file was saved (lastModified, below), in UTC.
    ['写真.jpg', 'jpg', [1200, 900], false, 'picture-20261128-093015.jpg', 'image/jpeg', [1200, 900]],
    ['📷.PNG', 'png', [1200, 900], false, 'picture-20261128-093015.png', 'image/png', [1200, 900]],
  ])('%s (%s, %j, see-through %s) → %s, %s, %j', (name, kind, [width, height], transparent, named, type, size) => {
    expect(masterOf({ name, lastModified: Date.UTC(2026, 10, 28, 9, 30, 15) }, kind, { width, height, transparent })).toEqual({ name: named, type, width: size[0], height: size[1] });
  });

  it('keeps a drawing as it is, under its portable name', () => {
    expect(masterOf({ name: 'Loom Sketch.SVG', lastModified: 0 }, 'svg')).toEqual({ name: 'loom-sketch.svg', type: 'image/svg+xml' });
  });

  it.each([
    [812 * 1024 - 100, 'en', '812 kB'],
    [25 * 1024 * 1024 + 1, 'en', '25.1 MB'],
    [25 * 1024 * 1024 + 1, 'fr', '25,1 Mo'],
    [40 * 1024 * 1024, 'ar', '40 م.ب'],
  ])('writes %d bytes in %s as %j, rounded up', (bytes, language, written) => {
    // Which no-break space ICU puts before a unit changes with its version.
    expect(bytesInWords(bytes, language).replace(/[\u00A0\u202F]/g, ' ')).toBe(written);
  });

  it.each<[string, number, string | undefined, string | undefined]>([
    ['IMG_0001.HEIC', 3_000_000, 'heic', fill(library.heic, { file: 'IMG_0001.HEIC' })],
    ['scan.tiff', 3_000_000, 'tiff', fill(library.otherKind, { file: 'scan.tiff' })],
    ['waving.gif', 300_000, 'gif', fill(library.otherKind, { file: 'waving.gif' })],
    ['notes.jpg', 300, undefined, fill(library.unreadable, { file: 'notes.jpg' })],
    ['huge.jpg', MASTER_LIMITS.bytes + 1, 'jpg', fill(library.tooLarge, { file: 'huge.jpg', bytes: '25.1 MB', limit: '25 MB' })],
    ['huge.heic', 40 * 1024 * 1024, undefined, fill(library.tooLarge, { file: 'huge.heic', bytes: '40 MB', limit: '25 MB' })],
    ['largest.png', MASTER_LIMITS.bytes, 'png', undefined],
    ['drawing.svg', 2_000, 'svg', undefined],
  ])('%s (%d bytes, read as %s): %s', (fileName, bytes, kind, refusal) => {
    expect(uploadRefusal(fileName, bytes, kind)).toBe(refusal);
  });
});

describe('what a save writes of the files Decap hands over, one per language', () => {
  const format = formatOf('categories');
  const file = (code: string, data: Record<string, unknown>, slug = 'medical-supplies') => ({ path: pathOf({ collection: 'categories', id: slug, language: code }), slug, raw: format.toFile(data) });
  const copied = { order: 9, slug: 'medical-supplies', image: { file: 'textiles.svg' } };
  const repository = new Set(readSources().files.map((source) => source.path));

  it('leaves out a new translation that holds only what Decap copied from the default language: that page is not in that language yet', () => {
    const saved = [file('en', { ...copied, title: 'Medical Supplies' }), file('fr', copied), file('ar', { ...copied, image: { file: 'textiles.svg', alt: '' }, headings: [] })];
    expect(toWrite(saved, repository).map((written) => written.path)).toEqual(['content/words/categories/medical-supplies.en.yaml']);
  });

  it('writes a new translation with a word of its own, and every translation that is there already', () => {
    const begun = [file('en', copied), file('fr', { ...copied, image: { file: 'textiles.svg', alt: 'Un cercle sombre' } }), file('ar', { ...copied, title: 'مستلزمات طبية' })];
    expect(toWrite(begun, repository)).toEqual(begun);
    // A translation the content has: the first category's, in the first language beside the original.
    const { id, order, slug } = categories[0]!;
    const there = [file(siteContent.languages[1]!.code, { order, slug }, id)];
    expect(repository.has(there[0]!.path)).toBe(true);
    expect(toWrite(there, repository)).toEqual(there);
  });

  it('writes a translation that moves with a new address, and is not there yet, where it goes', () => {
    const moved = { ...file('fr', { ...copied, title: 'Fournitures médicales' }), newPath: 'content/words/categories/medical-kits.fr.yaml' };
    expect(toWrite([moved], repository)).toEqual([{ path: 'content/words/categories/medical-kits.fr.yaml', slug: 'medical-supplies', raw: moved.raw }]);
  });
});

describe('a save over files changed since the form was opened on them', () => {
  const [path, other] = ['content/words/about.en.yaml', 'content/words/about.fr.yaml'];
  it.each([
    ['a file as it was opened', { [path]: 'lead: A' }, { [path]: 'lead: A' }, []],
    ['a file another save changed', { [path]: 'lead: A' }, { [path]: 'lead: B' }, [path]],
    ['a file another save removed', { [path]: 'lead: A' }, {}, [path]],
    ['a translation another save began', { [path]: null }, { [path]: 'lead: B' }, [path]],
    ['a translation not begun, still not there', { [path]: null }, {}, []],
    ['a file the form was not opened on (a new entry)', {}, { [path]: 'lead: B' }, []],
    ['one changed beside one as it was', { [path]: 'lead: A', [other]: 'lead: C' }, { [path]: 'lead: B', [other]: 'lead: C' }, [path]],
  ] as const)('%s', (_, opened, now, refused) => {
    const repository = Object.entries(now).map(([at, text]) => ({ path: at, text }));
    expect(changedSince(repository, [{ path }, { path: other }], new Map(Object.entries(opened)))).toEqual(refused);
  });
});

describe('where a deleted page’s address leads', () => {
  it.each([
    ['/products/fuel', ['/products', '/home'], '/products'],
    ['/legal/privacy', ['/legal', '/home'], '/legal'],
    ['/guides/fuel/storage', ['/guides', '/home'], '/guides'],
    ['/about', ['/products', '/home'], '/home'],
    ['/products/fuel', ['/home'], '/home'],
  ])('%s, among %j: %s', (address, pages, nearest) => {
    expect(nearestPage(address, new Set(pages))).toBe(nearest);
  });
});

describe('what the editor writes', () => {
  const namesOf = (key: CollectionKey) => fieldsOf(key).map((field) => field.name);

  it.each(readSources().files.flatMap(({ path, text }) => { const entry = entryOf(path); return entry ? [[path, text, entry.collection] as const] : []; }))('%s: read into its form and written back, the same fields (but a translation’s record, which the save writes), the schema line first', (file, text, key) => {
    const format = formatOf(key);
    const data = format.fromFile(text);
    expect(data).not.toHaveProperty(TEXT_FIELD);
    const written = format.toFile(data, namesOf(key));
    const yaml = (source: string) => (file.endsWith('.md') ? source.split(/^---$/m)[1]! : source);
    expect(yaml(written).trimStart().split('\n')[0]).toBe(schemaLine(key, file));
    const { [RECORD_FIELD]: _record, ...fields } = parseYaml(yaml(text)) as Record<string, unknown>;
    expect(parseYaml(yaml(written))).toEqual(fields);
    if (file.endsWith('.md')) expect(written.split(/^---$/m).slice(2).join('---').trim()).toBe(text.split(/^---$/m).slice(2).join('---').trim());
  });

  const { text: textiles, path: textilesPath } = firstOf('categories');
  const { text: terms } = firstOf('legal');
  it.each<[string, CollectionKey, string]>([
    ['a quote never closed', 'categories', textiles.replace(/^subtitle: (.*)$/m, 'subtitle: "$1')],
    ['a line indented with a tab', 'categories', textiles.replace(/^ {2}alt:/m, '\talt:')],
    ['a field written twice', 'categories', `${textiles}title: Again\n`],
    ['a list where the file is a group of fields', 'categories', '- not\n- a group of fields\n'],
    ['a misspelt field', 'categories', textiles.replace(/^subtitle:/m, 'subtilte:')],
    ['a misspelt field in a group', 'categories', textiles.replace(/^ {2}alt:/m, '  alt_text:')],
    ['words where a list is', 'categories', textiles.replace(/^headings:[\s\S]*$/m, 'headings: none yet\n')],
    ['a list where words are', 'categories', textiles.replace(/^title: (.*)$/m, 'title:\n  - $1')],
    ['a Markdown file without its front matter', 'legal', terms.replace(/^---\n[\s\S]*?\n---\n/, '')],
    ['a mistake in a Markdown file’s front matter', 'legal', terms.replace(/^title: (.*)$/m, 'title: "$1')],
  ])('opens a file with %s as its text, and writes that text back whatever its form holds', (_what, key, text) => {
    const format = formatOf(key);
    const data = format.fromFile(text);
    expect(data[TEXT_FIELD]).toBe(text);
    // Nothing of the file is spread across its form's fields.
    expect(Object.keys(data).filter((name) => name !== TEXT_FIELD && name !== SCHEMA_FIELD)).toEqual([]);
    expect(format.toFile({ ...data, title: 'Typed in the form' }, namesOf(key))).toBe(text);
  });

  it('keeps a single file in its collection while it opens as text: the schema its first line names', () => {
    const home = readSources().files.find((file) => file.path === 'content/words/home.fr.yaml')!.text;
    expect(formatOf('home').fromFile(`${home}tagline: twice\n`)).toMatchObject({ [SCHEMA_FIELD]: 'home', [TEXT_FIELD]: expect.any(String) });
  });

  it('opens a file as its text in its folder’s text collection, each file on its own, which the editor does not list', () => {
    expect(setup.textCollections.map((collection) => [collection.name, collection.folder, collection.extension, collection.format, collection.hide])).toEqual([
      ['text-categories', 'content/words/categories', 'yaml', TEXT_FORMAT, true],
      ['text-legal', 'content/words/legal', 'md', TEXT_FORMAT, true],
      ['text-pages', 'content/words/pages', 'md', TEXT_FORMAT, true],
      ['text-words', 'content/words', 'yaml', TEXT_FORMAT, true],
    ]);
    for (const collection of setup.textCollections) {
      expect(collection).not.toHaveProperty('i18n');
      expect(collection.fields).toEqual([{ name: 'text', label: 'Text', widget: FILE_TEXT_WIDGET }]);
    }
    expect(asText.fromFile(textiles)).toEqual({ text: textiles });
    expect(asText.toFile({ text: textiles })).toBe(textiles);
  });

  it('writes a field the form does not have after its fields, as it came, and the check refuses it, naming it', () => {
    const format = formatOf('categories');
    const data = { ...format.fromFile(textiles), colour: 'blue' };
    const written = format.toFile(data, namesOf('categories'));
    expect(Object.keys(parseYaml(written) as object)).toEqual([...Object.keys(parseYaml(textiles) as object), 'colour']);
    const files = readSources().files.map((file) => (file.path === textilesPath ? { path: textilesPath, text: written } : file));
    expect(checkContent({ files, art: readSources().art }).problems).toEqual([`${textilesPath}:${written.split('\n').indexOf('colour: blue') + 1}:1: colour: is not a field of this entry (a typo?)`]);
  });

  it('leaves out an optional field left empty, and writes null for an empty menu label', () => {
    const text = formatOf('pages').toFile({ path: '/questions', title: 'Questions', description: 'Asked often.', menuLabel: '', body: 'Text.' });
    expect(text).toContain('menuLabel: null');
    const about = formatOf('about').toFile({ aboutUs: { heading: 'Us', paragraphs: ['One.'], list: [] } });
    expect(about).not.toContain('list');
  });
});

describe('the preview checks what the save writes', () => {
  const categories = setup.collections.find((collection) => collection.key === 'categories')!;
  const fields = fieldsOf('categories');
  const format = formatOf('categories');
  const textiles = firstOf('categories');

  it('writes each language’s file in the form’s order of fields, whatever order Decap holds them in, as the save does', () => {
    const data = format.fromFile(textiles.text);
    const shuffled = Object.fromEntries(Object.entries(data).reverse());
    const { id, language } = entryOf(textiles.path)!;
    const [written] = savedFiles(categories, fields, format, id, new Map([[language!, shuffled]]));
    expect(written).toEqual({ path: textiles.path, slug: id, raw: format.toFile(data, fields.map((field) => field.name)) });
    expect(written!.raw.split('\n')[1]).toMatch(/^order: /);
  });
});

describe('the links of the banner and the preview', () => {
  const line = (path: string) => `${path}:5:11: subtitle: is empty`;
  it.each<[string, string[], ReturnType<typeof entryLink>]>([
    ['content/words/categories/textiles.en.yaml', [], { href: '#/edit/categories/textiles', asText: false }],
    ['content/words/home.fr.yaml', [], { href: '#/edit/home/home', asText: false }],
    ['content/words/languages.yaml', [], { href: '#/edit/languages/languages', asText: false }],
    ['content/words/categories/textiles.en.yaml', ['content/words/categories/textiles.en.yaml'], { href: '#/edit/text-categories/textiles.en', asText: true }],
    ['content/words/legal/terms.ar.md', ['content/words/legal/terms.ar.md'], { href: '#/edit/text-legal/terms.ar', asText: true }],
    ['content/words/about.en.yaml', ['content/words/about.en.yaml'], { href: '#/edit/text-words/about.en', asText: true }],
    ['content/words/redirects.yaml', ['content/words/redirects.yaml'], { href: '#/edit/text-words/redirects', asText: true }],
    ['content/words/about.fr.yaml', ['content/words/about.en.yaml'], { href: '#/edit/about/about', asText: false }],
    ['content/art/textiles.png', [], undefined],
    ['content/words/categories', [], undefined],
  ])('%s (as text: %j) opens at %j', (path, asText, link) => {
    expect(entryLink(line(path), new Set(asText))).toEqual(link);
  });

  it('lists the files that open as text by their path and text: one fixed leaves the list, broken again it comes back', () => {
    const about = readSources().files.find((file) => file.path === 'content/words/about.en.yaml')!;
    const others = readSources().files.filter((file) => file !== about);
    // A field's name misspelt, which the form has no field for.
    const broken = { path: about.path, text: about.text.replace(/^(\w+):/m, '$1x:') };
    for (const [file, listed] of [[broken, [about.path]], [about, []], [broken, [about.path]]] as const) expect([...opensAsText([...others, file])]).toEqual(listed);
  });

  it('opens a file as text only in a folder of the content', () => {
    expect(textLink('content/words/categories/textiles.en.yaml')).toBe('#/edit/text-categories/textiles.en');
    expect(textLink('content/art/textiles.svg')).toBeUndefined();
  });
});

describe('the editor’s own words, in the owner’s language where it has it', () => {
  it.each<[string[], readonly string[], string]>([
    [['fr-FR', 'en'], ['en', 'fr'], 'fr'],
    [['ar-EG', 'fr'], ['en', 'fr'], 'fr'],
    [['ar-EG', 'fr'], ['ar', 'en', 'fr'], 'ar'],
    [['de-DE', 'es'], ['en', 'fr'], 'en'],
    [['EN-gb'], ['en', 'fr'], 'en'],
    [[], ['en', 'fr'], 'en'],
  ])('the browser asking for %j, among %j, speaks %s', (preferred, available, chosen) => {
    expect(chooseLanguage(preferred, available, 'en')).toBe(chosen);
  });

  it('has every phrase in every language it speaks, English, French and Arabic, and lays each out in its direction', () => {
    const words = readEditorWordsFolder();
    expect(Object.keys(words).sort()).toEqual(['ar', 'en', 'fr']);
    expect(Object.fromEntries(Object.entries(words).map(([code, phrases]) => [code, phrases.direction]))).toEqual({ ar: 'rtl', en: 'ltr', fr: 'ltr' });
    for (const phrases of Object.values(words)) expect(editorWords().parse(phrases)).toEqual(phrases);
  });

  const path = 'content/editor-words/fr.yaml';
  const english = readFileSync(join(import.meta.dirname, '..', 'content/editor-words/en.yaml'), 'utf8');
  const lineOf = (text: string, start: string) => text.split('\n').findIndex((row) => row.startsWith(start)) + 1;
  it.each<[string, string, (text: string) => string]>([
    ['a phrase missing', `${path}:${lineOf(english, '  checkLabel:')}:3: notices.open: is missing`, () => english.replace(/^ {2}open: .*\n/m, '')],
    ['a phrase the editor does not show', `${path}:${lineOf(english, '  hide:')}:3: notices.close: is not a phrase the editor shows (a typo?)`, () => english.replace(/^ {2}hide:/m, '  close: Close\n  hide:')],
    ['a placeholder lost', `${path}:${lineOf(english, '  unreadable:')}:15: notices.unreadable: should hold %{why}, which the editor fills in`, () => english.replace('%{why}"', '%{reason}"')],
    ['a placeholder the editor does not fill', `${path}:${lineOf(english, '  open:')}:9: notices.open: should hold no placeholder: the editor fills none in here`, () => english.replace(/^ {2}open: Open$/m, '  open: Open %{file}')],
    ['an empty phrase', `${path}:${lineOf(english, '  hide:')}:9: notices.hide: is empty`, () => english.replace(/^ {2}hide: .*$/m, '  hide: ""')],
    ['a direction that is none', `${path}:${lineOf(english, 'direction:')}:12: direction: Invalid option: expected one of "ltr"|"rtl"`, () => english.replace(/^direction: ltr$/m, 'direction: up')],
    ['a YAML mistake', `${path}:${lineOf(english, '  hide:')}:1: YAML: Tabs are not allowed as indentation`, () => english.replace(/^ {2}hide:/m, '\thide:')],
    ['a field without its label', `${path}:${lineOf(english, '    order:')}:5: fields.categories.subtitle: is missing`, () => english.replace(/^ {4}subtitle:\n {6}label: .*\n/m, '')],
    ['a field its form does not have', `${path}:${lineOf(english, '    subtitle:')}:5: fields.categories.colour: is not a field of its form (a typo?)`, () => english.replace(/^ {4}subtitle:/m, '    colour:\n      label: Colour\n    subtitle:')],
    ['a collection the editor does not have', `${path}:${lineOf(english, 'collections:') + 1}:3: collections.news: is not a collection of the editor (a typo?)`, () => english.replace(/^collections:\n/m, 'collections:\n  news:\n    label: News\n')],
    ['a picture’s hint without its size', `${path}:${lineOf(english, '    image.file:') + 2}:13: fields.categories.image.file.hint: should hold %{width} and %{height} and %{drawingWidth} and %{drawingHeight}, which the editor fills in`, () => english.replace(/(image\.file:\n.*\n.*)%\{drawingWidth\}/, '$1480')],
    ['a template’s hint that leaves out a slot', `${path}:${lineOf(english, '    pageTitle:') + 2}:13: fields.templates.pageTitle.hint: should name {brandName}, which the template's sentence holds`, () => english.replace(/, \{brandName\} \([^)]*\)/, '')],
    ['a pattern’s field without the hint its refusal says', `${path}:${lineOf(english, '    slug:') + 1}:7: fields.categories.slug.hint: is missing`, () => english.replace(/^( {4}slug:\n {6}label: .*\n) {6}hint: .*\n/m, '$1')],
  ])('stops the build on %s, naming the file, the line and the phrase', (_what, problem, broken) => {
    expect(readEditorWords(path, broken(english)).problems).toEqual([problem]);
  });

  const arabicPath = 'content/editor-words/ar.yaml';
  const arabic = readFileSync(join(import.meta.dirname, '..', arabicPath), 'utf8');
  it.each<[string, string, (text: string) => string]>([
    ['a phrase of Decap’s left out', `${arabicPath}:${lineOf(arabic, '    header:') + 1}:7: decap.app.header.media: is missing`, (text) => text.replace(/^ {6}media: .*\n/m, '')],
    ['a phrase Decap does not have', `${arabicPath}:${lineOf(arabic, '      media:') + 1}:7: decap.app.header.news: is not a phrase the editor shows (a typo?)`, (text) => text.replace(/^( {6}media: .*\n)/m, '$1      news: أخبار\n')],
    ['a count of Decap’s without its number', `${arabicPath}:${lineOf(arabic, '      currentEntries:')}:23: decap.workflow.workflowList.currentEntries: should hold %{smart_count}, which the editor fills in`, (text) => text.replace(/^( {6}currentEntries: ).*$/m, '$1"إدخالات"')],
  ])('stops the build on %s in a language Decap has none for, naming the file, the line and the phrase', (_what, problem, broken) => {
    expect(readEditorWords(arabicPath, broken(arabic)).problems).toEqual([problem]);
  });

  it('stops the build on a translation that gives a hint its original does not, or leaves out one it gives', () => {
    const original = readEditorWords('content/editor-words/en.yaml', english).words!;
    const withoutHint = english.replace(/^( {4}intro:\n {6}label: .*\n) {6}hint: .*\n/m, '$1');
    expect(readEditorWords(path, withoutHint, original).problems).toEqual([`${path}:${lineOf(withoutHint, '    intro:') + 1}:7: fields.categories.intro: has no hint, where en.yaml gives one`]);
    const withHint = english.replace(/^( {4}subtitle:\n {6}label: .*\n)/m, '$1      hint: Under the title.\n');
    expect(readEditorWords(path, withHint, original).problems).toEqual([`${path}:${lineOf(withHint, '    subtitle:') + 2}:13: fields.categories.subtitle: has a hint, which en.yaml does not give`]);
  });

  it('stops the build on a file of the editor’s words not named for a language', () => {
    const root = mkdtempSync(join(tmpdir(), 'editor-words-'));
    try {
      mkdirSync(join(root, 'content/editor-words'), { recursive: true });
      writeFileSync(join(root, 'content/editor-words/en.yaml'), english);
      writeFileSync(join(root, 'content/editor-words/french.yaml'), english);
      expect(() => readEditorWordsFolder(root)).toThrow("content/editor-words/french.yaml:1:1: is not a file of the editor's words: name it after its language, such as en.yaml");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the editor in production, on its own origin', () => {
  const editorDir = join(import.meta.dirname, '..', 'dist', 'editor');
  // One app per set of settings for the whole describe: an app made per test queued its start-up
  // work on this worker's one thread, and the bundle's 3.5 MB then crawled behind it in a busy run.
  const apps = new Map<string, ReturnType<typeof testApp>>();
  const withEditor = (settings: Partial<typeof editorSettings> = {}) => {
    const key = JSON.stringify(settings);
    if (!apps.has(key)) apps.set(key, testApp({ config: { nodeEnv: 'test', trustProxy: () => false, site: defaultSite, editor: { ...editorSettings, ...settings } }, editorDir }));
    return apps.get(key)!;
  };
  /** A request to the editor's origin: its Host. */
  const editor = (app: ReturnType<typeof testApp>, path: string) => supertest(app).get(path).set('host', 'admin.example.net');

  it('is off unless EDITOR_GITHUB_REPO is set: /admin is the home screen with 404, as any unknown path', async () => {
    for (const path of ['/admin', '/admin/', EDITOR_SCRIPT_PATH, EDITOR_CONFIG_PATH]) {
      const res = await supertest(testApp()).get(path);
      expect(res.status, path).toBe(404);
    }
    const res = await supertest(testApp()).get('/admin');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).not.toContain('editor.js');
  });

  it('on, is never served on the site’s origin: /admin there is an unknown path', async () => {
    const app = withEditor();
    for (const path of ['/admin', '/admin/', EDITOR_SCRIPT_PATH, EDITOR_CONFIG_PATH]) {
      const res = await supertest(app).get(path).set('host', 'www.example.com');
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('editor.js');
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
    expect([...res.text.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)).toEqual(['<script type="module" src="/admin/editor.js">']);
    const csp = cspDirectives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'blob:', 'https://api.github.com']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('on, with GitHub Enterprise Server’s API (EDITOR_GITHUB_API), lets the editor connect to that API alone and show that host’s avatars', async () => {
    const csp = cspDirectives((await editor(withEditor({ apiRoot: 'https://github.example.net/api/v3' }), '/admin/')).headers['content-security-policy']);
    // With its trailing slash, the source is every path under /api/v3/ and nothing else of the host.
    expect(csp.get('connect-src')).toEqual(["'self'", 'blob:', 'https://github.example.net/api/v3/']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://github.example.net', 'https://avatars.github.example.net']);
    const onAnIp = cspDirectives((await editor(withEditor({ apiRoot: 'https://10.0.0.7:8443' }), '/admin/')).headers['content-security-policy']);
    expect([onAnIp.get('connect-src'), onAnIp.get('img-src')]).toEqual([["'self'", 'blob:', 'https://10.0.0.7:8443'], ["'self'", 'data:', 'blob:', 'https://10.0.0.7:8443']]);
  });

  it('on, its config names the GitHub backend from the settings, and its bundle is served', async () => {
    const app = withEditor();
    const config = await editor(app, EDITOR_CONFIG_PATH);
    expect(config.status).toBe(200);
    expect(parseYaml(config.text)).toEqual({ backend: { name: 'github', repo: 'acme/site', branch: 'main', api_root: 'https://api.github.com', base_url: 'https://auth.example.org' } });
    const drafts = await editor(withEditor({ drafts: true, apiRoot: 'https://github.example.net/api/v3' }), EDITOR_CONFIG_PATH);
    expect(parseYaml(drafts.text)).toEqual({
      backend: { name: 'github', repo: 'acme/site', branch: 'main', api_root: 'https://github.example.net/api/v3', base_url: 'https://auth.example.org' },
      publish_mode: 'editorial_workflow',
    });
    const script = await editor(app, EDITOR_SCRIPT_PATH).buffer(true).parse((res, done) => {
      let length = 0;
      res.on('data', (chunk: Buffer) => (length += chunk.length));
      res.on('end', () => done(null, length));
    });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body as number).toBeGreaterThan(0);
  });

  it('on, serves the site’s stylesheet its preview draws with as a file of its own, since its origin serves nothing of the site', async () => {
    const manifest = JSON.parse(readFileSync(join(editorDir, '..', 'client', 'manifest.json'), 'utf8')) as { files: Record<string, { url: string }> };
    const stylesheet = `/admin/${basename(manifest.files['styles.css']!.url)}`;
    expect(readFileSync(join(editorDir, 'editor.js'), 'utf8')).toContain(`"styles.css":"${stylesheet}"`);
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
    expect(serverBundle()).not.toMatch(/decap/i);
  });
});
