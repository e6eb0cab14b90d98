/**
 * Answers kept from one round of calls to the next, by key. The editor checks the whole content at each pause in
 * typing and each save, and the dev server at each save, where one file has changed: a round works out again only
 * what the last round did not ask. A round keeps only what it asked, so nothing grows.
 */
export class LastRound<V> {
  #last = new Map<string, V>();
  #next = new Map<string, V>();

  /** The last round's answer for the key when it is there and `usable`, else `make()`'s; kept for the next round. */
  answer(key: string, make: () => V, usable: (kept: V) => boolean = () => true): V {
    const value = this.#last.has(key) && usable(this.#last.get(key)!) ? this.#last.get(key)! : make();
    this.#next.set(key, value);
    return value;
  }

  /** Ends a round: what it did not ask is dropped. */
  end(): void {
    this.#last = this.#next;
    this.#next = new Map();
  }
}
