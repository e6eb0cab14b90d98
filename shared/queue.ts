/** Work run one after another, each once the one before has settled: the editor's writes in a tab, the local backend's writes on disk. */
export type Queue = <T>(work: () => Promise<T>) => Promise<T>;

export function queue(): Queue {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = last.then(work, work);
    last = run.catch(() => undefined);
    return run;
  };
}
