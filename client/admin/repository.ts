/**
 * The repository as the editor reads and writes it: the backend Decap makes
 * from config.yml (the local one in `npm run dev`, GitHub in production),
 * with the content check in front of every write. Before a save, an upload
 * or a delete reaches the backend, the files of content/words and the
 * pictures the categories name are read from the repository as it is now,
 * the change is put in, and the build's own check runs on the result
 * (check.ts); if it finds anything, nothing is written or committed and the
 * save fails with the problem lines, which Decap shows. Decision:
 * docs/decisions/0005-browser-editor.md.
 */
import type { AssetProxy, DataFile, Implementation, ImplementationClass, ImplementationMediaFile } from 'decap-cms-lib-util';
import { ART_FOLDER, pictureKind, picturesNamed, type SourceFile } from '../../content/load.ts';
import { contentProblems } from './check.ts';
import { setup } from './setup.ts';

/** A save, upload or delete the content check refused: its message is the problem lines. */
export class ContentRefused extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The content check refused this change, so nothing was saved:\n${problems.join('\n')}`);
    this.name = 'ContentRefused';
  }

  /** Decap's notice shows the error as a string: the owner reads the message, not the class's name. */
  override toString(): string {
    return this.message;
  }
}

/** Every file of the content collections, as the repository has it. */
async function contentFiles(backend: Implementation): Promise<SourceFile[]> {
  const entries = await Promise.all(
    setup.collections.map((collection) => {
      if (collection.files) return backend.entriesByFiles(collection.files.map((file) => ({ path: file.file })));
      const folder = collection.folder!;
      // GitHub lists a folder a page at a time unless asked for all of it; the local backend has no pages.
      return backend.allEntriesByFolder ? backend.allEntriesByFolder(folder, collection.extension, 1) : backend.entriesByFolder(folder, collection.extension, 1);
    }),
  );
  return entries.flat().map((entry) => ({ path: entry.file.path, text: entry.data }));
}

/** The bytes of the named pictures: from the pictures being saved with the change, else from the repository; a missing one is left out (the check says so). */
async function pictures(backend: Implementation, names: readonly string[], assets: readonly AssetProxy[] = []): Promise<Map<string, Uint8Array>> {
  const found = await Promise.all(
    names.map(async (name): Promise<[string, Uint8Array] | undefined> => {
      const path = `${ART_FOLDER}/${name}`;
      const asset = assets.find((candidate) => candidate.path === path);
      try {
        const file = asset?.fileObj ?? (await backend.getMediaFile(path)).file;
        return file ? [name, new Uint8Array(await file.arrayBuffer())] : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  return new Map(found.filter((pair) => pair !== undefined));
}

/** The files with a save's files put in: a new or changed file in place, a moved one at its new path only. */
function withSaved(files: readonly SourceFile[], saved: readonly DataFile[]): SourceFile[] {
  const replaced = new Set(saved.flatMap((file) => [file.path, file.newPath ?? file.path]));
  return [...files.filter((file) => !replaced.has(file.path)), ...saved.map((file) => ({ path: file.newPath ?? file.path, text: file.raw }))];
}

/** A change the check is asked about: files saved (with their new pictures), or files removed. */
interface Change {
  saved?: readonly DataFile[];
  assets?: readonly AssetProxy[];
  removed?: readonly string[];
}

/** The problems of the repository's content with a change in it: the files as they would be, and the pictures they would name. */
async function problemsAfter(backend: Implementation, { saved = [], assets = [], removed = [] }: Change): Promise<string[]> {
  const files = withSaved((await contentFiles(backend)).filter((file) => !removed.includes(file.path)), saved);
  const names = picturesNamed(files).filter((name) => !removed.includes(`${ART_FOLDER}/${name}`));
  return contentProblems(files, await pictures(backend, names, assets));
}

let opened: Implementation | undefined;
let read: Promise<{ files: SourceFile[]; art: Map<string, Uint8Array> }> | undefined;
let signedIn = false;

/**
 * What happens to the repository, for the banner (banner.tsx): `opened` once
 * the editor may read it (signed in), `saved` after a write, `refused` with
 * the problems of a change the check refused (its `detail`).
 */
export const repositoryEvents = new EventTarget();

/** Whether the editor may read the repository yet: the `opened` event has been sent (a banner that starts later asks this). */
export function repositoryOpened(): boolean {
  return signedIn;
}

/** The repository's files and the pictures they name, read once until the next write; undefined before Decap has made a backend. */
export async function repositoryContent(): Promise<{ files: SourceFile[]; art: Map<string, Uint8Array> } | undefined> {
  if (!opened) return undefined;
  const backend = opened;
  read ??= contentFiles(backend).then(async (files) => ({ files, art: await pictures(backend, picturesNamed(files)) }));
  // A failed read is tried again next time, not kept.
  return read.catch((error: unknown) => {
    read = undefined;
    throw error;
  });
}

/** The problems of the content as the repository has it now (the banner shows them when the editor opens and after each save). */
export async function repositoryProblems(): Promise<string[] | undefined> {
  const repository = await repositoryContent();
  return repository && contentProblems(repository.files, repository.art);
}

/** A media file whose blob has no type, given image/svg+xml if it is an SVG (and a new URL for it). */
function typed<T extends ImplementationMediaFile>(media: T): T {
  if (!media.file || media.file.type || !media.name.endsWith('.svg')) return media;
  const file = new File([media.file], media.name, { type: 'image/svg+xml' });
  const url = URL.createObjectURL(file);
  return { ...media, file, url, displayURL: url };
}

/** A Decap backend with the content check in front of its writes (registered in place of the backend itself, admin.tsx). */
export function checked(Backend: ImplementationClass): ImplementationClass {
  return class CheckedBackend extends Backend {
    constructor(config: unknown, options?: unknown) {
      super(config, options);
      // The one backend Decap makes, for the banner and the preview to read the repository through.
      opened = this;
      read = undefined;
    }

    override async authenticate(credentials: unknown) {
      return this.signedIn(super.authenticate(credentials));
    }

    override async restoreUser(user: unknown) {
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

    override async persistEntry(entry: { dataFiles: DataFile[]; assets: AssetProxy[] }, options: Record<string, unknown>) {
      await this.refuseIfProblems({ saved: entry.dataFiles, assets: entry.assets });
      return this.written(super.persistEntry(entry, options));
    }

    override async persistMedia(file: AssetProxy, options: Record<string, unknown>) {
      const name = file.path.slice(file.path.lastIndexOf('/') + 1);
      const kind = file.path.startsWith(`${ART_FOLDER}/`) && file.fileObj ? pictureKind(name, new Uint8Array(await file.fileObj.arrayBuffer())) : { problem: `${file.path} is not a picture of ${ART_FOLDER}` };
      if ('problem' in kind) this.refuse([kind.problem]);
      return this.written(super.persistMedia(file, options));
    }

    override async deleteFiles(paths: string[], commitMessage: string) {
      await this.refuseIfProblems({ removed: paths });
      return this.written(super.deleteFiles(paths, commitMessage));
    }

    private async refuseIfProblems(change: Change): Promise<void> {
      const problems = await problemsAfter(this, change);
      if (problems.length > 0) this.refuse(problems);
    }

    private refuse(problems: string[]): never {
      repositoryEvents.dispatchEvent(new CustomEvent('refused', { detail: problems }));
      throw new ContentRefused(problems);
    }

    /** After a write the repository is read again. */
    private async written<T>(write: Promise<T>): Promise<T> {
      const result = await write;
      read = undefined;
      repositoryEvents.dispatchEvent(new Event('saved'));
      return result;
    }
  };
}
