/**
 * The editor's preview: the entry being edited drawn with the site's own
 * page (shared/ui/Page.tsx) and stylesheet, in the language being edited
 * (the one the left pane writes in), in the rest of the content as the
 * repository has it now (repository.ts), placeholders filled as on the
 * site; above it, every problem the build would stop on with the entry as
 * it stands in every language Decap holds, the same lines the save would be
 * refused with: the files written as the save writes them (savedFiles), put
 * in the repository by the save's own functions and gate (toWrite, recorded,
 * outcomeOf: a translation's record, a moved address's redirect). A
 * language's file its form cannot show as written is said so, with a link
 * to it as text. A translation behind its original says so, a line per
 * field that changed (content/keep-up.ts), until it is published brought up
 * to date. Its words: locale.ts.
 */
import { Component, useEffect, useState, type ReactNode } from 'react';
import type { PreviewTemplateComponentProps } from 'decap-cms-core';
import type { DataFile } from 'decap-cms-lib-util';
import { TEXT_FIELD, type CmsCollection, type CmsField } from '../../content/editor-config.ts';
import { standingIn, type Standing } from '../../content/keep-up.ts';
import { checkContent, fieldName, LANGUAGES_FILE, pathOf, type SourceFile } from '../../content/load.ts';
import { markdownBlocks } from '../../content/markdown-blocks.ts';
import { COLLECTIONS, type CollectionKey, type Content, type SiteContent } from '../../content/schema.ts';
import { withOriginal } from '../../content/translations.ts';
import { HOME_PATH, LEGAL_PATH, PRODUCTS_PATH, ABOUT_PATH } from '../../shared/paths.ts';
import { fillSite } from '../../shared/routes.ts';
import { pageContext, type PageContext } from '../../shared/screens/context.ts';
import type { SiteConfig } from '../../shared/site.ts';
import { Page } from '../../shared/ui/Page.tsx';
import { scriptAttributes } from '../../shared/writing.ts';
import { textLink } from './banner.tsx';
import type { Formatter } from './formats.ts';
import { filled, words, wordsLanguage } from './locale.ts';
import { outcomeOf, recorded } from './gate.ts';
import { earlierVersion, repositoryContent, repositoryEvents, toWrite } from './repository.ts';

type Data = Record<string, unknown>;

/** The content with the edited entry (complete: see `completed`) in place of the one it was loaded from (`id`: its file name), or added. */
export function withEntry(content: Content, name: CollectionKey, id: string, data: Data): { content: Content; path: string } {
  const replace = <T extends object>(list: readonly T[], idOf: (item: T) => string, entry: T) => {
    const index = list.findIndex((item) => idOf(item) === id);
    return index === -1 ? [...list, entry] : list.map((item, at) => (at === index ? entry : item));
  };
  const body = () => markdownBlocks(typeof data.body === 'string' ? data.body : '', () => undefined);
  switch (name) {
    case 'categories': {
      const category = { ...data, id } as unknown as Content['categories'][number];
      const categories = replace(content.categories, (item) => item.id, category).sort((a, b) => a.order - b.order);
      return { content: { ...content, categories }, path: `${PRODUCTS_PATH}/${category.slug}` };
    }
    case 'legal': {
      const doc = { ...data, id, body: body() } as unknown as Content['legal'][number];
      const legal = replace(content.legal, (item) => item.id, doc).sort((a, b) => a.order - b.order);
      return { content: { ...content, legal }, path: legal[0] === doc ? LEGAL_PATH : `${LEGAL_PATH}/${id}` };
    }
    case 'pages': {
      const page = { ...data, id, body: body() } as unknown as Content['pages'][number];
      return { content: { ...content, pages: replace(content.pages, (item) => item.id, page) }, path: page.path };
    }
    case 'languages':
    case 'redirects':
      return { content, path: HOME_PATH };
    default: {
      const path = { home: HOME_PATH, about: ABOUT_PATH, products: PRODUCTS_PATH, legalPage: LEGAL_PATH, hours: ABOUT_PATH, labels: ABOUT_PATH, templates: ABOUT_PATH }[name];
      return { content: { ...content, [name]: data }, path };
    }
  }
}

/** An entry of the default language's content, as its saved file has it (undefined for an entry not saved yet). */
function originalOf(content: Content, name: CollectionKey, id: string): unknown {
  switch (name) {
    case 'categories':
    case 'legal':
    case 'pages':
      return content[name].find((entry) => entry.id === id);
    case 'languages':
    case 'redirects':
      return undefined;
    default:
      return content[name];
  }
}

/** The page context of the address an entry is shown at, as the server would make it, in a content, in the language being edited. */
export function previewContext(base: SiteContent, language: string | undefined, name: CollectionKey, id: string, data: Data, site: SiteConfig, asset: (name: string) => string): PageContext {
  const index = base.editions.findIndex((edition) => edition.language.code === language);
  if (index === -1) throw new Error(`${String(language)} is not a language of ${LANGUAGES_FILE}`);
  // A translation holds only what it translates: the fields written once are its original's, as the site gives them (content/translations.ts).
  const edited = withEntry(base.editions[index]!, name, id, index === 0 ? data : (withOriginal(COLLECTIONS[name].schema, originalOf(base.editions[0]!, name, id), data) as Data));
  const { editions } = fillSite(site, { ...base, editions: base.editions.map((edition, at) => (at === index ? edited.content : edition)) });
  const { routes } = editions[index]!;
  const route = routes.find((candidate) => candidate.key === edited.path) ?? routes[0]!;
  // The preview shows a picture as uploaded, whatever its kind: the build's copies are made when the site is built.
  return pageContext(route, editions, { site, asset, picture: (file) => ({ src: asset(`art/${file}`) }) });
}

/**
 * The entry as the editor holds it, with every field it lacks while being
 * written (a new entry, an emptied list) given an empty value of its kind,
 * so the screens can draw it.
 */
export function completed(fields: readonly CmsField[], value: unknown): Data {
  const data = (value && typeof value === 'object' ? value : {}) as Data;
  return Object.fromEntries(fields.map((field) => [field.name, completedField(field, data[field.name])]));
}

function completedField(field: CmsField, value: unknown): unknown {
  if (field.widget === 'object') return completed(field.fields ?? [], value);
  if (field.widget === 'list' || (field.widget === 'select' && field.multiple)) {
    const items = Array.isArray(value) ? value : [];
    return field.fields ? items.map((item) => completed(field.fields!, item)) : field.field ? items.map((item) => completedField(field.field!, item)) : items;
  }
  if (value !== undefined && value !== null) return value;
  if (field.required === false) return null;
  return field.widget === 'number' ? 0 : '';
}

/** What a screen throws while an entry is half written is shown in the preview, not Decap's error page. */
class PreviewBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="page">
        <p className="notice" role="status" lang={wordsLanguage} dir={words.direction}>
          {filled(words.preview.cannotDraw, { why: this.state.error.message })}
        </p>
      </main>
    );
  }
}

/** How long typing pauses before the entry is checked again. */
const CHECK_AFTER_MS = 300;

/** A file as a save hands it over: where it goes and what it holds. */
export interface SavedFile {
  path: string;
  slug: string;
  raw: string;
}

/**
 * The files a save of an entry writes, as Decap writes them (its backend's
 * entryToRaw): each language's fields through the collection's format, the
 * form's fields first in their order, a line end last.
 */
export function savedFiles(collection: Pick<CmsCollection, 'key' | 'i18n'>, fields: readonly CmsField[], format: Formatter, id: string, held: ReadonlyMap<string | undefined, Data>): SavedFile[] {
  const order = fields.map((field) => field.name);
  return [...held].map(([code, values]) => {
    const raw = format.toFile(values, order);
    return { path: pathOf({ collection: collection.key, id, ...(collection.i18n && { language: code }) }), slug: id, raw: raw.endsWith('\n') ? raw : `${raw}\n` };
  });
}

/** A picture's bytes: the repository's, else Decap's (one chosen and not saved yet, which the save writes with the entry). */
type PictureOf = (name: string) => Promise<Uint8Array | undefined>;

/** Every problem the build would stop on once these files are saved, on the repository as last read: the save's own steps and its gate (repository.ts, gate.ts). */
async function problemsIfSaved(edited: readonly SavedFile[], repository: { files: SourceFile[] }, picture: PictureOf): Promise<string[]> {
  const saved = await recorded(repository.files, toWrite(edited, new Set(repository.files.map((file) => file.path))));
  return (await outcomeOf(repository.files, { saved: saved as DataFile[] }, picture)).found;
}

/** The pictures of the repository as read, and those chosen in Decap and not saved yet (while Decap reads a picture of the repository, it holds an empty one). */
function pictureFrom(getAsset: PreviewTemplateComponentProps['getAsset'], art: ReadonlyMap<string, Uint8Array>): PictureOf {
  return async (name) => {
    if (art.has(name)) return art.get(name);
    const file = getAsset(name)?.fileObj;
    return file && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : undefined;
  };
}

/**
 * A preview template for one collection (CMS.registerPreviewTemplate).
 * Decap 3.19 hands it the language of the left pane as `locale` (beside its
 * documented props: decap-cms-core's EditorPreviewPane; decap-cms#7523), with `entry` holding
 * that language's fields as `data` and the translations' as `i18n`.
 */
export function previewOf(collection: CmsCollection, format: Formatter, site: SiteConfig, assets: Record<string, string>, defaultLanguage: string) {
  const fields = collection.fields ?? collection.files?.[0]?.fields ?? [];
  // A new entry's file is named when it is saved: after a field (a category's address), or its title.
  const slugField = /^\{\{fields\.(\w+)\}\}$/.exec(collection.slug ?? '')?.[1];
  return function Preview({ entry, document, getAsset, locale }: PreviewTemplateComponentProps & { locale?: unknown }) {
    // A collection written once (languages.yaml, redirects.yaml) is the default language's.
    const language = collection.i18n ? (typeof locale === 'string' ? locale : undefined) : defaultLanguage;
    // Decap hands the entry as Immutable.js maps; toJS is their documented way out.
    const shown = (entry.get('data')?.toJS() ?? {}) as Data;
    const data = completed(fields, shown);
    const named = slugField && typeof shown[slugField] === 'string' ? shown[slugField] : '';
    const id = collection.files ? collection.key : String(entry.get('slug') || named || 'new-entry');
    const translations = Object.entries((entry.get('i18n')?.toJS() ?? {}) as Record<string, { data?: Data }>).flatMap(([code, draft]) => (draft.data ? [[code, draft.data] as const] : []));
    const held = new Map<string | undefined, Data>([...translations, [language, shown]]);
    // Each language's file whose form cannot show it: the form does not change it, and it opens as text.
    const asText = [...held].flatMap(([code, values]) => (typeof values[TEXT_FIELD] === 'string' ? [pathOf({ collection: collection.key, id, ...(collection.i18n && { language: code }) })] : []));
    const key = JSON.stringify([...held]);
    const [state, setState] = useState<{ base?: SiteContent; problems?: string[]; keepUp?: { file: string; standing: Standing } }>({});
    // A save changes what a translation records: the entry is looked at again after each.
    const [saves, setSaves] = useState(0);
    useEffect(() => {
      const saved = () => setSaves((count) => count + 1);
      repositoryEvents.addEventListener('saved', saved);
      return () => repositoryEvents.removeEventListener('saved', saved);
    }, []);

    useEffect(() => {
      let current = true;
      const timer = setTimeout(async () => {
        const repository = await repositoryContent();
        if (!repository || !current) return;
        const all = new Map(held);
        if (collection.i18n && !all.has(defaultLanguage)) {
          const saved = repository.files.find((file) => file.path === pathOf({ collection: collection.key, id, language: defaultLanguage }));
          // Decap hands the preview the language shown; the original is the repository's (what a translation has of it, it has from there).
          if (saved) all.set(defaultLanguage, format.fromFile(saved.text));
        }
        const problems = await problemsIfSaved(savedFiles(collection, fields, format, id, all), repository, pictureFrom(getAsset, repository.art));
        // A translation against its original, as the repository has them.
        const ref = { collection: collection.key, id, language };
        const standing = collection.i18n && language && language !== defaultLanguage ? await standingIn(repository.files, ref, defaultLanguage, earlierVersion) : undefined;
        const keepUp = standing && { file: pathOf({ ...ref, language: defaultLanguage }), standing };
        if (current) setState({ base: checkContent(repository).content, problems, keepUp });
      }, CHECK_AFTER_MS);
      return () => {
        current = false;
        clearTimeout(timer);
      };
      // `held` is new at each drawing; `key` changes only with what it holds.
    }, [key, saves]);

    // A picture of content/art comes from the repository (or the upload not yet saved), through Decap; the rest from the build.
    const asset = (source: string) => (source.startsWith('art/') ? String(getAsset(source.slice('art/'.length))) : (assets[source] ?? `/assets/${source}`));
    const { base, problems } = state;
    return (
      <>
        {asText.map((path) => (
          <AsText key={path} path={path} />
        ))}
        {problems && problems.length > 0 ? <Problems problems={problems} /> : null}
        {state.keepUp ? <KeepUp {...state.keepUp} collection={collection.name} /> : null}
        {typeof shown[TEXT_FIELD] === 'string' ? null : base ? (
          // A new boundary for each version of the entry: the next keystroke may well draw.
          <PreviewBoundary key={`${String(language)} ${JSON.stringify(data)}`}>
            <EntryPage ctx={() => previewContext(base, language, collection.key, id, data, site, asset)} document={document} />
          </PreviewBoundary>
        ) : (
          <p className="notice" role="status" lang={wordsLanguage} dir={words.direction}>
            {problems ? words.preview.waiting : words.preview.reading}
          </p>
        )}
      </>
    );
  };
}

/**
 * The preview of a file opened as its text (the hidden text collections):
 * the lines the save would be refused with as it is typed, found as a
 * form's are; or that the site accepts it.
 */
export function textPreview({ entry, getAsset }: PreviewTemplateComponentProps) {
  const path = String(entry.get('path') ?? '');
  const text = String(entry.getIn(['data', 'text']) ?? '');
  const [problems, setProblems] = useState<string[] | undefined>();
  useEffect(() => {
    let current = true;
    const timer = setTimeout(async () => {
      const repository = await repositoryContent();
      if (!repository || !current) return;
      const raw = text.endsWith('\n') ? text : `${text}\n`;
      const found = await problemsIfSaved([{ path, slug: path, raw }], repository, pictureFrom(getAsset, repository.art));
      if (current) setProblems(found);
    }, CHECK_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [path, text]);
  if (!problems) return <p className="notice" role="status" lang={wordsLanguage} dir={words.direction}>{words.preview.reading}</p>;
  return problems.length > 0 ? <Problems problems={problems} /> : <p className="notice" role="status" lang={wordsLanguage} dir={words.direction}>{words.preview.accepted}</p>;
}

/** A file its form cannot show as written, and the link that opens it as text (in the editor's window: the preview is a frame of it). */
function AsText({ path }: { path: string }) {
  const link = textLink(path);
  return (
    <div className="notice" role="alert" lang={wordsLanguage} dir={words.direction}>
      <p>
        {filled(words.preview.asText, { file: path })}{' '}
        {link ? (
          <a href={new URL(link, window.location.href).href} target="_top">
            {words.preview.openAsText}
          </a>
        ) : null}
      </p>
    </div>
  );
}

/** A field as the owner knows it: its label in the owner's words, then where it is in the file (headings[0].items[1]), left to right; one no form shows, by that place alone. */
function FieldShown({ collection, field }: { collection: string; field: ReadonlyArray<string | number> }) {
  const label = words.fields[collection]?.[field.filter((part) => typeof part === 'string').join('.')]?.label;
  const path = <code dir="ltr">{fieldName([...field])}</code>;
  return label ? <>{filled(words.preview.fieldAt, { label, path })}</> : path;
}

/** A translation behind its original, or not recorded: nothing for one up to date, or one not begun. */
function KeepUp({ file, standing, collection }: { file: string; standing: Standing; collection: string }) {
  if (standing.state === 'up to date' || standing.state === 'missing') return null;
  const heading = { 'not recorded': words.preview.notRecorded, behind: standing.state === 'behind' && standing.changes ? words.preview.behind : words.preview.behindUnread }[standing.state];
  return (
    <div className="notice" role="status" lang={wordsLanguage} dir={words.direction}>
      <p>{filled(heading, { file: <code dir="ltr">{file}</code> })}</p>
      {standing.state === 'behind' && standing.changes ? (
        <ul>
          {standing.changes.map((change) => (
            <li key={fieldName(change.field)}>
              {/* The field, and the original's words in their language, each kept in its own direction within the line. */}
              {filled(words.preview.changed, { field: <FieldShown collection={collection} field={change.field} />, was: <bdi>{change.was}</bdi>, now: <bdi>{change.now}</bdi> })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The problem lines, as the build and a refused save print them. */
function Problems({ problems }: { problems: readonly string[] }) {
  return (
    <div className="notice" role="alert" lang={wordsLanguage} dir={words.direction}>
      <p>
        <strong>{words.preview.notReady}</strong>
      </p>
      <ul>
        {problems.map((line) => (
          <li key={line}>
            <code lang="en" dir="ltr">
              {line}
            </code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The page, inside the boundary: making its context can throw too. */
function EntryPage({ ctx: makeContext, document }: { ctx: () => PageContext; document: Document }) {
  const ctx = makeContext();
  const { language } = ctx.content;
  // The stylesheet styles the page by its body's class, and sets it by its language's direction and script, as render.tsx and Document.tsx set them.
  useEffect(() => {
    const root = document.documentElement;
    document.body.className = `chrome-${ctx.route.chrome}`;
    root.lang = language.code;
    for (const name of ['dir', 'data-script', 'data-letters', 'data-digits']) root.removeAttribute(name);
    for (const [name, value] of Object.entries(scriptAttributes(language))) root.setAttribute(name, value);
  }, [document, ctx.route.chrome, language]);
  return <Page ctx={ctx} />;
}
