/**
 * What the editor is made of: the collections and formats generated from
 * the schemas (content/editor-config.ts) in the languages of languages.yaml, the
 * editor's own words in each language it speaks (content/editor-words/),
 * which label the collections' fields as the editor starts (start.tsx),
 * and the built files the preview draws with. The editor build replaces this
 * module with that data, the built files' URLs included (scripts/build/editor-bundle.ts),
 * so the bundle reads no schema and no file; imported anywhere else it has
 * no built files.
 */
import { editorConfig, type EditorConfig } from '../../content/editor-config.ts';
import type { EditorWords } from '../../content/editor-words.ts';
import { readEditorWordsFolder, readLanguages } from '../../content/read.ts';
import { defaultSite, type SiteConfig } from '../../shared/site.ts';

export interface EditorSetup extends EditorConfig {
  /** Public URL of each built file by its source name (dist/client/manifest.json). */
  assets: Record<string, string>;
  /** The settings the build filled the words with, which the preview fills them with too. */
  site: SiteConfig;
  /** The editor's own words, by the language each is in. */
  words: Record<string, EditorWords>;
}

export const setup: EditorSetup = { ...editorConfig(readLanguages()), words: readEditorWordsFolder(), site: defaultSite, assets: {} };
