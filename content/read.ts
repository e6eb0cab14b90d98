/**
 * The content as the build and the dev server read it: every file under
 * content/words and every picture of content/art, from disk, then the check
 * (load.ts). Only here does the room touch the file system.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { EDITOR_WORDS_FOLDER, ORIGINAL_WORDS, readEditorWords, type EditorWords } from './editor-words.ts';
import { ART_FOLDER, checkContent, ContentError, LANGUAGES_FILE, listedLanguages, WORDS_FOLDER, type Checked, type SourceFile } from './load.ts';
import type { ReadVersion } from './keep-up.ts';
import { BLOB_ID, type Language } from './schema.ts';

/** The repository this module is in. */
export const REPO_ROOT = join(import.meta.dirname, '..');

/** Every file under a folder, by path relative to `root` with forward slashes; none for a folder that is not there. */
function filesUnder(root: string, folder: string): string[] {
  const entries = (() => {
    try {
      return readdirSync(join(root, folder), { withFileTypes: true, recursive: true });
    } catch {
      return [];
    }
  })();
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** The files of content/words and content/art under `root` (the repository, or a copy of it). */
export function readSources(root = REPO_ROOT): { files: SourceFile[]; art: Map<string, Uint8Array> } {
  const files = filesUnder(root, WORDS_FOLDER).map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
  return { files, art: readArt(root) };
}

/** The pictures of content/art under `root`, by their names there. */
export function readArt(root = REPO_ROOT): Map<string, Uint8Array> {
  return new Map(filesUnder(root, ART_FOLDER).map((path) => [path.slice(ART_FOLDER.length + 1), readFileSync(join(root, path))]));
}

/** The content under `root`, checked. */
export function readContent(root = REPO_ROOT): Checked {
  return checkContent(readSources(root));
}

/**
 * An earlier version of a file, by the id git gives it, from the git history
 * of `root`; undefined where it is not there: no git, not a clone, a shallow
 * one (keep-up.ts then says a translation is behind without saying how).
 */
export function gitVersions(root = REPO_ROOT): ReadVersion {
  return (id) =>
    new Promise((resolve) => {
      if (!BLOB_ID.test(id)) return resolve(undefined);
      execFile('git', ['cat-file', 'blob', id], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => resolve(error ? undefined : stdout));
    });
}

/** The languages content/words/languages.yaml lists under `root`, the default first, read from that file alone (listedLanguages); a mistake in it is thrown, one line each. */
export function readLanguages(root = REPO_ROOT): Language[] {
  const path = LANGUAGES_FILE;
  let text: string;
  try {
    text = readFileSync(join(root, path), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new ContentError([`${path}:1:1: the file is missing`]);
  }
  const { languages, problems } = listedLanguages({ path, text });
  if (problems.length > 0) throw new ContentError(problems);
  return languages;
}

/** The browser editor's own words under `root`, by the language each file is named for (en.yaml); their problems are thrown, one line each. */
export function readEditorWordsFolder(root = REPO_ROOT): Record<string, EditorWords> {
  const words: Record<string, EditorWords> = {};
  const problems: string[] = [];
  // The original first: the others follow its hints.
  const paths = filesUnder(root, EDITOR_WORDS_FOLDER).sort((a, b) => Number(b.endsWith(`/${ORIGINAL_WORDS}.yaml`)) - Number(a.endsWith(`/${ORIGINAL_WORDS}.yaml`)) || a.localeCompare(b));
  for (const path of paths) {
    const code = /^([a-z]{2,3})\.yaml$/.exec(path.slice(EDITOR_WORDS_FOLDER.length + 1))?.[1];
    if (!code) {
      problems.push(`${path}:1:1: is not a file of the editor's words: name it after its language, such as en.yaml`);
      continue;
    }
    const read = readEditorWords(path, readFileSync(join(root, path), 'utf8'), code === ORIGINAL_WORDS ? undefined : words[ORIGINAL_WORDS]);
    problems.push(...read.problems);
    if (read.words) words[code] = read.words;
  }
  if (problems.length === 0 && !words[ORIGINAL_WORDS]) problems.push(`${EDITOR_WORDS_FOLDER}/${ORIGINAL_WORDS}.yaml: the file is missing: every other language's words follow it`);
  if (problems.length > 0) throw new ContentError(problems);
  return words;
}
