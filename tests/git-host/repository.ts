/** The git host double's store: a bare repository written through git's plumbing, so a test reads the result with git itself. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Person {
  name: string;
  email: string;
  /** ISO 8601; now when absent. */
  date?: string;
}

/** A commit as git has it. */
export interface Commit {
  sha: string;
  tree: string;
  parents: string[];
  author: Required<Person>;
  committer: Required<Person>;
  message: string;
}

/** A changed file between two commits: git's status letter, its path, the blob it now has, and whether git sees it as binary. */
export interface FileChange {
  status: 'A' | 'M' | 'D';
  path: string;
  sha: string;
  binary: boolean;
}

// Nothing of the machine's or the user's git configuration (signing, hooks, default branch) reaches the double.
const GIT_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', PATH: process.env.PATH ?? '' };

/** A sha, a sha and a path in its tree, or a range of two shas: names whose answer never changes. */
const IMMUTABLE = /^[0-9a-f]{40}(:.*|\.\.[0-9a-f]{40})?$/s;

export class Repository {
  private readonly scratch = mkdtempSync(join(tmpdir(), 'git-host-index-'));
  private indexes = 0;
  /** What git answered about objects named by sha, which never change: the editor asks again at every read and write. */
  private readonly known = new Map<string, unknown>();
  /** What git answered about names of branches and refs, until one moves: every ref is moved by updateRef. */
  private readonly untilRefsMove = new Map<string, unknown>();

  private constructor(readonly dir: string) {}

  /** A new, empty bare repository in a folder of its own. */
  static create(): Repository {
    const dir = mkdtempSync(join(tmpdir(), 'git-host-'));
    execFileSync('git', ['init', '--quiet', '--bare', dir], { env: GIT_ENV });
    return new Repository(dir);
  }

  /** git's output as bytes; throws with git's stderr when it fails. */
  bytes(args: readonly string[], { input, env = {} }: { input?: string | Buffer; env?: Record<string, string> } = {}): Buffer {
    return execFileSync('git', ['--git-dir', this.dir, ...args], { input, env: { ...GIT_ENV, ...env }, maxBuffer: 64 * 1024 * 1024, stdio: ['pipe', 'pipe', 'pipe'] });
  }

  git(args: readonly string[], options: { input?: string | Buffer; env?: Record<string, string> } = {}): string {
    return this.bytes(args, options).toString('utf8').trimEnd();
  }

  /**
   * `answer()`, kept under `key`: for good when every revision in it is a sha (an object never changes, though one
   * missing may yet be written), else until a ref moves.
   */
  private once<T>(key: string, revisions: readonly string[], answer: () => T): T {
    if (this.known.has(key)) return this.known.get(key) as T;
    if (this.untilRefsMove.has(key)) return this.untilRefsMove.get(key) as T;
    const answered = answer();
    if (revisions.length > 0 && revisions.every((revision) => IMMUTABLE.test(revision))) {
      if (answered !== undefined) this.known.set(key, answered);
    } else this.untilRefsMove.set(key, answered);
    return answered;
  }

  /** The object a revision names (`main`, `main:content/words`, a sha), if it is of the given type. */
  resolve(revision: string, type: 'commit' | 'tree' | 'blob'): string | undefined {
    if (!revision || /\s/.test(revision)) return undefined;
    return this.once(`resolve ${type} ${revision}`, [revision], () => this.resolveNow(revision, type));
  }

  private resolveNow(revision: string, type: 'commit' | 'tree' | 'blob'): string | undefined {
    // "rev:path" takes the rest as its path, so only a bare name is peeled (main^{tree}); a path's object has its type checked.
    const name = revision.includes(':') ? revision : `${revision}^{${type}}`;
    // One process for the name and its type: "<sha> <type> <size>", or "<name> missing".
    const [sha, found] = this.git(['cat-file', '--batch-check'], { input: `${name}\n` }).split(' ');
    return found === type ? sha : undefined;
  }

  /** A blob's bytes by its full sha, or undefined when there is no such blob. */
  blob(sha: string): Buffer | undefined {
    if (!/^[0-9a-f]{40}$/.test(sha)) return undefined;
    return this.once(`blob ${sha}`, [sha], () => (this.resolve(sha, 'blob') ? this.bytes(['cat-file', 'blob', sha]) : undefined));
  }

  /** Every ref and the object it points to. */
  refs(): Record<string, string> {
    const lines = this.git(['for-each-ref', '--format=%(refname) %(objectname)']).split('\n').filter(Boolean);
    return Object.fromEntries(lines.map((line) => line.split(' ') as [string, string]));
  }

  /** Moves `ref` from `from` (undefined: it must not exist yet) to `to` (undefined: deletes it), atomically as git does. */
  updateRef(ref: string, to: string | undefined, from: string | undefined): void {
    this.untilRefsMove.clear();
    if (to === undefined) this.git(['update-ref', '-d', ref, from ?? '']);
    else this.git(['update-ref', ref, to, from ?? '']);
  }

  isAncestor(ancestor: string, of: string): boolean {
    return spawnSync('git', ['--git-dir', this.dir, 'merge-base', '--is-ancestor', ancestor, of], { env: GIT_ENV }).status === 0;
  }

  writeBlob(content: Buffer): string {
    return this.git(['hash-object', '-w', '--stdin'], { input: content });
  }

  /** `base` with each path set to a blob, or removed where it is null, as GitHub's POST /git/trees does. */
  writeTree(base: string | undefined, entries: ReadonlyArray<{ path: string; mode: string; sha: string | null }>): string {
    const env = { GIT_INDEX_FILE: join(this.scratch, `index-${++this.indexes}`) };
    this.git(base ? ['read-tree', base] : ['read-tree', '--empty'], { env });
    const lines = entries.map(({ path, mode, sha }) => (sha ? `${mode} ${sha}\t${path}` : `0 ${'0'.repeat(40)}\t${path}`));
    this.git(['update-index', '--index-info'], { env, input: lines.map((line) => `${line}\n`).join('') });
    return this.git(['write-tree'], { env });
  }

  /** The files of `folders` under `root`, as they are on disk, as a tree. */
  treeOf(root: string, folders: readonly string[]): string {
    const env = { GIT_INDEX_FILE: join(this.scratch, `index-${++this.indexes}`) };
    this.git(['--work-tree', root, 'add', '--', ...folders], { env });
    return this.git(['write-tree'], { env });
  }

  writeCommit(tree: string, parents: readonly string[], message: string, author: Person, committer: Person = author): string {
    const env: Record<string, string> = { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: committer.name, GIT_COMMITTER_EMAIL: committer.email };
    if (author.date) env.GIT_AUTHOR_DATE = author.date;
    if (committer.date) env.GIT_COMMITTER_DATE = committer.date;
    return this.git(['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent]), '-F', '-'], { env, input: message });
  }

  commit(sha: string): Commit {
    return this.log([sha, '-n', '1'])[0]!;
  }

  /** The commits `git log` lists with these arguments, newest first, read in one process. */
  log(args: readonly string[]): Commit[] {
    const end = args.indexOf('--');
    const revisions = (end === -1 ? args : args.slice(0, end)).filter((arg) => !arg.startsWith('-') && !/^\d+$/.test(arg));
    return this.once(`log ${args.join(' ')}`, revisions, () => this.logNow(args));
  }

  private logNow(args: readonly string[]): Commit[] {
    const records = this.git(['log', '-z', '--format=%H%n%T%n%P%n%an%n%ae%n%aI%n%cn%n%ce%n%cI%n%B', ...args]).split('\0').filter(Boolean);
    return records.map((record) => {
      const [sha = '', tree = '', parents = '', an = '', ae = '', ad = '', cn = '', ce = '', cd = '', ...message] = record.split('\n');
      return { sha, tree, parents: parents.split(' ').filter(Boolean), author: { name: an, email: ae, date: ad }, committer: { name: cn, email: ce, date: cd }, message: message.join('\n').trimEnd() };
    });
  }

  /** The entries of a tree, one level or all the way down (trees included, as GitHub lists them). */
  listTree(tree: string, recursive: boolean): Array<{ path: string; mode: string; type: string; sha: string; size?: number }> {
    return this.once(`ls-tree ${recursive} ${tree}`, [tree], () => this.listTreeNow(tree, recursive));
  }

  private listTreeNow(tree: string, recursive: boolean): Array<{ path: string; mode: string; type: string; sha: string; size?: number }> {
    const out = this.git(['ls-tree', '-l', '-z', ...(recursive ? ['-r', '-t'] : []), tree]);
    return out.split('\0').filter(Boolean).map((line) => {
      const [meta = '', path = ''] = line.split('\t');
      const [mode = '', type = '', sha = '', size = '-'] = meta.split(/ +/);
      return { path, mode, type, sha, ...(size === '-' ? {} : { size: Number(size) }) };
    });
  }

  /** What changed from `from` to `to`, file by file. */
  changes(from: string, to: string): FileChange[] {
    const raw = this.git(['diff-tree', '-r', '-z', '--no-renames', '--no-abbrev', from, to]).split('\0').filter(Boolean);
    const binary = new Set(
      this.git(['diff-tree', '-r', '-z', '--numstat', '--no-renames', from, to])
        .split('\0')
        .filter((entry) => entry.startsWith('-\t-\t'))
        .map((entry) => entry.slice(4)),
    );
    const changes: FileChange[] = [];
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const [, , oldSha = '', newSha = '', status = ''] = raw[i]!.slice(1).split(' ');
      const path = raw[i + 1]!;
      changes.push({ status: status as FileChange['status'], path, sha: status === 'D' ? oldSha : newSha, binary: binary.has(path) });
    }
    return changes;
  }

  /** The three-way merge of two commits as a tree, or undefined when they conflict (git merge-tree, git 2.38 and later). */
  mergeTree(ours: string, theirs: string): string | undefined {
    const merged = spawnSync('git', ['--git-dir', this.dir, 'merge-tree', '--write-tree', ours, theirs], { env: GIT_ENV, encoding: 'utf8' });
    if (merged.status === 0) return merged.stdout.split('\n', 1)[0];
    if (merged.status === 1) return undefined;
    throw new Error(`git merge-tree failed: ${merged.stderr}`);
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
    rmSync(this.scratch, { recursive: true, force: true });
  }
}
