/**
 * A write as the whole site would be after it: what every write of the
 * editor passes before it is made (repository.ts). Given the repository's
 * content files as they are and a change (files saved, pictures uploaded,
 * files removed), it works out the content after the change, what that
 * change does to the addresses (redirects.yaml: an address that moved
 * leaves a redirect behind, and so does a page removed, to the nearest page
 * above it; every page's address is published), the
 * build's own check of the result (check-edited.ts), and the pictures the change
 * leaves unused (a picture replaced in an entry is removed with it). A
 * translation saved records the version of its original it translates
 * (recorded).
 */
import type { AssetProxy, DataFile } from 'decap-cms-lib-util';
import { blobId, recordOf, withRecord } from '../../content/keep-up.ts';
import { checkContent, entryOf, pathOf, picturesNamed, REDIRECTS_FILE, type Checked, type SourceFile } from '../../content/load.ts';
import { ART_FOLDER } from '../../content/art.ts';
import { publish, recordRename } from '../../content/redirects.ts';
import { COLLECTIONS, type CollectionKey, type Redirects } from '../../content/schema.ts';
import { problemsBrought } from '../../shared/site-check.ts';
import { HOME_PATH } from '../../shared/paths.ts';
import { fillSite } from '../../shared/routes.ts';
import { siteOf } from './check-edited.ts';
import { formatter } from './formats.ts';
import { setup } from './setup.ts';

/** A change the gate is asked about: files saved (with the pictures saved with them), or files removed (entries or pictures). */
export interface Change {
  saved?: readonly DataFile[];
  assets?: readonly AssetProxy[];
  removed?: readonly string[];
  /**
   * Whether it writes to the live site (a save, an upload, a delete, a draft published), with
   * what it does to redirects.yaml (`alongside`) and its unused pictures removed; not a draft
   * saved on its branch, which is checked as if published but writes its own files only.
   */
  live?: boolean;
}

export interface Outcome {
  /** What the build would stop on after the change that it would not have stopped on before, one line each; none when it may be written. */
  problems: string[];
  /** Everything the build would stop on after the change, what was broken before included: what the preview lists. */
  found: string[];
  /** Files written with the change to the live site: redirects.yaml, when the change moved, removed or added a page. */
  alongside: DataFile[];
  /** Pictures of content/art that the change leaves named by nothing, which were named before it. */
  unused: string[];
}

/** Reads a picture's bytes by its name in content/art; undefined when it is not there. */
export type PictureReader = (name: string) => Promise<Uint8Array | undefined>;

/** The files with a save's files put in: a new or changed file in place, a moved one at its new path only. */
export function withSaved(files: readonly SourceFile[], saved: readonly DataFile[]): SourceFile[] {
  const replaced = new Set(saved.flatMap((file) => [file.path, file.newPath ?? file.path]));
  return [...files.filter((file) => !replaced.has(file.path)), ...saved.map((file) => ({ path: file.newPath ?? file.path, text: file.raw }))];
}

/** The format the editor reads and writes a collection's files in (formats.ts). */
function formatOf(key: CollectionKey) {
  return formatter(setup.formats.find((candidate) => candidate.name === setup.collections.find((collection) => collection.key === key)!.format)!);
}

/**
 * A save's files, each translation among them recording the version of its
 * original it translates (content/keep-up.ts): one whose words the save
 * changes or begins records its original as the save leaves it (the owner
 * who saved it has brought it up to date); one it leaves as it was keeps the
 * record it had, as Decap writes every language's file at each save and its
 * form never holds the record.
 */
export async function recorded<T extends { path: string; raw: string; newPath?: string }>(repository: readonly SourceFile[], saved: readonly T[]): Promise<T[]> {
  const after = withSaved(repository, saved as unknown as DataFile[]);
  const original = setup.i18n.default_locale;
  return Promise.all(
    saved.map(async (file) => {
      const ref = entryOf(file.newPath ?? file.path);
      if (!ref?.language || ref.language === original) return file;
      const markdown = COLLECTIONS[ref.collection].format === 'markdown';
      const format = formatOf(ref.collection);
      const before = repository.find((candidate) => candidate.path === file.path);
      if (before && sameData(format.fromFile(before.text), format.fromFile(file.raw))) {
        const kept = recordOf(before.text, markdown);
        return kept ? { ...file, raw: withRecord(file.raw, kept, markdown) } : file;
      }
      const originalFile = after.find((candidate) => candidate.path === pathOf({ ...ref, language: original }));
      return originalFile ? { ...file, raw: withRecord(file.raw, await blobId(originalFile.text), markdown) } : file;
    }),
  );
}

/** Whether two files' fields say the same, whatever their order, and a text whatever blank lines end it. */
function sameData(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown => {
    if (typeof value === 'string') return value.trimEnd();
    if (Array.isArray(value)) return value.map(canonical);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([key, item]) => [key, canonical(item)]),
    );
  };
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** The site after `change` to the `repository`'s files, checked as the build checks it. */
export async function outcomeOf(repository: readonly SourceFile[], { saved = [], assets = [], removed = [] }: Change, read: PictureReader): Promise<Outcome> {
  let after = withSaved(
    repository.filter((file) => !removed.includes(file.path)),
    saved,
  );
  const gone = new Set(removed.flatMap((path) => (path.startsWith(`${ART_FOLDER}/`) ? [path.slice(ART_FOLDER.length + 1)] : [])));
  const namedBefore = picturesNamed(repository);
  const art = await pictures([...new Set([...namedBefore, ...picturesNamed(after)])].filter((name) => !gone.has(name)), assets, read);

  const alongside: DataFile[] = [];
  const redirectsFile = after.find((file) => file.path === REDIRECTS_FILE);
  const format = formatter(setup.formats.find((candidate) => candidate.name === setup.collections.find((collection) => collection.key === 'redirects')!.format)!);
  /** Writes the redirects alongside the change; whether they differ from the file's. */
  const rewrite = (data: Redirects) => {
    const raw = format.toFile(data as unknown as Record<string, unknown>, ['redirects', 'published']);
    if (raw === redirectsFile?.text) return false;
    const file = { path: REDIRECTS_FILE, raw, slug: 'redirects' } as DataFile;
    alongside.splice(0, alongside.length, file);
    after = withSaved(after, [file]);
    return true;
  };
  let redirects = redirectsFile && (format.fromFile(redirectsFile.text) as unknown as Redirects);
  // The content after the change, read once (the most of a check's time), and again only if a redirect is added to it.
  let checked = checkContent({ files: after, art });

  // An address that moved (the same entry at another address) leaves a redirect behind, in the same write; a
  // published page removed leaves one to the nearest page above its address (a category's: the products page).
  // Every page's address is published as it goes live, so that the build can tell one that vanishes.
  if (redirects) {
    const before = addressesOf(checkContent({ files: repository, art }));
    const now = addressesOf(checked);
    const pages = new Set(now.values());
    const moved = [...now].filter(([source, address]) => before.has(source) && before.get(source) !== address);
    const published = new Set(redirects.published);
    const vanished = [...before].filter(([source, address]) => !now.has(source) && !pages.has(address) && published.has(address));
    for (const [source, address] of moved) redirects = recordRename(redirects, before.get(source)!, address);
    for (const [, address] of vanished) redirects = recordRename(redirects, address, nearestPage(address, pages));
    redirects = publish(redirects, [...pages]);
    if (rewrite(redirects)) checked = checkContent({ files: after, art });
  }
  const { problems: found } = await siteOf(checked);
  // A content broken before the change is mended one change at a time: what the change brings is what refuses it.
  const problems = found.length === 0 ? found : problemsBrought((await siteOf(checkContent({ files: repository, art: await pictures(namedBefore, [], read) }))).problems, found);
  const namedAfter = new Set(picturesNamed(after));
  return { problems, found, alongside, unused: namedBefore.filter((name) => !namedAfter.has(name) && !gone.has(name)) };
}

/** Each page's address in the default language, by the entry it is made from: what tells an address that moved. */
function addressesOf({ content }: Checked): Map<string, string> {
  if (!content) return new Map();
  // The words are not what is looked at here: the settings the preview fills them with will do.
  const [edition] = fillSite(setup.site, content).editions;
  return new Map(edition!.routes.map((route) => [`${route.source.collection}/${route.source.id}`, route.key]));
}

/** The nearest page above an address among `pages` (/products for /products/fuel, /legal for /legal/privacy), else the home page. */
export function nearestPage(address: string, pages: ReadonlySet<string>): string {
  for (let end = address.lastIndexOf('/'); end > 0; end = address.lastIndexOf('/', end - 1)) {
    if (pages.has(address.slice(0, end))) return address.slice(0, end);
  }
  return HOME_PATH;
}

/** The bytes of the named pictures: those saved with the change, else the repository's; a missing one is left out (the check says so). */
async function pictures(names: readonly string[], assets: readonly AssetProxy[], read: PictureReader): Promise<Map<string, Uint8Array>> {
  const found = await Promise.all(
    names.map(async (name): Promise<[string, Uint8Array] | undefined> => {
      const asset = assets.find((candidate) => candidate.path === `${ART_FOLDER}/${name}`);
      const bytes = asset?.fileObj ? new Uint8Array(await asset.fileObj.arrayBuffer()) : await read(name);
      return bytes ? [name, bytes] : undefined;
    }),
  );
  return new Map(found.filter((pair) => pair !== undefined));
}
