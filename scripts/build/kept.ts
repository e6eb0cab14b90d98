/**
 * What the build makes that is slow to make and seldom changes (the photos'
 * copies, the share images, that a photo decodes to its end), kept in node_modules/.cache under a key of
 * everything it is made from, so that a rebuild, the dev server's at each
 * start included, makes it only once. `npm ci` starts the folder afresh.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CACHE = join(import.meta.dirname, '..', '..', 'node_modules', '.cache');

/** A module's code as a key: a change of how a file is made makes it anew. */
export function codeKey(moduleUrl: string): string {
  return createHash('sha256').update(readFileSync(fileURLToPath(moduleUrl))).digest('hex');
}

/** The file `folder/name` kept before, or made by `make` and kept. */
export async function keptOrMade(folder: string, name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const path = join(CACHE, folder, name);
  try {
    return readFileSync(path);
  } catch {
    // Not made yet.
  }
  const made = await make();
  // Written beside, then renamed: two builds at once never read half a file.
  mkdirSync(join(CACHE, folder), { recursive: true });
  const partial = `${path}.${process.pid}`;
  writeFileSync(partial, made);
  renameSync(partial, path);
  return made;
}
