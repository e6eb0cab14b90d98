/**
 * A double of the git host over https on loopback: the OAuth proxy's popup and the part of GitHub's REST API Decap's
 * GitHub backend calls, writing real commits (repository.ts); a route it lacks is kept in `unmatched`. docs/testing.md.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Repository, type Commit, type Person } from './repository.ts';

export interface User extends Person {
  login: string;
  id: number;
}

interface Pull {
  number: number;
  state: 'open' | 'closed';
  title: string;
  body: string;
  head: string;
  base: string;
  /** The head's commit once the branch is gone (merged and deleted). */
  headSha?: string;
  labels: string[];
  author: string;
  created: string;
  updated: string;
  merged?: { at: string; sha: string };
}

export interface GitHost {
  /** https://127.0.0.1:<port>: the OAuth proxy's origin (EDITOR_AUTH_URL). */
  origin: string;
  /** The REST API's root (EDITOR_GITHUB_API). */
  apiRoot: string;
  /**
   * Its certificate's public key, hashed as Chromium's --ignore-certificate-errors-spki-list takes it: with that flag
   * the browser trusts the double as it trusts GitHub, so its HTTP cache keeps what Decap asks it to (a blob by its id,
   * `force-cache`), which it never does for a certificate it was told to ignore.
   */
  spki: string;
  repository: Repository;
  pulls: readonly Pull[];
  /** Requests no route answers: what the double lacks. */
  unmatched: string[];
  /** Every request of the API, as "METHOD /path" from the repository's root (GET /git/blobs/<sha>): what a test counts. */
  requests: string[];
  /** Every token given so far stops working, as when a token expires or is revoked. */
  revokeTokens(): void;
  close(): Promise<void>;
}

const GITHUB_DOCS = 'https://docs.github.com/rest';
const json = (res: Response, status: number, body: unknown) => res.status(status).json(body);
const notFound = (res: Response) => json(res, 404, { message: 'Not Found', documentation_url: GITHUB_DOCS });
const unprocessable = (res: Response, message: string) => json(res, 422, { message, documentation_url: GITHUB_DOCS });
/** An Express 5 wildcard's segments, joined again. */
const joined = (value: unknown) => (Array.isArray(value) ? value.join('/') : String(value));

/** A self-signed certificate for 127.0.0.1, made with openssl for this run; the browser is told to trust it (`spki`). */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'git-host-tls-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The callback page of an OAuth proxy: it answers the editor's handshake with `result`, as Decap's NetlifyAuthenticator expects. */
function callbackPage(result: string): string {
  return `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>Signing in</title><p>Signing in…</p><script>
window.addEventListener('message', (event) => window.opener.postMessage(${JSON.stringify(result)}, event.origin), { once: true });
window.opener.postMessage('authorizing:github', '*');
</script>`;
}

/** The double of `repo` ("owner/name"), its `branch` holding the `seed` folders, for the one `user` who may sign in. */
export async function startGitHost({ repo, branch, user, seed }: { repo: string; branch: string; user: User; seed: { root: string; folders: string[] } }): Promise<GitHost> {
  const repository = Repository.create();
  const first = repository.writeCommit(repository.treeOf(seed.root, seed.folders), [], 'The site as it is', user);
  repository.updateRef(`refs/heads/${branch}`, first, undefined);
  const [owner] = repo.split('/') as [string, string];
  const tokens = new Set<string>();
  const pulls: Pull[] = [];
  const unmatched: string[] = [];
  const requests: string[] = [];
  let origin = '';
  const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

  const userJson = () => ({ login: user.login, id: user.id, name: user.name, email: user.email, type: 'User', avatar_url: `${origin}/avatars/u/${user.id}` });
  const person = (who: Required<Person>) => ({ name: who.name, email: who.email, date: who.date });
  // POST /git/commits answers a commit in this shape; compare and /commits list them as repository commits (repoCommit).
  const gitCommit = (commit: Commit) => ({ sha: commit.sha, tree: { sha: commit.tree }, parents: commit.parents.map((sha) => ({ sha })), message: commit.message, author: person(commit.author), committer: person(commit.committer) });
  const repoCommit = (commit: Commit) => ({
    sha: commit.sha,
    parents: commit.parents.map((parent) => ({ sha: parent })),
    commit: { message: commit.message, tree: { sha: commit.tree }, author: person(commit.author), committer: person(commit.committer) },
  });
  const headOf = (pull: Pull) => repository.resolve(`refs/heads/${pull.head}`, 'commit') ?? pull.headSha ?? '';
  const pullJson = (pull: Pull) => ({
    number: pull.number,
    state: pull.state,
    title: pull.title,
    body: pull.body,
    html_url: `${origin}/${repo}/pull/${pull.number}`,
    user: { login: pull.author },
    labels: pull.labels.map((name) => ({ name })),
    head: { ref: pull.head, label: `${owner}:${pull.head}`, sha: headOf(pull), repo: { full_name: repo, fork: false } },
    base: { ref: pull.base, sha: repository.resolve(`refs/heads/${pull.base}`, 'commit'), repo: { full_name: repo, fork: false } },
    created_at: pull.created,
    updated_at: pull.updated,
    merged_at: pull.merged?.at ?? null,
    merge_commit_sha: pull.merged?.sha ?? null,
  });
  /** "owner:branch" or "branch", as pull requests and compare name a head. */
  const branchName = (head: string) => head.slice(head.indexOf(':') + 1);
  const refJson = (ref: string, sha: string) => ({ ref, object: { sha, type: 'commit' } });

  const app = express();
  app.use(express.json({ limit: '50mb' }));

  // The sign-in popup: GitHub's consent, then the proxy's callback page (docs/operations.md#sign-in).
  app.get('/auth', (req, res) => {
    res.type('html').send(`<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>Authorize</title>
<p>Sign in to the git host as ${user.login} with scope ${String(req.query.scope)} for ${String(req.query.site_id)}?</p>
<form method="post" action="/callback"><button>Authorize</button></form>
<p><a href="/callback?error=access_denied&amp;error_description=The+user+has+denied+your+application+access.">Cancel</a></p>`);
  });
  app.post('/callback', (_req, res) => {
    const token = `gho_${randomBytes(18).toString('hex')}`;
    tokens.add(token);
    res.type('html').send(callbackPage(`authorization:github:success:${JSON.stringify({ token, provider: 'github' })}`));
  });
  // Many proxies pass GitHub's error on as GitHub sent it: no "message", which is what Decap shows.
  app.get('/callback', (req, res) => {
    const { error, error_description } = req.query;
    res.type('html').send(callbackPage(`authorization:github:error:${JSON.stringify({ error, error_description })}`));
  });
  app.get('/avatars/u/:id', (_req, res) => {
    res.type('svg').send('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="20" fill="#0f1f33"/></svg>');
  });

  const api = express.Router();
  app.use('/api/v3', api);
  // GitHub's API answers every origin, and a browser asks first for the methods and headers Decap sends.
  api.use((req, res, next) => {
    res.set({ 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag, Link, Location, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset' });
    if (req.method !== 'OPTIONS') return next();
    res.set({ 'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE', 'access-control-allow-headers': 'Authorization, Content-Type, If-None-Match', 'access-control-max-age': '86400' });
    res.status(204).end();
  });
  api.use((req, res, next) => {
    const token = /^(?:token|bearer) (\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!token || !tokens.has(token)) return json(res, 401, { message: 'Bad credentials', documentation_url: GITHUB_DOCS });
    next();
  });

  api.get('/user', (_req, res) => json(res, 200, userJson()));
  api.get('/users/:login', (req, res) => (req.params.login === user.login ? json(res, 200, userJson()) : notFound(res)));
  api.get('/search/issues', (_req, res) => json(res, 200, { total_count: 0, incomplete_results: false, items: [] }));

  const r = express.Router();
  api.use(`/repos/${repo}`, r);
  r.use((req, _res, next) => {
    requests.push(`${req.method} ${req.path}`);
    next();
  });

  r.get('/', (_req, res) => json(res, 200, { name: repo.split('/')[1], full_name: repo, owner: { login: owner }, private: true, fork: false, default_branch: branch, permissions: { admin: false, push: true, pull: true } }));

  r.get('/branches/:branch', (req, res) => {
    const sha = repository.resolve(`refs/heads/${req.params.branch}`, 'commit');
    if (!sha) return json(res, 404, { message: 'Branch not found', documentation_url: GITHUB_DOCS });
    json(res, 200, { name: req.params.branch, commit: repoCommit(repository.commit(sha)) });
  });

  r.get('/git/trees/*treeish', (req, res) => {
    const sha = repository.resolve(joined(req.params.treeish), 'tree');
    if (!sha) return notFound(res);
    json(res, 200, { sha, truncated: false, tree: repository.listTree(sha, req.query.recursive !== undefined) });
  });
  r.post('/git/trees', (req, res) => {
    const { base_tree: base, tree } = req.body as { base_tree?: string; tree: Array<{ path: string; mode: string; sha: string | null }> };
    if (base && !repository.resolve(base, 'tree')) return unprocessable(res, 'Invalid tree info');
    const sha = repository.writeTree(base, tree);
    json(res, 201, { sha, truncated: false, tree: repository.listTree(sha, false) });
  });

  r.get('/git/blobs/:sha', (req, res) => {
    const content = repository.blob(req.params.sha);
    if (!content) return notFound(res);
    json(res, 200, { sha: req.params.sha, size: content.length, encoding: 'base64', content: content.toString('base64') });
  });
  r.post('/git/blobs', (req, res) => {
    const { content, encoding } = req.body as { content: string; encoding?: string };
    const sha = repository.writeBlob(Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8'));
    json(res, 201, { sha });
  });

  // A commit that names no author is the signed-in user's, committed by them, as on GitHub.
  r.post('/git/commits', (req, res) => {
    const { message, tree, parents, author, committer } = req.body as { message: string; tree: string; parents: string[]; author?: Person; committer?: Person };
    if (!repository.resolve(tree, 'tree') || !parents.every((parent) => repository.resolve(parent, 'commit'))) return unprocessable(res, 'Tree SHA does not exist');
    const by = author ?? user;
    json(res, 201, gitCommit(repository.commit(repository.writeCommit(tree, parents, message, by, committer ?? by))));
  });

  r.get('/git/ref/*ref', (req, res) => {
    const ref = `refs/${joined(req.params.ref)}`;
    const sha = repository.resolve(ref, 'commit');
    if (!sha) return notFound(res);
    json(res, 200, refJson(ref, sha));
  });
  r.get('/git/commits/:sha', (req, res) => {
    const sha = repository.resolve(req.params.sha, 'commit');
    if (!sha) return notFound(res);
    json(res, 200, gitCommit(repository.commit(sha)));
  });

  r.post('/git/refs', (req, res) => {
    const { ref, sha } = req.body as { ref: string; sha: string };
    if (!ref.startsWith('refs/') || !repository.resolve(sha, 'commit')) return unprocessable(res, 'Reference update failed');
    if (repository.resolve(ref, 'commit')) return unprocessable(res, 'Reference already exists');
    repository.updateRef(ref, sha, undefined);
    json(res, 201, refJson(ref, sha));
  });
  r.patch('/git/refs/*ref', (req, res) => {
    const ref = `refs/${joined(req.params.ref)}`;
    const { sha, force } = req.body as { sha: string; force?: boolean };
    const current = repository.resolve(ref, 'commit');
    if (!current) return unprocessable(res, 'Reference does not exist');
    if (!repository.resolve(sha, 'commit')) return unprocessable(res, 'Object does not exist');
    if (!force && !repository.isAncestor(current, sha)) return unprocessable(res, 'Update is not a fast forward');
    repository.updateRef(ref, sha, current);
    json(res, 200, refJson(ref, sha));
  });
  r.delete('/git/refs/*ref', (req, res) => {
    const ref = `refs/${joined(req.params.ref)}`;
    const current = repository.resolve(ref, 'commit');
    if (!current) return unprocessable(res, 'Reference does not exist');
    repository.updateRef(ref, undefined, current);
    res.status(204).end();
  });

  // The commits that touched a path, newest first: Decap shows the last one's author and date.
  r.get('/commits', (req, res) => {
    const from = repository.resolve(String(req.query.sha ?? branch), 'commit');
    if (!from) return notFound(res);
    const path = req.query.path ? ['--', String(req.query.path)] : [];
    json(res, 200, repository.log(['-n', '30', from, ...path]).map(repoCommit));
  });
  r.get('/commits/:sha/status', (req, res) => json(res, 200, { state: 'pending', sha: req.params.sha, total_count: 0, statuses: [] }));

  r.get('/compare/*basehead', (req, res) => {
    const [base = '', head = ''] = joined(req.params.basehead).split('...');
    const [from, to] = [base, head].map((name) => repository.resolve(branchName(name), 'commit'));
    if (!from || !to) return notFound(res);
    const mergeBase = repository.git(['merge-base', from, to]);
    const commits = repository.log(['--reverse', `${mergeBase}..${to}`]).map(repoCommit);
    const files = repository.changes(mergeBase, to).map((change) => ({
      sha: change.sha,
      filename: change.path,
      status: { A: 'added', M: 'modified', D: 'removed' }[change.status],
      // GitHub gives a text file's patch, and none for a binary one: Decap tells media from entries by it.
      ...(change.binary ? {} : { patch: repository.git(['diff', mergeBase, to, '--', change.path]) }),
    }));
    json(res, 200, { status: commits.length ? 'ahead' : 'identical', ahead_by: commits.length, total_commits: commits.length, base_commit: repoCommit(repository.commit(mergeBase)), merge_base_commit: repoCommit(repository.commit(mergeBase)), commits, files });
  });

  r.get('/pulls', (req, res) => {
    const { head, base, state = 'open' } = req.query as Record<string, string | undefined>;
    const found = pulls.filter((pull) => (state === 'all' || pull.state === state) && (!head || pull.head === branchName(head)) && (!base || pull.base === base));
    json(res, 200, found.map(pullJson));
  });
  r.post('/pulls', (req, res) => {
    const { title, body = '', head, base } = req.body as { title: string; body?: string; head: string; base: string };
    const name = branchName(head);
    if (!repository.resolve(`refs/heads/${name}`, 'commit') || !repository.resolve(`refs/heads/${base}`, 'commit')) return unprocessable(res, 'Validation Failed');
    if (pulls.some((pull) => pull.state === 'open' && pull.head === name)) return unprocessable(res, `A pull request already exists for ${owner}:${name}.`);
    const pull: Pull = { number: pulls.length + 1, state: 'open', title, body, head: name, base, labels: [], author: user.login, created: now(), updated: now() };
    pulls.push(pull);
    json(res, 201, pullJson(pull));
  });
  const pullNamed = (req: Request, res: Response, next: NextFunction) => {
    const pull = pulls.find((candidate) => candidate.number === Number(req.params.number));
    if (!pull) return notFound(res);
    res.locals.pull = pull;
    next();
  };
  r.patch('/pulls/:number', pullNamed, (req, res) => {
    const pull = res.locals.pull as Pull;
    const { state, title, body } = req.body as Partial<Pick<Pull, 'state' | 'title' | 'body'>>;
    Object.assign(pull, state && { state }, title && { title }, body !== undefined && { body }, { updated: now() });
    json(res, 200, pullJson(pull));
  });
  // Decap asks for a merge commit (or a squash, with squash_merges): GitHub's semantics in the small, merge-tree doing the three-way merge.
  r.put('/pulls/:number/merge', pullNamed, (req, res) => {
    const pull = res.locals.pull as Pull;
    const { sha, commit_message: body = '', merge_method: method = 'merge' } = req.body as { sha?: string; commit_message?: string; merge_method?: string };
    const head = headOf(pull);
    const baseRef = `refs/heads/${pull.base}`;
    const base = repository.resolve(baseRef, 'commit')!;
    if (pull.state !== 'open') return json(res, 405, { message: 'Pull Request is not mergeable', documentation_url: GITHUB_DOCS });
    if (sha && sha !== head) return json(res, 409, { message: 'Head branch was modified. Review and try the merge again.', documentation_url: GITHUB_DOCS });
    if (method !== 'merge' && method !== 'squash') return unprocessable(res, `The double does not merge by ${method}`);
    const tree = repository.mergeTree(base, head);
    if (!tree) return json(res, 405, { message: 'Pull Request is not mergeable', documentation_url: GITHUB_DOCS });
    const message = method === 'merge' ? `Merge pull request #${pull.number} from ${owner}/${pull.head}\n\n${body}` : `${pull.title} (#${pull.number})\n\n${body}`;
    const merged = repository.writeCommit(tree, method === 'merge' ? [base, head] : [base], message, user);
    repository.updateRef(baseRef, merged, base);
    Object.assign(pull, { state: 'closed', headSha: head, merged: { at: now(), sha: merged }, updated: now() });
    json(res, 200, { sha: merged, merged: true, message: 'Pull Request successfully merged' });
  });
  // Decap keeps a draft's status (draft, in review, ready) as a label of its pull request.
  r.put('/issues/:number/labels', pullNamed, (req, res) => {
    const pull = res.locals.pull as Pull;
    pull.labels = (req.body as { labels: string[] }).labels;
    pull.updated = now();
    json(res, 200, pull.labels.map((name) => ({ name })));
  });

  app.use((req, res) => {
    unmatched.push(`${req.method} ${req.originalUrl}`);
    notFound(res);
  });

  const tls = certificate();
  const server = createServer(tls, app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    apiRoot: `${origin}/api/v3`,
    spki: createHash('sha256').update(new X509Certificate(tls.cert).publicKey.export({ type: 'spki', format: 'der' })).digest('base64'),
    repository,
    pulls,
    unmatched,
    requests,
    revokeTokens: () => tokens.clear(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      repository.remove();
    },
  };
}
