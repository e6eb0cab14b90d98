/**
 * One write at a time. Every write of the editor (repository.ts) checks the
 * repository as it is and then writes; two at once would each pass the check
 * against what the other has not written yet (two new categories at one
 * address) and both land. So each check-and-write holds a lock:
 *
 *   - in this tab, a queue;
 *   - on GitHub, also across every editor's tab: a ref of the repository
 *     (github.ts, LOCK_REF), which GitHub's API creates for one caller only,
 *     deleted when the write is done. Its commit's date tells a lock left by
 *     a tab that closed mid-write, taken over after STALE_MS. Other writes to
 *     the branch (a developer's push) do not take it: the build's own check
 *     stops those.
 *
 * The local backend of `npm run dev` queues its writes on its side
 * (scripts/dev/local-backend.ts), so there the tab's queue is enough.
 */
import { queue, type Queue } from '../../shared/queue.ts';
import { releaseLock, takeLock, type GitHubRepository } from './github.ts';
import { OwnersError } from './locale.ts';

/** A lock around one check-and-write: this tab's queue, or that and GitHub's lock. */
export type WriteLock = Queue;
export { queue };

/** Another editor's write held the lock for longer than this one waited: nothing was written. */
export class WriteBusy extends OwnersError {
  constructor(message: string) {
    super('WriteBusy', message);
  }
}

/** A write takes seconds; a lock older than this was left by a tab that is gone. */
export const STALE_MS = 2 * 60_000;
/** How long a write waits for another editor's before it gives up. */
const WAIT_MS = 30_000;
const RETRY_MS = 500;

/** The lock across every editor's tab of a GitHub repository, inside this tab's queue; `busy` is what the owner reads when it waited in vain. */
export function gitHubLock(repository: GitHubRepository, busy: string): WriteLock {
  const inTab = queue();
  return (work) =>
    inTab(async () => {
      const deadline = Date.now() + WAIT_MS;
      let taken: string | undefined;
      while (!taken) {
        const attempt = await takeLock(repository);
        if ('taken' in attempt) taken = attempt.taken;
        else if (attempt.heldFor > STALE_MS) await releaseLock(repository, attempt.held);
        else if (Date.now() > deadline) throw new WriteBusy(busy);
        else await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
      try {
        return await work();
      } finally {
        await releaseLock(repository, taken);
      }
    });
}
