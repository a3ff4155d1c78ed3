import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { StatementWatch, watchStatements } from './statementWatch';
import { registerSqliteFunctions } from './sqliteFunctions.mjs';
import { startWalCheckpoints } from './walCheckpoints';
import { routedSqliteDialect } from './sqliteDriver';
import { workerSqliteDialect } from './workerSqliteDialect';
import { WriteLock } from './writeLock';

/** Rows are schema-driven, so the database is typed as "any table, any column". */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = Kysely<any>;
export type DialectName = 'sqlite' | 'postgres';

export interface Database_ {
  db: Db;
  dialect: DialectName;
  /** PostgreSQL schema holding our tables (search_path); undefined on SQLite. */
  pgSchema?: string;
  /** Every statement and every committed write of `db` (server/db/statementWatch.ts). */
  watch: StatementWatch;
  /**
   * For long write transactions (an import): on SQLite its statements run on a worker thread's
   * connection under the same write lock (server/db/workerSqliteDialect.ts), so a multi-row INSERT
   * or the COMMIT of 100,000 rows does not hold the event loop; on PostgreSQL it is `db`.
   */
  bulk: Db;
  /**
   * SQLite only: the read-only connection, for the keyword search's synchronous look-up of how
   * many rows hold a keyword (it sees what is committed, never another request's open transaction).
   */
  sqlite?: Database.Database;
  close(): Promise<void>;
}

// COUNT(*) comes back as int8, which pg returns as a string to avoid precision loss; our
// counts stay far below 2^53, so numbers are what every caller expects.
pg.types.setTypeParser(20, (value) => Number(value));

/** Name of the Unicode-aware lower() registered on SQLite connections. */
export { SQLITE_UNICODE_LOWER } from './sqliteFunctions.mjs';

export interface ConnectOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL only: use (and create) this schema instead of the URL's default, e.g. per test run. */
  pgSchema?: string;
}

/** The embedded database's file in the data folder. */
export const SQLITE_FILE = 'oa.sqlite';

export async function connectDatabase(options: ConnectOptions): Promise<Database_> {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const schema = options.pgSchema;
    if (schema) {
      if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid PostgreSQL schema name ${schema}`);
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // A connection the server ends while idle in the pool (a PostgreSQL restart, an administrator's
    // terminate, a dropped database) is an 'error' event on the pool: unheard, it would end the
    // whole process. The pool drops that client itself and opens a new one for the next query.
    pool.on('error', (error) => { console.warn(`PostgreSQL closed an idle connection: ${error.message}`); });
    // Fail at start, with the URL's host in the message, rather than on the first request.
    const probe = await pool.connect().catch((error: Error) => {
      throw new Error(`cannot reach PostgreSQL at ${safeUrl(options.databaseUrl!)}: ${error.message}`);
    });
    probe.release();
    const watch = new StatementWatch();
    const db: Db = new Kysely({ dialect: watchStatements(new PostgresDialect({ pool }), watch) });
    const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    return { db, bulk: db, dialect: 'postgres', pgSchema: current.rows[0]?.schema ?? 'public', watch, close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const databaseFile = path.join(options.dataDir, SQLITE_FILE);
  const file = new Database(databaseFile);
  // WAL lets readers proceed while a writer commits; busy_timeout queues writers instead of
  // failing them when two requests write at once.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('busy_timeout = 5000');
  // The second connection, for reads outside transactions (server/db/sqliteDriver.ts).
  const reader = new Database(databaseFile);
  reader.pragma('busy_timeout = 5000');
  reader.pragma('query_only = 1');
  // unicode_lower (SQLite's lower() folds ASCII only) and the keyword index's pair tokens.
  for (const connection of [file, reader]) registerSqliteFunctions(connection);
  const watch = new StatementWatch();
  const lock = new WriteLock();
  const db: Db = new Kysely({ dialect: watchStatements(routedSqliteDialect(file, reader, lock), watch) });
  const bulk: Db = new Kysely({ dialect: watchStatements(workerSqliteDialect(databaseFile, lock), watch) });
  const stopCheckpoints = startWalCheckpoints(file, databaseFile, (message) => console.warn(message));
  return {
    db, bulk, dialect: 'sqlite', watch, sqlite: reader,
    close: async () => {
      await stopCheckpoints();
      await bulk.destroy();
      await db.destroy();
    },
  };
}

function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'the configured URL';
  }
}
