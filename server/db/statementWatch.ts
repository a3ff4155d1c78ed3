import type {
  CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode, QueryResult, RootOperationNode, TransactionSettings,
} from 'kysely';

/** A table some statement changed, and how (a raw statement's kind is unknown: `raw`). */
export interface TableWrite { table: string; kind: 'insert' | 'update' | 'delete' | 'merge' | 'raw' }

type WriteListener = (writes: readonly TableWrite[]) => void;
type StatementListener = (query: CompiledQuery) => void;

/**
 * Every statement this process runs passes here, at the driver, below every query builder and
 * every write path: caches of what tables hold (the signed-in principal) learn of a change the
 * moment it is visible to other connections — after the statement, or after the commit of the
 * transaction that made it — without each write path having to remember to tell them.
 */
export class StatementWatch {
  private readonly writeListeners = new Set<WriteListener>();
  private readonly statementListeners = new Set<StatementListener>();

  /** Called once a change is committed; answers a function that stops listening. */
  onWrite(listener: WriteListener): () => void {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
  }

  /** Every executed statement (tests count them, bench/list replays the list's SQL). */
  onStatement(listener: StatementListener): () => void {
    this.statementListeners.add(listener);
    return () => this.statementListeners.delete(listener);
  }

  /** For changes made outside this process's Kysely handle (another connection, a worker thread). */
  wrote(writes: readonly TableWrite[]): void {
    if (writes.length === 0) return;
    for (const listener of this.writeListeners) listener(writes);
  }

  /** @internal the driver wrapper's hook */
  executed(query: CompiledQuery): void {
    for (const listener of this.statementListeners) listener(query);
  }
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return undefined;
}

// A raw statement's target tables, read from its SQL text (sql.table() names are in it by then).
// Over-reporting ("do update set" reads as a write of "set") only costs a cache refill; missing a
// write would serve stale data, so a write whose target cannot be read reports every table ('*').
const RAW_WRITE = /^\s*(?:insert|update|delete|replace|merge|truncate|drop|alter)\b|\b(?:insert\s+(?:or\s+\w+\s+)?into|delete\s+from|replace\s+into|merge\s+into)\b|\bupdate\s+\S+\s+set\b/i;
const RAW_TARGET = /\b(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|merge\s+into|delete\s+from|update|truncate(?:\s+table)?|(?:alter|drop)\s+table(?:\s+if\s+exists)?)\s+(?:"?\w+"?\.)?"?(\w+)"?/gi;

/** The tables a statement writes; empty for a read. */
export function writtenTables(query: CompiledQuery): TableWrite[] {
  const node: RootOperationNode = query.query;
  switch (node.kind) {
    case 'SelectQueryNode':
      return [];
    case 'InsertQueryNode':
      return [{ table: tableName(node.into) ?? '*', kind: 'insert' }];
    case 'UpdateQueryNode':
      return [{ table: tableName(node.table) ?? '*', kind: 'update' }];
    case 'DeleteQueryNode':
      return node.from.froms.map((from) => ({ table: tableName(from) ?? '*', kind: 'delete' as const }));
    case 'MergeQueryNode':
      return [{ table: tableName(node.into) ?? '*', kind: 'merge' }];
    default: {
      if (!RAW_WRITE.test(query.sql)) return [];
      const tables = [...query.sql.matchAll(RAW_TARGET)].map((m) => m[1]);
      return (tables.length ? tables : ['*']).map((table) => ({ table, kind: 'raw' as const }));
    }
  }
}

/** A statement that matched no row changed nothing: no cache need hear of it. */
function changedRows(result: QueryResult<unknown> | undefined): boolean {
  return result?.numAffectedRows === undefined || result.numAffectedRows > 0n;
}

class WatchedConnection implements DatabaseConnection {
  /** Tables written inside the open transaction, reported at its commit. */
  pending: TableWrite[] | undefined;

  constructor(readonly inner: DatabaseConnection, private readonly watch: StatementWatch) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    this.watch.executed(query);
    const writes = writtenTables(query);
    const result = await this.inner.executeQuery<R>(query);
    if (writes.length && changedRows(result)) {
      if (this.pending) this.pending.push(...writes);
      else this.watch.wrote(writes);
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.watch.executed(query);
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof WatchedConnection ? connection.inner : connection;
}

class WatchedDriver implements Driver {
  constructor(private readonly inner: Driver, private readonly watch: StatementWatch) {
    // Optional in Kysely: present here only where the wrapped driver has them.
    if (inner.savepoint) this.savepoint = (c, name, compile) => inner.savepoint!(unwrap(c), name, compile);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = (c, name, compile) => inner.rollbackToSavepoint!(unwrap(c), name, compile);
    if (inner.releaseSavepoint) this.releaseSavepoint = (c, name, compile) => inner.releaseSavepoint!(unwrap(c), name, compile);
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.inner.acquireConnection(), this.watch);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(unwrap(connection), settings);
    if (connection instanceof WatchedConnection) connection.pending = [];
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.commitTransaction(unwrap(connection));
    } finally {
      // Reported even when the commit failed: a needless refill is cheap, a stale cache is not.
      if (connection instanceof WatchedConnection) {
        const writes = connection.pending ?? [];
        connection.pending = undefined;
        this.watch.wrote(writes);
      }
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof WatchedConnection) connection.pending = undefined;
    await this.inner.rollbackTransaction(unwrap(connection));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The dialect with its driver wrapped so that `watch` sees every statement and every committed write. */
export function watchStatements(dialect: Dialect, watch: StatementWatch): Dialect {
  return {
    createDriver: () => new WatchedDriver(dialect.createDriver(), watch),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
