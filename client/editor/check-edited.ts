/**
 * The content check as the editor runs it: the build's own, on files and
 * pictures it is given (content/load.ts, then shared/site-check.ts with the site's
 * settings as the build read them), so a problem reads the same here as in
 * `npm run build`, one line `file:line:column: field: problem`. The share
 * images are measured as the build measures them, with HarfBuzz and the same
 * fonts, fetched from beside the bundle the first time an entry is checked
 * (a CJK font only for CJK words).
 */
import { checkContent, type Checked, type SourceFile } from '../../content/load.ts';
import { checkSite, type SiteCheck } from '../../shared/site-check.ts';
import { createShareImageFit, type ShareImageFit } from '../../shared/share-image-layout.ts';
import { setup } from './setup.ts';

let fit: Promise<ShareImageFit> | undefined;

/** HarfBuzz (a chunk of its own, with its wasm) and the fonts, loaded once. */
function shareImageFit(): Promise<ShareImageFit> {
  fit ??= import('harfbuzzjs').then((hb) =>
    createShareImageFit(hb, async (font) => {
      const response = await fetch(`/admin/${font.id}.ttf`);
      if (!response.ok) throw new Error(`The share images' font ${font.id} could not be loaded (${response.status}), so the entry cannot be checked`);
      return new Uint8Array(await response.arrayBuffer());
    }),
  );
  // A failed load is tried again next time, not kept.
  return fit.catch((error: unknown) => {
    fit = undefined;
    throw error;
  });
}

/** Every problem the build would stop on, for these files and pictures. */
export async function contentProblems(files: readonly SourceFile[], art: ReadonlyMap<string, Uint8Array>): Promise<string[]> {
  return (await checkEdited(files, art)).problems;
}

/** The whole check of content read from its files: its problems, and the site it makes when there are none. */
export async function siteOf(checked: Checked): Promise<SiteCheck> {
  return checkSite(checked, setup.site, await shareImageFit());
}

/** The files checked on their own, and the whole check's problems: what the preview draws from and what it lists. */
export async function checkEdited(files: readonly SourceFile[], art: ReadonlyMap<string, Uint8Array>): Promise<{ checked: Checked; problems: string[] }> {
  const checked = checkContent({ files, art });
  return { checked, problems: (await siteOf(checked)).problems };
}
