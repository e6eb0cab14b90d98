/**
 * Calls back with the path (relative to `root`, with forward slashes) of
 * every file saved under the given directories. One fs.watch per directory
 * rather than { recursive: true }: on Linux, Node 20's recursive watcher
 * stops reporting a file once an editor saves it by writing a new file and
 * renaming it over the old one (vim, sed -i, many IDEs).
 */
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join, relative } from 'node:path';

/** Editors' swap, backup and lock files, and sed's temporary files. */
const SCRATCH = /(^|\/)[.#][^/]*$|~$|\.sw.$|\/\d+$|\/sed\w{6}$/;

export function watchTree(root: string, dirs: readonly string[], onSave: (path: string) => void): () => void {
  const watchers = new Map<string, FSWatcher>();
  const add = (dir: string) => {
    if (watchers.has(dir)) return;
    watchers.set(
      dir,
      watch(dir, (_event, name) => {
        if (!isDirectory(dir)) return void (watchers.get(dir)?.close(), watchers.delete(dir));
        if (!name) return;
        const full = join(dir, name.toString());
        if (isDirectory(full)) return add(full);
        const path = relative(root, full).split('\\').join('/');
        if (!SCRATCH.test(path)) onSave(path);
      }),
    );
    for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) add(join(dir, entry.name));
  };
  for (const dir of dirs) add(join(root, dir));
  return () => {
    for (const watcher of watchers.values()) watcher.close();
  };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
