import path from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import {
  SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler,
  type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult,
} from 'kysely';
import type { TransactionState, WriteLock } from './writeLock';

/** What the worker (server/db/sqliteWriter.mjs) answers a statement with. */
interface Reply {
  id: number;
  rows?: unknown[];
  changes?: number;
  lastInsertRowid?: number;
  error?: { message: string; code?: string };
  /** Whether the worker's connection is inside a transaction after the statement. */
  inTransaction: boolean;
}

/** A refusal of the worker's connection, as better-sqlite3 would have thrown it (code and message are what callers read). */
class WorkerSqliteError extends Error {
  constructor(message: string, readonly code: string | undefined) {
    super(message);
    this.name = 'SqliteError';
  }
}

/** A blob comes back from the worker as Uint8Array; the server's own connection answers Buffers. */
function asBuffers(rows: unknown[]): unknown[] {
  for (const row of rows as Record<string, unknown>[]) {
    for (const [name, value] of Object.entries(row)) {
      if (value instanceof Uint8Array && !Buffer.isBuffer(value)) row[name] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return rows;
}

class WorkerConnection implements DatabaseConnection, TransactionState {
  inTransaction = false;

  constructor(private readonly driver: WorkerDriver, private readonly lock: WriteLock) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.lock.statement(this, () => this.driver.result<R>(query));
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the bulk writer does not stream');
  }
}

class WorkerDriver implements Driver {
  #worker: Worker | undefined;
  #exited: Promise<unknown> | undefined;
  readonly #waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  #nextId = 1;

  constructor(private readonly databaseFile: string, private readonly lock: WriteLock) {}

  async init(): Promise<void> {}

  /** Started by the first statement, so a server that never imports runs no thread; started again should it have died. */
  #start(): Worker {
    const worker = new Worker(path.resolve('server/db/sqliteWriter.mjs'), { workerData: { file: this.databaseFile } });
    // Idle, the worker does not keep a process alive; a statement in flight is awaited by a request.
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.#waiting.get(reply.id);
      this.#waiting.delete(reply.id);
      waiting?.resolve(reply);
    });
    // Its connection gone, SQLite has rolled back whatever transaction it held.
    const fail = (error: Error) => {
      for (const waiting of this.#waiting.values()) waiting.reject(error);
      this.#waiting.clear();
      if (this.#worker === worker) this.#worker = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the SQLite bulk writer exited with ${code}`)));
    this.#exited = once(worker, 'exit');
    this.#worker = worker;
    return worker;
  }

  /** One statement on the worker's connection; its reply, refusals included. */
  send(sql: string, parameters: readonly unknown[]): Promise<Reply> {
    const worker = this.#worker ?? this.#start();
    const id = this.#nextId;
    this.#nextId += 1;
    return new Promise<Reply>((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      worker.postMessage({ id, sql, params: parameters });
    });
  }

  async result<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const reply = await this.send(query.sql, query.parameters);
    if (reply.error) throw new WorkerSqliteError(reply.error.message, reply.error.code);
    if (reply.rows) return { rows: asBuffers(reply.rows) as R[] };
    return {
      numAffectedRows: reply.changes === undefined ? undefined : BigInt(reply.changes),
      insertId: reply.lastInsertRowid === undefined ? undefined : BigInt(reply.lastInsertRowid),
      rows: [],
    };
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WorkerConnection(this, this.lock);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.lock.begin(connection as WorkerConnection, async () => {
      const reply = await this.send('begin', []);
      if (reply.error) throw new WorkerSqliteError(reply.error.message, reply.error.code);
    });
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection as WorkerConnection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection as WorkerConnection, 'rollback');
  }

  async #end(connection: WorkerConnection, statement: 'commit' | 'rollback'): Promise<void> {
    let reply: Reply | undefined;
    await this.lock.end(connection, async () => {
      reply = await this.send(statement, []);
      if (reply.error) throw new WorkerSqliteError(reply.error.message, reply.error.code);
    }, () => Boolean(reply?.inTransaction)); // a worker gone has no transaction either
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const worker = connection as WorkerConnection;
    // Kysely ends every transaction before releasing; should one be left open, undo it rather than hold the lock.
    if (worker.inTransaction) await this.rollbackTransaction(worker);
  }

  async destroy(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    worker.ref();
    worker.postMessage('stop');
    await this.#exited;
  }
}

/**
 * Kysely's SQLite dialect for long write transactions (an import): each statement runs on a
 * worker thread's connection (server/db/sqliteWriter.mjs) while the event loop serves other
 * requests, under the same write lock as the server's own connection (server/db/writeLock.ts),
 * so the two never write at once. A round trip costs tens of microseconds: worth it for a
 * statement of many milliseconds, not for a request's few small ones.
 */
export function workerSqliteDialect(databaseFile: string, lock: WriteLock): Dialect {
  return {
    createDriver: () => new WorkerDriver(databaseFile, lock),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: () => new SqliteAdapter(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}
