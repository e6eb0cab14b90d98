/**
 * The repository as the editor reads and writes it: the backend Decap makes
 * from config.yml (the local one in `npm run dev`, GitHub in production),
 * with the content check in front of every write. Before a save, an upload
 * or a delete reaches the backend, the files of content/words and the
 * pictures the categories name are read from the repository as it is now,
 * the change is put in (a save: the file of every language Decap writes,
 * but a translation not begun, toWrite), and the build's own check runs on
 * the result (check-edited.ts); if it finds anything, nothing is written or committed and the
 * save fails with the problem lines, which Decap shows. A read or write the
 * git host refuses for the sign-in (401: the token ran out or was withdrawn),
 * and a sign-in the OAuth proxy reports as failed, are told to the banner in
 * words (locale.ts). Decision: docs/decisions/0005-browser-editor.md.
 */
import type { AssetProxy, DataFile, Implementation, ImplementationClass, ImplementationMediaFile } from 'decap-cms-lib-util';
import type { CmsField } from '../../content/editor-config.ts';
import { ART_FOLDER, entryOf, picturesNamed, type SourceFile } from '../../content/load.ts';
import { uploadProblem } from '../../content/picture-problems.ts';
import type { ReadVersion } from '../../content/keep-up.ts';
import { contentProblems } from './check-edited.ts';
import { outcomeOf, recorded, type Change, type Outcome, type PictureReader } from './gate.ts';
import { blobIds, BranchMoved, branchThere, commitToBranch, DraftGone, readBlob, readBlobBytes, type GitHubRepository } from './github.ts';
import type { WriteLock } from './write-lock.ts';
import { formatter } from './formats.ts';
import { notices, OwnersError } from './locale.ts';
import { setup } from './setup.ts';

/** A save, upload or delete the content check refused: its message, in the owner's language, is the notice and the problem lines. */
export class ContentRefused extends OwnersError {
  constructor(readonly problems: readonly string[]) {
    super('ContentRefused', `${notices.refused}\n${problems.join('\n')}`);
  }
}

/** A save that would undo a change saved since its entry was opened (in another tab, or by someone else): nothing is written. */
export class ChangedElsewhere extends OwnersError {
  constructor(readonly files: readonly string[]) {
    super('ChangedElsewhere', `${notices.changedElsewhere}\n${files.join('\n')}`);
  }
}

/** A read or write the git host refused because it no longer accepts the sign-in: the owner must sign in again. */
export class SignInRejected extends OwnersError {
  constructor() {
    super('SignInRejected', notices.signedOutShort);
  }
}

/** The HTTP status a backend's error carries (decap-cms-lib-util's APIError has one), if any. */
function statusOf(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** `work`, with a 401 from the git host told to the banner and thrown as SignInRejected, whose message Decap's notice shows. */
async function withSignIn<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (statusOf(error) !== 401) throw error;
    repositoryEvents.dispatchEvent(new Event('signedOut'));
    throw new SignInRejected();
  }
}

/** Every file of the content collections, as the repository has it: each folder listed once (every single file's collection lists content/words). */
async function contentFiles(backend: Implementation): Promise<SourceFile[]> {
  const folders = new Map(setup.collections.flatMap((collection) => (collection.folder ? [[`${collection.folder}.${collection.extension}`, collection] as const] : [])));
  const files = setup.collections.flatMap((collection) => collection.files ?? []);
  const entries = await Promise.all([
    backend.entriesByFiles(files.map((file) => ({ path: file.file }))),
    ...[...folders.values()].map(({ folder, extension }) =>
      // GitHub lists a folder a page at a time unless asked for all of it; the local backend has no pages.
      backend.allEntriesByFolder ? backend.allEntriesByFolder(folder!, extension, 1) : backend.entriesByFolder(folder!, extension, 1),
    ),
  ]);
  const byPath = new Map(entries.flat().map((entry) => [entry.file.path, { path: entry.file.path, text: entry.data }]));
  return [...byPath.values()];
}

/**
 * What a save writes of the files Decap hands over, one per language: all
 * but a translation not begun, a language's file that is not in the
 * repository yet and holds nothing of its own (Decap writes every language
 * of a new entry, with the fields its form had by default). That page is then not in that language, as when its file is
 * missing, which the content check allows. A language's file that moves
 * (a new address) and is not there yet is written where it goes.
 */
export function toWrite<T extends { path: string; raw: string; newPath?: string }>(saved: readonly T[], existing: ReadonlySet<string>): T[] {
  return saved.flatMap((file) => {
    if (existing.has(file.path)) return [file];
    const entry = entryOf(file.path);
    const collection = setup.collections.find((candidate) => candidate.key === entry?.collection);
    const format = setup.formats.find((candidate) => candidate.name === collection?.format);
    if (entry?.language && entry.language !== setup.i18n.default_locale && collection && format) {
      const fields = collection.fields ?? collection.files?.[0]?.fields ?? [];
      if (!begun(fields, formatter(format).fromFile(file.raw))) return [];
    }
    if (file.newPath === undefined) return [file];
    const { newPath, ...rest } = file;
    return [{ ...rest, path: newPath } as T];
  });
}

/** Whether a translation holds anything of its own: a field written in each language (not copied) with a value. */
function begun(fields: readonly CmsField[], data: Record<string, unknown>): boolean {
  return fields.some((field) => {
    if (field.i18n === false) return false;
    const value = data[field.name];
    if (field.widget === 'object') return begun(field.fields ?? [], value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
    return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== '';
  });
}

/**
 * The one backend Decap made (its constructor sets it), with its readers: of content/art as the repository has it
 * now, made afresh for each read of the repository and each write, and of a file's earlier versions.
 */
let opened: { backend: Implementation; pictures: () => PictureReader; versions: ReadVersion } | undefined;
let read: Promise<{ files: SourceFile[]; art: Map<string, Uint8Array> }> | undefined;
/**
 * Each file of an entry as this tab's form was opened on it, or as this tab last saved it; null where it was not there.
 * Decap saves the whole form over the file, so a save is refused if the file has changed since (changedSince).
 */
const asOpened = new Map<string, string | null>();
let signedIn = false;

/**
 * What happens to the repository, for the banner (banner.tsx): `opened` once
 * the editor may read it (signed in), `saved` after a write, `refused` with
 * the problems of a change the check refused (its `detail`).
 */
export const repositoryEvents = new EventTarget();

/**
 * The backend Decap made, with the check in front of its writes: what the
 * media library (media-library.tsx) lists, uploads and deletes pictures
 * through. Undefined before Decap has made it.
 */
export function editorBackend(): Implementation | undefined {
  return opened?.backend;
}

/** Whether the editor may read the repository yet: the `opened` event has been sent (a banner that starts later asks this). */
export function repositoryOpened(): boolean {
  return signedIn;
}

/** The repository's files and the pictures they name, read once until the next write; undefined before Decap has made a backend. */
export async function repositoryContent(): Promise<{ files: SourceFile[]; art: Map<string, Uint8Array> } | undefined> {
  if (!opened) return undefined;
  const { backend, pictures } = opened;
  read ??= withSignIn(() => contentFiles(backend).then(async (files) => ({ files, art: await picturesOf(pictures(), picturesNamed(files)) })));
  // A failed read is tried again next time, not kept.
  return read.catch((error: unknown) => {
    read = undefined;
    throw error;
  });
}

/**
 * An earlier version of a file of the repository, by the id git gives it
 * (content/keep-up.ts): from GitHub's, or the local backend's git; undefined
 * where it cannot be read.
 */
export async function earlierVersion(id: string): Promise<string | undefined> {
  return opened?.versions(id).catch(() => undefined);
}

/** The problems of the content as the repository has it now (the banner shows them when the editor opens and after each save). */
export async function repositoryProblems(): Promise<string[] | undefined> {
  const repository = await repositoryContent();
  return repository && contentProblems(repository.files, repository.art);
}

/** The bytes of a picture of content/art through the backend (the local one's), or undefined when it is not there (one that could not be read is thrown). */
async function pictureBytes(backend: Implementation, name: string): Promise<Uint8Array | undefined> {
  try {
    const { file } = await backend.getMediaFile(`${ART_FOLDER}/${name}`);
    return file ? new Uint8Array(await file.arrayBuffer()) : undefined;
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
}

/**
 * The bytes of the pictures GitHub has, by their git blob id: what a blob id
 * names never changes, so a picture is fetched once a session, not at every
 * save's check and the banner's read after it. Only the ids the last listing
 * of content/art showed are kept (a replaced picture's bytes go).
 */
const blobs = new Map<string, Uint8Array>();

/** content/art on GitHub as it is now: listed once (a name's blob id), each picture fetched only when its blob id is new. */
function gitHubPictures(repository: GitHubRepository): PictureReader {
  let listed: Promise<Map<string, string>> | undefined;
  return async (name) => {
    listed ??= blobIds(repository, ART_FOLDER).then((ids) => {
      const current = new Set(ids.values());
      for (const id of blobs.keys()) if (!current.has(id)) blobs.delete(id);
      return ids;
    });
    const id = (await listed).get(name);
    if (!id) return undefined;
    const bytes = blobs.get(id) ?? (await readBlobBytes(repository, id));
    if (bytes) blobs.set(id, bytes);
    return bytes;
  };
}

/** The files of a save that the repository no longer holds as this tab opened them: saving over them would undo another's change. */
export function changedSince(repository: readonly SourceFile[], saved: readonly { path: string }[], opened: ReadonlyMap<string, string | null>): string[] {
  return saved.flatMap(({ path }) => {
    if (!opened.has(path)) return [];
    const now = repository.find((file) => file.path === path)?.text ?? null;
    return now === opened.get(path) ? [] : [path];
  });
}

/** The named pictures that are there, by name. */
async function picturesOf(read: PictureReader, names: readonly string[]): Promise<Map<string, Uint8Array>> {
  const found = await Promise.all(names.map(async (name) => [name, await read(name)] as const));
  return new Map(found.flatMap(([name, bytes]) => (bytes ? [[name, bytes] as const] : [])));
}

let watchingSignIn = false;

/**
 * Tells the banner of a sign-in the OAuth proxy at `authUrl` reports as failed
 * (the handshake Decap's GitHub backend runs with the popup:
 * "authorization:github:error:{…}"). Decap shows the error's `message`, but
 * many proxies pass GitHub's error on as it came (`error`,
 * `error_description`), and Decap then shows nothing at all.
 */
function watchSignIn(authUrl: string | undefined): void {
  if (!authUrl || watchingSignIn) return;
  watchingSignIn = true;
  const origin = new URL(authUrl).origin;
  window.addEventListener('message', (event) => {
    const failed = event.origin === origin && typeof event.data === 'string' ? /^authorization:\w+:error:(.*)$/s.exec(event.data) : null;
    if (failed) repositoryEvents.dispatchEvent(new CustomEvent('signInFailed', { detail: reasonOf(failed[1]!) }));
  });
}

/** The words a proxy's error holds, in the order proxies put them there; its text as it came if it is not JSON. */
function reasonOf(error: string): string {
  try {
    const parsed = JSON.parse(error) as Record<string, unknown>;
    const said = [parsed.message, parsed.error_description, parsed.error].find((value) => typeof value === 'string' && value.trim());
    return typeof said === 'string' ? said : '';
  } catch {
    return error;
  }
}

/** A media file whose blob has no type, given image/svg+xml if it is an SVG (and a new URL for it). */
function typed<T extends ImplementationMediaFile>(media: T): T {
  if (!media.file || media.file.type || !media.name.endsWith('.svg')) return media;
  const file = new File([media.file], media.name, { type: 'image/svg+xml' });
  const url = URL.createObjectURL(file);
  return { ...media, file, url, displayURL: url };
}

/**
 * A Decap backend with the gate in front of its writes (registered in place
 * of the backend itself, start.tsx): each write, under the lock `lockOf`
 * makes (write-lock.ts), reads the repository as it is, works out the site
 * after it (gate.ts) and is made only if the build's check finds nothing,
 * with what the change does to redirects.yaml in the same write and the
 * pictures it leaves unused removed after it; else nothing is written and
 * the save fails with the check's lines.
 */
export function checked(Backend: ImplementationClass, lockOf: (repository: GitHubRepository) => WriteLock): ImplementationClass {
  return class CheckedBackend extends Backend {
    // Named apart from the backend's own fields (Decap's GitHub backend has a `token` and a `lock` of its own).
    private gateToken: string | undefined;
    private readonly gateRepository: GitHubRepository;
    private readonly gateLock: WriteLock;
    private readonly gatePictures: () => PictureReader;
    /** The local backend's address (npm run dev); undefined on GitHub. */
    private readonly gateProxy: string | undefined;

    constructor(config: unknown, options?: unknown) {
      super(config, options);
      read = undefined;
      const backend = (config as { backend?: { name?: string; base_url?: string; api_root?: string; repo?: string; branch?: string; proxy_url?: string } }).backend ?? {};
      watchSignIn(backend.base_url);
      this.gateRepository = { apiRoot: backend.api_root ?? 'https://api.github.com', repo: backend.repo ?? '', branch: backend.branch ?? 'main', token: () => this.gateToken };
      const proxy = (this.gateProxy = backend.proxy_url);
      const versions: ReadVersion = proxy
        ? async (id) => {
            const response = await fetch(proxy, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'readVersion', params: { id } }) });
            return response.ok ? (((await response.json()) as { text: string | null }).text ?? undefined) : undefined;
          }
        : (id) => readBlob(this.gateRepository, id);
      // The local backend offers no picture's id without its bytes (its getMedia sends every picture whole), and a read on this machine is cheap: read afresh each time.
      this.gatePictures = proxy ? () => (name) => pictureBytes(this, name) : () => gitHubPictures(this.gateRepository);
      this.gateLock = lockOf(this.gateRepository);
      // The one backend Decap makes, for the banner and the preview to read the repository through.
      opened = { backend: this, pictures: this.gatePictures, versions };
    }

    override async authenticate(credentials: unknown) {
      this.gateToken = (credentials as { token?: string } | null)?.token;
      return this.signedIn(super.authenticate(credentials));
    }

    override async restoreUser(user: unknown) {
      this.gateToken = (user as { token?: string } | null)?.token;
      return this.signedIn(super.restoreUser(user));
    }

    /** Once signed in (again), the repository can be read: the banner checks it. */
    private async signedIn<T>(user: Promise<T>): Promise<T> {
      const result = await user;
      signedIn = true;
      repositoryEvents.dispatchEvent(new Event('opened'));
      return result;
    }

    // The local backend hands pictures over as blobs without a type, and an SVG without its type is not drawn (browsers do not sniff SVG).
    override async getMediaFile(path: string) {
      return typed(await super.getMediaFile(path));
    }

    override async getMedia(mediaFolder?: string) {
      return (await super.getMedia(mediaFolder)).map(typed);
    }

    override async getEntry(path: string) {
      const entry = await super.getEntry(path);
      asOpened.set(path, entry.data || null);
      return entry;
    }

    // A save, a new entry, a renamed one, a draft (EDITOR_DRAFTS: on its branch, the live site untouched until it is published).
    override async persistEntry(entry: { dataFiles: DataFile[]; assets: AssetProxy[] }, options: Record<string, unknown>) {
      const live = !options.useWorkflow;
      return this.gate(
        async (repository) => {
          // A draft is merged by git, which refuses a change made to the same lines meanwhile; a new entry's address, Decap checks.
          const changed = live && !options.newEntry ? changedSince(repository, entry.dataFiles, asOpened) : [];
          if (changed.length > 0) {
            repositoryEvents.dispatchEvent(new CustomEvent('changedElsewhere', { detail: changed }));
            throw new ChangedElsewhere(changed);
          }
          return { saved: await recorded(repository, toWrite(entry.dataFiles, new Set(repository.map((file) => file.path)))), assets: entry.assets, live };
        },
        // A draft's branch holds its entry's files alone (Decap reads them back as the entry): redirects.yaml goes with its publishing.
        async ({ saved = [] }, { alongside }) => {
          const result = await super.persistEntry({ ...entry, dataFiles: live ? [...saved, ...alongside] : [...saved] }, options);
          // The form now shows what was saved: a file moved by a new address is there no longer.
          if (!live) return result;
          for (const file of saved) {
            if (file.newPath) asOpened.set(file.path, null);
            asOpened.set(file.newPath ?? file.path, file.raw);
          }
          return result;
        },
      );
    }

    // An upload under Media or from a picture field, or one written over another of its name.
    override async persistMedia(file: AssetProxy, options: Record<string, unknown>) {
      const name = file.path.slice(file.path.lastIndexOf('/') + 1);
      const problem = !file.path.startsWith(`${ART_FOLDER}/`) || !file.fileObj ? `${file.path} is not a picture of ${ART_FOLDER}` : uploadProblem(name, new Uint8Array(await file.fileObj.arrayBuffer()));
      if (problem) this.refuse([problem]);
      return this.gate(
        () => ({ assets: [file], live: true }),
        () => super.persistMedia(file, options),
      );
    }

    // An entry in every language, or a picture.
    override async deleteFiles(paths: string[], commitMessage: string) {
      return this.gate(
        // Decap deletes an entry in every language, whether its file is there or not: only those that are.
        (repository) => ({ removed: paths.filter((path) => !entryOf(path) || repository.some((file) => file.path === path)), live: true }),
        async ({ removed = [] }, { alongside }) => {
          await (alongside.length > 0 ? this.removeWith(removed, alongside, commitMessage) : super.deleteFiles([...removed], commitMessage));
          for (const path of removed) asOpened.delete(path);
        },
      );
    }

    // With drafts (EDITOR_DRAFTS), publishing is the write to the live site: the draft's files put into the branch as it is now.
    override async publishUnpublishedEntry(collection: string, slug: string) {
      // Decap's cms/<collection>/<slug>.
      const branch = `cms/${collection}/${slug}`;
      return this.gate(
        async () => {
          // Deleted or published meanwhile, in another tab or by another person: Decap would say "API_ERROR: Not Found".
          if (!(await branchThere(this.gateRepository, branch))) throw new DraftGone();
          return { ...(await this.draft(collection, slug)), live: true };
        },
        async (_change, { alongside }) => {
          // What publishing does to the addresses goes onto the draft's branch, so the merge brings both at once.
          if (alongside.length > 0) await commitToBranch(this.gateRepository, branch, alongside, notices.addressesCommit);
          return super.publishUnpublishedEntry(collection, slug);
        },
      );
    }

    // A draft's status, and discarding one, change nothing of the live site.
    override async updateUnpublishedEntryStatus(collection: string, slug: string, status: string) {
      return withSignIn(() => super.updateUnpublishedEntryStatus(collection, slug, status));
    }

    override async deleteUnpublishedEntry(collection: string, slug: string) {
      return withSignIn(() => super.deleteUnpublishedEntry(collection, slug));
    }

    /**
     * Files removed and `files` written in one write, as the gate checked them (a page and the redirect from its address):
     * Decap's backends write the two apart, and neither alone is a site the check passes. On GitHub, one commit.
     */
    private async removeWith(removed: readonly string[], files: readonly DataFile[], commitMessage: string): Promise<void> {
      if (!this.gateProxy) return commitToBranch(this.gateRepository, this.gateRepository.branch, files, commitMessage, removed);
      const response = await fetch(this.gateProxy, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'deleteFiles', params: { paths: removed, dataFiles: files.map(({ path, raw }) => ({ path, raw })), options: { commitMessage } } }),
      });
      if (!response.ok) throw new Error(((await response.json()) as { error?: string }).error ?? `The local backend answered ${response.status}`);
    }

    /** A draft's files, read from its branch through Decap's backend: its entry's files, and its pictures as assets. */
    private async draft(collection: string, slug: string): Promise<Pick<Change, 'saved' | 'assets'>> {
      const { diffs } = await this.unpublishedEntry({ collection, slug });
      const pictures = diffs.filter((diff) => diff.path.startsWith(`${ART_FOLDER}/`));
      const saved = await Promise.all(
        diffs.filter((diff) => !pictures.includes(diff)).map(async (diff) => ({ path: diff.path, raw: await this.unpublishedEntryDataFile(collection, slug, diff.path, diff.id), slug }) as DataFile),
      );
      const assets = await Promise.all(pictures.map(async (diff) => ({ path: diff.path, fileObj: (await this.unpublishedEntryMediaFile(collection, slug, diff.path, diff.id)).file }) as AssetProxy));
      return { saved, assets };
    }

    /**
     * One write through the gate, under the lock: the repository read as it
     * is, the change asked of it, the site after it checked; the write made
     * only if nothing is found, and the pictures it leaves unused removed.
     */
    private gate<T>(ask: (repository: SourceFile[]) => Change | Promise<Change>, write: (change: Change, outcome: Outcome) => Promise<T>): Promise<T> {
      return withSignIn(() =>
        this.gateLock(async () => {
          const repository = await contentFiles(this);
          const change = await ask(repository);
          const outcome = await outcomeOf(repository, change, this.gatePictures());
          if (outcome.problems.length > 0) this.refuse(outcome.problems);
          try {
            // Decap's own commits move the live branch as ours do, without force: its 422 is the same push.
            const result = await write(change, outcome).catch((error: unknown) => {
              throw change.live && !this.gateProxy && statusOf(error) === 422 ? new BranchMoved() : error;
            });
            if (change.live && outcome.unused.length > 0) await super.deleteFiles(outcome.unused.map((name) => `${ART_FOLDER}/${name}`), notices.unusedCommit);
            return result;
          } finally {
            // Whatever was written, the repository is read again.
            read = undefined;
            repositoryEvents.dispatchEvent(new Event('saved'));
          }
        }),
      );
    }

    private refuse(problems: string[]): never {
      repositoryEvents.dispatchEvent(new CustomEvent('refused', { detail: problems }));
      throw new ContentRefused(problems);
    }
  };
}
