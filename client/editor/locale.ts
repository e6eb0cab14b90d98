/**
 * The languages the editor speaks to the owner, from the browser's
 * (navigator.languages, the owner's order): Decap's own phrases in the first
 * of those the bundle carries (English and French from Decap, Arabic from
 * content/editor-words/ar.yaml's `decap`, as Decap has none), and our words (content/editor-words/: the forms' labels and hints, the notices at the foot of
 * every screen, the preview's, the text view's, the media library's, the
 * "New …" button) in the first of those we have; English otherwise.
 * Placeholders are written %{name}, as Decap's are.
 */
import { createElement, type ReactNode } from 'react';
import { ORIGINAL_WORDS } from '../../content/editor-words.ts';
import { setup } from './setup.ts';

/** Decap's phrases the bundle carries from decap-cms-locales (start.tsx registers them), by its names for them. */
export const DECAP_LANGUAGES = ['en', 'fr'] as const;

/** The first of the preferred languages (BCP 47 tags, the owner's order) that is available, by its language alone (fr-CA: fr); the fallback otherwise. */
export function chooseLanguage<T extends string>(preferred: readonly string[], available: readonly T[], fallback: T): T {
  for (const tag of preferred) {
    const language = tag.split('-', 1)[0]!.toLowerCase();
    const found = available.find((code) => code === language);
    if (found) return found;
  }
  return fallback;
}

const preferred = typeof navigator === 'undefined' ? [] : navigator.languages;

/** Decap's phrases in the languages our words give them for, which decap-cms-locales has none for (Arabic). */
export const decapPhrasesOfOurs = Object.fromEntries(Object.entries(setup.words).flatMap(([code, words]) => (words.decap ? [[code, words.decap]] : [])));

/** The language of Decap's phrases (its config's `locale`). */
export const decapLanguage = chooseLanguage(preferred, [...DECAP_LANGUAGES, ...Object.keys(decapPhrasesOfOurs)], ORIGINAL_WORDS);

/** The language of our words, and the words. */
export const wordsLanguage = chooseLanguage(preferred, Object.keys(setup.words), ORIGINAL_WORDS);
export const words = setup.words[wordsLanguage]!;

/** The notices at the foot of every screen (banner.tsx), and the message of a save GitHub refused for the sign-in (repository.ts). */
export const notices = words.notices;
/** The media library's (media-library.tsx, uploads.ts): its dialog, what it says of an upload, and the commit messages of its writes. */
export const library = words.library;

export { fill } from '../../content/field-words.ts';

/**
 * A phrase filled for the page, each value in a <bdi>: a file name or a size keeps its own direction in a sentence
 * of another (swrt-almsne.jpg: 1600 × 1100 in an Arabic notice, where the name would draw the size into its run).
 * What is not drawn as text (a commit message, a label read aloud) takes `fill`.
 */
export function filled(text: string, values: Record<string, ReactNode>): ReactNode[] {
  return text.split(/%\{(\w+)\}/).map((part, index) => (index % 2 === 0 ? part : createElement('bdi', { key: index }, values[part] ?? `%{${part}}`)));
}

/** An error whose message is words for the owner: Decap's notices show an error as a string, so it is the message alone, not the class's name. */
export class OwnersError extends Error {
  constructor(name: string, message: string) {
    super(message);
    // Named here, not from the class: the bundle's minifier renames classes.
    this.name = name;
  }

  override toString(): string {
    return this.message;
  }
}
