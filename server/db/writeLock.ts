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

  /** A statement of the connection: inside its transaction as it is (the lock is its own), else under the lock. */
  async statement<T>(connection: TransactionState, run: () => T | Promise<T>): Promise<T> {
    if (connection.inTransaction) return run();
    await this.lock();
    try {
      return await run();
    } finally {
      this.unlock();
    }
  }

  /** BEGIN on the connection: the lock is held from here to the transaction's end, or freed if BEGIN fails. */
  async begin(connection: TransactionState, begin: () => unknown): Promise<void> {
    await this.lock();
    try {
      await begin();
    } catch (error) {
      this.unlock();
      throw error;
    }
    connection.inTransaction = true;
  }

  /**
   * COMMIT or ROLLBACK on the connection. The lock is freed once the connection holds no
   * transaction, whether the statement failed or not: a failed COMMIT leaves none open in WAL mode.
   */
  async end(connection: TransactionState, end: () => unknown, stillOpen: () => boolean): Promise<void> {
    try {
      await end();
    } finally {
      if (!stillOpen()) {
        connection.inTransaction = false;
        this.unlock();
      }
    }
  }
}

/** A connection under the lock: true from BEGIN to COMMIT/ROLLBACK, while the lock is its own. */
export interface TransactionState {
  inTransaction: boolean;
}
