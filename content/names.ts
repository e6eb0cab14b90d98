/**
 * Portable file names: lowercase words of letters and digits joined by
 * single hyphens, which every file system, git host and address reads the
 * same way (no spaces, capitals, accents, `<` or `&`). A content file adds
 * its language and extension (energy-and-fuel.fr.yaml), a picture its
 * extension (energy-and-fuel.svg). The content check refuses any other name
 * (load.ts), and the browser editor names new entries and uploads with these
 * functions, so nothing runs here but string work (it runs in the browser).
 */
import transliterate from '@sindresorhus/transliterate';

/** A portable name, before its language and extension. */
export const PORTABLE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Any name in its portable form: "Büro Möbel" → "buro-mobel", "صورة المصنع"
 * → "swrt-almsne", "Фото завода" → "foto-zavoda". Accents are taken off the
 * letters they sit on (NFKD: Ü is U, not German's Ue), the letters of other
 * scripts spelled in Latin ones where @sindresorhus/transliterate knows them
 * (Arabic, Cyrillic, Greek and more; not Chinese or Hebrew), letters made
 * lowercase, and anything between the letters and digits left becomes one
 * hyphen; "" when there are none.
 */
export function portableName(name: string): string {
  return transliterate(name.normalize('NFKD').replace(/\p{M}/gu, ''))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A picture's file name in its portable form, its extension lowercased: "Photo Été.PNG" → "photo-ete.png". */
export function portablePictureName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return portableName(fileName);
  return `${portableName(fileName.slice(0, dot))}${fileName.slice(dot).toLowerCase()}`;
}
