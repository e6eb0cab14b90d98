/**
 * The content check as the editor runs it: the build's own, on files and
 * pictures it is given (content/load.ts, then shared/check.ts with the site's
 * settings as the build read them), so a problem reads the same here as in
 * `npm run build`, one line `file:line:column: field: problem`.
 */
import { checkContent, type Checked, type SourceFile } from '../../content/load.ts';
import { checkSite, type ShareImageFit } from '../../shared/check.ts';
import { setup } from './setup.ts';

// Measured as the build measures them (shared/share-image-layout.ts): replaced when the share images' fonts land.
const shareImageFit: ShareImageFit = () => undefined;

/** Every problem the build would stop on, for these files and pictures. */
export async function contentProblems(files: readonly SourceFile[], art: ReadonlyMap<string, Uint8Array>): Promise<string[]> {
  return checkSite(checkContent({ files, art }), setup.site, shareImageFit).problems;
}

/** The files checked on their own, and the whole check's problems: what the preview draws from and what it lists. */
export async function checkEdited(files: readonly SourceFile[], art: ReadonlyMap<string, Uint8Array>): Promise<{ checked: Checked; problems: string[] }> {
  const checked = checkContent({ files, art });
  return { checked, problems: checkSite(checked, setup.site, shareImageFit).problems };
}
