/**
 * Answers kept for a while per key, so a provider is asked once per key and period however many
 * users look. Callers asking for a key being loaded share the one request; a failed load is not
 * kept (the next caller asks again). Bounded: past `maxEntries` the oldest entry goes.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets every answer (the monitor's 清除缓存); requests under way finish for their callers. */
  clear(): void {
    this.entries.clear();
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.value;
    this.entries.delete(key);
    if (this.ttlMs <= 0) return load();
    const value = load();
    // The period starts at the request: an answer is never reused longer than ttlMs after it was asked for.
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
