import type Database from 'better-sqlite3';
import {
  CompiledQuery, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult,
} from 'kysely';
import { statementCache } from './statementCache.mjs';
import type { TransactionState, WriteLock } from './writeLock';

/**
 * Kysely's SQLite dialect with two connections instead of one.
 *
 * Kysely's own SQLite driver has one connection behind a mutex, and a transaction holds the mutex
 * from BEGIN to COMMIT: while an import wrote 100,000 rows (~8 s), every other request's query —
 * a session lookup, a menu — waited for the whole write (bench/import: the progress call's worst
 * latency 6.5–8 s). Here a second, read-only connection answers what reads alone outside a
 * transaction (a SELECT, or WITH … SELECT, that SQLite itself reports as read-only): in WAL mode
 * it reads the last committed state and never waits for the writer. Everything else — writes,
 * PRAGMAs, and every statement of a transaction, reads included — runs on the writing connection
 * under the write lock (server/db/writeLock.ts), as before. Both connections are synchronous: a
 * long statement still holds the event loop; what goes away is the wait behind another request's
 * transaction. A long write transaction (an import) runs on the bulk writer's worker thread
 * instead, under the same lock (server/db/workerSqliteDialect.ts).
 */

/** A statement that starts as a query, not as a write or a PRAGMA (which may set the connection's state). */
const QUERY_TEXT = /^\s*(select|with)\b/i;

/**
 * Statements kept per connection: a list call's page, count and display-name statements repeat
 * their text call after call (the parameters differ), and preparing them anew was ~15 % of the
 * call's CPU. Enough for every statement shape a busy server repeats; the rest are prepared anew.
 */
const STATEMENTS_KEPT = 256;

type Prepared = (sql: string) => Database.Statement;

function run(prepared: Prepared, { sql, parameters }: CompiledQuery): QueryResult<unknown> {
  const stmt = prepared(sql);
  if (stmt.reader) return { rows: stmt.all(parameters as unknown[]) };
  const { changes, lastInsertRowid } = stmt.run(parameters as unknown[]);
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  };
}

class RoutedConnection implements DatabaseConnection, TransactionState {
  inTransaction = false;

  constructor(private readonly reader: Database.Database, private readonly lock: WriteLock, private readonly kept: KeptStatements) {}

  /** The statement prepared on the reader, when it only reads and no transaction of this connection is open. */
  private readerStatement(query: CompiledQuery, prepared: Prepared): Database.Statement | undefined {
    if (this.inTransaction || !QUERY_TEXT.test(query.sql)) return undefined;
    const stmt = prepared(query.sql);
    return stmt.readonly ? stmt : undefined;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const read = this.readerStatement(query, this.kept.reader);
    if (read) return { rows: read.all(query.parameters as unknown[]) as R[] };
    return this.lock.statement(this, () => run(this.kept.writer, query) as QueryResult<R>);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // Prepared anew, not kept: a kept statement is busy while iterated, and another call may run the same text meanwhile.
    const read = this.readerStatement(query, (text) => this.reader.prepare(text));
    if (!read) throw new Error('SQLite streams only a read outside a transaction');
    for (const row of read.iterate(query.parameters as unknown[])) yield { rows: [row as R] };
  }
}

/** The kept statements of both connections, shared by every Kysely connection of the driver. */
interface KeptStatements { writer: Prepared; reader: Prepared }

class RoutedDriver implements Driver {
  private readonly kept: KeptStatements;

  constructor(private readonly writer: Database.Database, private readonly reader: Database.Database, private readonly lock: WriteLock) {
    this.kept = { writer: statementCache(writer, STATEMENTS_KEPT), reader: statementCache(reader, STATEMENTS_KEPT) };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.reader, this.lock, this.kept);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.lock.begin(connection as RoutedConnection, () => this.kept.writer('begin').run());
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection as RoutedConnection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection as RoutedConnection, 'rollback');
  }

  async #end(connection: RoutedConnection, statement: 'commit' | 'rollback'): Promise<void> {
    await this.lock.end(connection, () => this.kept.writer(statement).run(), () => this.writer.inTransaction);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    // Kysely ends every transaction before releasing; should one be left open, undo it rather than hold the writer.
    if (routed.inTransaction) await this.rollbackTransaction(routed);
  }

  async destroy(): Promise<void> {
    this.reader.close();
    this.writer.close();
  }
}

/** The dialect: `writer` is the file's connection, `reader` a second, read-only one on the same file. */
export function routedSqliteDialect(writer: Database.Database, reader: Database.Database, lock: WriteLock): Dialect {
  return {
    createDriver: () => new RoutedDriver(writer, reader, lock),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: () => new SqliteAdapter(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}
