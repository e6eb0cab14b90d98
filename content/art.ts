/**
 * The pictures of content/art, as the categories name them: their kinds and
 * the size they are shown at. Apart from the schemas, so that the screens can
 * read the size without the bundles carrying zod.
 */

/** The size every category's illustration is shown at; a raster picture may also be twice it, for sharp screens. */
export const ART_SIZE = { width: 480, height: 320 } as const;

/** The kinds of picture content/art holds, by extension. */
export const ART_EXTENSIONS = ['.svg', '.png', '.webp'] as const;

/** A picture's file name: a portable name (names.ts: lowercase words joined by hyphens), and one of those extensions. */
export const ART_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:svg|png|webp)$/;
