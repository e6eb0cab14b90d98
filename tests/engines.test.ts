/**
 * package.json's engines say what is true. CI installs only each line's newest release, so a dependency that raises
 * its floor would otherwise go unnoticed until someone on an older point release meets EBADENGINE.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as unknown;
const declared = (read('package.json') as { engines: { node: string } }).engines.node;
const { packages } = read('package-lock.json') as { packages: Record<string, { engines?: unknown; os?: string[] }> };

/** npm installs a package whose `os` leaves Linux out (a Windows or macOS build of sharp's libraries) only there: not for us, or in the container. */
const installedOnLinux = ({ os }: { os?: string[] }) => !os || os.some((name) => name === 'linux' || (name.startsWith('!') && name !== '!linux'));

/** The first release of each line `declared` names, e.g. 22.22.0 for ^22.22.0. */
const firstReleases = declared.split('||').map((line) => semver.minVersion(line)!.version);

describe('the Node versions package.json declares', () => {
  it('are the lines 22, 24 and 26, and not 20', () => {
    expect(firstReleases.map((version) => semver.major(version))).toEqual([22, 24, 26]);
  });

  it('are accepted, from the first release of each line, by every package the lockfile installs', () => {
    const refused = Object.entries(packages).flatMap(([path, entry]) => {
      const range = (entry.engines as { node?: unknown } | undefined)?.node;
      if (path === '' || typeof range !== 'string' || !installedOnLinux(entry)) return [];
      return firstReleases.filter((version) => !semver.satisfies(version, range)).map((version) => `${path} (node ${range}) refuses ${version}`);
    });
    expect(refused).toEqual([]);
  });
});
