/**
 * The SQLite file's write lock, in process: one writing transaction or statement at a time,
 * whichever connection runs it (the server's own, server/db/sqliteDriver.ts, or the bulk writer's
 * worker, server/db/workerSqliteDialect.ts). Waiting here is asynchronous; waiting on SQLite's
 * busy timeout would hold the event loop.
 */
export class WriteLock {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => { this.#release = resolve; });
  }

  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}
