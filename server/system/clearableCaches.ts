/**
 * The server's in-process caches that the monitor's 清除缓存 empties: each registers a name and
 * how to clear it when it is made. Caches that stay correct by themselves (the one-second
 * configuration and maintenance caches, the weather kept for WEATHER_CACHE_SECONDS) are still
 * listed, so an administrator who has just changed something outside the application — a row
 * in the database, a provider's data — sees it at once instead of waiting.
 */
export class ClearableCaches {
  private readonly entries = new Map<string, () => void>();

  register(name: string, clear: () => void): void {
    this.entries.set(name, clear);
  }

  /** Clears every cache; answers their names, in registration order. */
  clearAll(): string[] {
    for (const clear of this.entries.values()) clear();
    return [...this.entries.keys()];
  }
}
