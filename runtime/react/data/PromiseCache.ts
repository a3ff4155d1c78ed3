/**
 * Remembers one promise per key so concurrent screens asking for the same schema or dictionary
 * share a single request. A rejected load is forgotten, so the next screen retries instead of
 * inheriting a stale failure.
 */
export class PromiseCache<T> {
  private readonly entries = new Map<string, Promise<T>>();

  get(key: string, load: () => Promise<T>): Promise<T> {
    const known = this.entries.get(key);
    if (known) return known;
    const pending = load();
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }
}
