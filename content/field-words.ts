/**
 * What the editor's words (content/editor-words/<code>.yaml) say of the
 * content's collections and fields: each collection's name, and each field's
 * label and hint, by the field's path in its collection (a field inside
 * another: image.file). The browser editor labels its forms with them in the
 * owner's language (editor-config.ts, `labelled`); the JSON Schemas take the
 * English ones as titles and descriptions (json-schemas.ts).
 */
import { pictureNeed, PICTURE_SLOTS, type PictureSlot } from './art.ts';

export interface FieldWords {
  label: string;
  hint?: string;
}

export interface CollectionWords {
  label: string;
  /** One entry of a folder collection, after the "New entry" button's words. */
  one?: string;
}

/** The part of a language's editor words that names the collections and their fields, by collection name and field path. */
export interface ContentWords {
  collections: Record<string, CollectionWords>;
  fields: Record<string, Record<string, FieldWords>>;
}

/** A phrase with its placeholders, written %{name} as Decap's are, filled. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/%\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

/** The placeholders a picture's hint fills: the least photo its slot takes, and the size of a drawing for it. */
export const PICTURE_PLACEHOLDERS = ['width', 'height', 'drawingWidth', 'drawingHeight'] as const;

function pictureSizes(slot: PictureSlot): Record<(typeof PICTURE_PLACEHOLDERS)[number], string> {
  const need = pictureNeed(slot);
  return { width: String(need.width), height: String(need.height), drawingWidth: String(PICTURE_SLOTS[slot].width), drawingHeight: String(PICTURE_SLOTS[slot].height) };
}

/** A field's label and hint in `words`, the hint of a picture filled with its slot's sizes; throws naming the field when the words have none (the build checks they do). */
export function wordsOfField(words: ContentWords, collection: string, path: string, slot?: PictureSlot): FieldWords {
  const said = words.fields[collection]?.[path];
  if (!said) throw new Error(`The editor's words have no label for ${collection}: ${path}`);
  return slot && said.hint ? { ...said, hint: fill(said.hint, pictureSizes(slot)) } : said;
}

/** A collection's name in `words`; throws naming it when they have none. */
export function wordsOfCollection(words: ContentWords, collection: string): CollectionWords {
  const said = words.collections[collection];
  if (!said) throw new Error(`The editor's words have no name for the collection ${collection}`);
  return said;
}
