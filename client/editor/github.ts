/**
 * What the editor asks GitHub's REST API itself, beside Decap's GitHub
 * backend: the write lock (write-lock.ts), a commit of its own (onto a draft's
 * branch, or a delete with its redirects), an earlier version of a file and the pictures by their blob ids (repository.ts), with the token the editor signed in with, at the
 * API root config.yml names (EDITOR_GITHUB_API).
 */
import { notices, OwnersError } from './locale.ts';

/** A write that found its branch moved since it read it (GitHub's 422, not a fast forward): a push from outside the editor, which the lock cannot stop. Nothing was written. */
export class BranchMoved extends OwnersError {
  constructor() {
    super('BranchMoved', notices.branchMoved);
  }
}

/** A draft's branch gone before its publish wrote anything: deleted, or published, in another tab or by another person. */
export class DraftGone extends OwnersError {
  constructor() {
    super('DraftGone', notices.draftGone);
  }
}

/** Where the API is, the repository and its branch, and the signed-in token (once there is one). */
export interface GitHubRepository {
  apiRoot: string;
  repo: string;
  branch: string;
  token: () => string | undefined;
}

/** The lock: a ref outside refs/heads, so no branch list shows it (write-lock.ts). */
export const LOCK_REF = 'refs/site-editor/lock';

/** A call of GitHub's REST API; 404 and 422 ("not there", "already there", "not a fast forward") are answers the caller reads, anything else not ok is thrown with its status. */
async function call<T>({ apiRoot, repo, token }: GitHubRepository, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const response = await fetch(`${apiRoot}/repos/${repo}/${path}`, {
    method,
    headers: { Authorization: `token ${token() ?? ''}`, 'Content-Type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    cache: 'no-store',
  });
  if (!response.ok && response.status !== 404 && response.status !== 422) {
    // The status travels with it: a 401 is the sign-in's, which repository.ts tells the owner.
    throw Object.assign(new Error(`GitHub answered ${response.status} to ${method} ${path}`), { status: response.status });
  }
  return { status: response.status, data: response.status === 204 ? (undefined as T) : ((await response.json()) as T) };
}

type Branch = { commit: { sha: string; commit: { tree: { sha: string } } } };

/**
 * Takes the lock: a commit of its own (no parent, the branch's tree), dated
 * by GitHub now, and the ref made to it, which GitHub makes for one caller
 * only. Its sha when taken; else how long the lock that is held has been
 * held, by GitHub's clock (the two commits' dates), so that no browser's
 * clock can call a live lock stale; 0 when it went meanwhile.
 */
export async function takeLock(repository: GitHubRepository): Promise<{ taken: string } | { held: string; heldFor: number }> {
  type Commit = { sha: string; committer: { date: string } };
  const branch = await call<Branch>(repository, 'GET', `branches/${encodeURIComponent(repository.branch)}`);
  const lock = await call<Commit>(repository, 'POST', 'git/commits', { message: 'The site editor is writing', tree: branch.data.commit.commit.tree.sha, parents: [] });
  const created = await call(repository, 'POST', 'git/refs', { ref: LOCK_REF, sha: lock.data.sha });
  if (created.status !== 422) return { taken: lock.data.sha };
  const held = await call<{ object: { sha: string } }>(repository, 'GET', `git/ref/${LOCK_REF.slice('refs/'.length)}`);
  if (held.status === 404) return { held: '', heldFor: 0 };
  const commit = await call<Commit>(repository, 'GET', `git/commits/${held.data.object.sha}`);
  return { held: held.data.object.sha, heldFor: Date.parse(lock.data.committer.date) - Date.parse(commit.data.committer.date) };
}

/** Deletes the lock if it is still `sha` (ours, or a stale one): one taken since by another stays. */
export async function releaseLock(repository: GitHubRepository, sha: string): Promise<void> {
  const held = await call<{ object: { sha: string } }>(repository, 'GET', `git/ref/${LOCK_REF.slice('refs/'.length)}`);
  if (held.status === 404 || held.data.object.sha !== sha) return;
  await call(repository, 'DELETE', `git/refs/${LOCK_REF.slice('refs/'.length)}`);
}

/** A blob's bytes, by its id; undefined when GitHub does not have it. */
export async function readBlobBytes(repository: GitHubRepository, id: string): Promise<Uint8Array | undefined> {
  const blob = await call<{ content: string; encoding: string }>(repository, 'GET', `git/blobs/${id}`);
  if (blob.status !== 200 || blob.data.encoding !== 'base64') return undefined;
  return Uint8Array.from(atob(blob.data.content.replace(/\s/g, '')), (char) => char.charCodeAt(0));
}

/** An earlier version of a file, by its blob id (content/keep-up.ts); undefined when GitHub does not have it. */
export async function readBlob(repository: GitHubRepository, id: string): Promise<string | undefined> {
  const bytes = await readBlobBytes(repository, id);
  return bytes && new TextDecoder().decode(bytes);
}

/** The blob id of each file directly in a folder of the branch as it is now, by name: one request, however many files. */
export async function blobIds(repository: GitHubRepository, folder: string): Promise<Map<string, string>> {
  const listed = await call<{ tree: Array<{ path: string; type: string; sha: string }> }>(repository, 'GET', `git/trees/${repository.branch}:${folder}`);
  if (listed.status === 404) return new Map();
  return new Map(listed.data.tree.flatMap((entry) => (entry.type === 'blob' ? [[entry.path, entry.sha] as const] : [])));
}

/** Whether a branch is there: a draft's goes once it is published or deleted. */
export async function branchThere(repository: GitHubRepository, branch: string): Promise<boolean> {
  return (await call(repository, 'GET', `branches/${encodeURIComponent(branch)}`)).status === 200;
}

/** Commits text files onto a branch (a draft's, or the default one), and the files `removed` taken out, on its head: a fast forward, as every write is. */
export async function commitToBranch(repository: GitHubRepository, branch: string, files: ReadonlyArray<{ path: string; raw: string }>, message: string, removed: readonly string[] = []): Promise<void> {
  const head = await call<Branch>(repository, 'GET', `branches/${encodeURIComponent(branch)}`);
  // The live branch is always there; a draft's goes once it is published or deleted.
  if (head.status !== 200) throw branch === repository.branch ? new Error(`The branch ${branch} is not there`) : new DraftGone();
  const blobs = await Promise.all(files.map((file) => call<{ sha: string }>(repository, 'POST', 'git/blobs', { content: file.raw, encoding: 'utf-8' })));
  const tree = await call<{ sha: string }>(repository, 'POST', 'git/trees', {
    base_tree: head.data.commit.commit.tree.sha,
    tree: [...files.map((file, index) => ({ path: file.path, mode: '100644', type: 'blob', sha: blobs[index]!.data.sha })), ...removed.map((path) => ({ path, mode: '100644', type: 'blob', sha: null }))],
  });
  const commit = await call<{ sha: string }>(repository, 'POST', 'git/commits', { message, tree: tree.data.sha, parents: [head.data.commit.sha] });
  const moved = await call(repository, 'PATCH', `git/refs/heads/${branch}`, { sha: commit.data.sha, force: false });
  if (moved.status !== 200) throw new BranchMoved();
}
