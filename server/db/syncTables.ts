import { sql, type ColumnDefinitionBuilder } from 'kysely';
import type { Database_ } from './connect';
import type { ColumnSpec, ColumnType, TableSpec } from './tableSpecs';
import { syncKeywordIndex } from './keywordIndex';
import { syncParticipantIndexes } from './participantIndexes';

const MIGRATION_TABLE = 'sys_migration';

function sqlType(type: ColumnType, dialect: Database_['dialect']): 'text' | 'integer' | 'double precision' | 'bigint' {
  if (type === 'integer') return dialect === 'postgres' ? 'bigint' : 'integer';
  if (type === 'double') return 'double precision';
  return 'text';
}

function withDefault(column: ColumnDefinitionBuilder, spec: ColumnSpec): ColumnDefinitionBuilder {
  return spec.notNullDefault === undefined ? column : column.notNull().defaultTo(spec.notNullDefault);
}

export interface SyncResult {
  /** The steps applied now, as recorded in sys_migration. */
  applied: string[];
  /**
   * Unique indexes the data already breaks (a field made unique after duplicates were stored):
   * left out and tried again at the next start; the write calls' own uniqueness check still
   * refuses new duplicates meanwhile.
   */
  blocked: { index: string; reason: string }[];
}

/**
 * Creates and alters tables to match the schemas: add table, add column, add index — never drop
 * or narrow, so a schema edit can never lose data. Each applied step is recorded in
 * sys_migration, making the history of the database readable.
 */
export async function syncTables(database: Database_, specs: TableSpec[]): Promise<SyncResult> {
  const { db, dialect } = database;
  await db.schema.createTable(MIGRATION_TABLE).ifNotExists()
    .addColumn('migrationId', 'text', (c) => c.primaryKey())
    .addColumn('appliedAt', 'text', (c) => c.notNull())
    .execute();

  const existing = await db.introspection.getTables();
  const columnsOf = new Map<string, Set<string>>();
  for (const table of existing) {
    if (dialect === 'postgres' && table.schema !== database.pgSchema) continue;
    columnsOf.set(table.name, new Set(table.columns.map((c) => c.name)));
  }
  const applied: string[] = [];
  const blocked: SyncResult['blocked'] = [];
  const record = async (step: string) => {
    applied.push(step);
    await db.insertInto(MIGRATION_TABLE).values({ migrationId: step, appliedAt: new Date().toISOString() })
      .onConflict((oc) => oc.column('migrationId').doNothing()).execute();
  };

  for (const spec of specs) {
    const present = columnsOf.get(spec.table);
    if (!present) {
      let create = db.schema.createTable(spec.table).ifNotExists();
      for (const column of spec.columns) {
        create = create.addColumn(column.name, sqlType(column.type, dialect),
          (c) => (column.name === spec.key ? c.primaryKey() : withDefault(c, column)));
      }
      await create.execute();
      await record(`create table ${spec.table}`);
    } else {
      for (const column of spec.columns) {
        if (present.has(column.name)) continue;
        await db.schema.alterTable(spec.table).addColumn(column.name, sqlType(column.type, dialect), (c) => withDefault(c, column)).execute();
        await record(`add column ${spec.table}.${column.name}`);
      }
    }
    for (const index of spec.indexes) {
      const step = `create index ${index.name}`;
      const done = await db.selectFrom(MIGRATION_TABLE).select('migrationId').where('migrationId', '=', step).executeTakeFirst();
      if (done) continue;
      let create = db.schema.createIndex(index.name).ifNotExists().on(spec.table);
      // PostgreSQL's ascending index puts empty values last, the list's order puts them first; an
      // index built the list's way serves `asc nulls first` forwards and `desc nulls last`
      // backwards. SQLite's own order already is the list's.
      create = index.listOrder && dialect === 'postgres'
        ? create.expression(sql.join(index.columns.map((column) => sql`${sql.ref(column)} asc nulls first`)))
        : create.columns(index.columns);
      if (index.unique) create = create.unique();
      try {
        await create.execute();
      } catch (failure) {
        // Only a unique index can fail on existing data; anything else is a real fault.
        if (!index.unique) throw failure;
        blocked.push({ index: index.name, reason: failure instanceof Error ? failure.message : String(failure) });
        continue;
      }
      await record(step);
    }
  }
  for (const spec of specs) await syncKeywordIndex(database, spec.table, spec.keywordFields ?? [], record);
  await syncParticipantIndexes(database, specs.map((spec) => ({ table: spec.table, columns: spec.participantColumns ?? [] })), record);
  await refreshStatistics(database);
  return { applied, blocked };
}

/**
 * SQLite: statistics for every table that lacks or outgrew them (0x10002 also covers tables never
 * analysed): the keyword index's row-id plan needs sqlite_stat1 (docs/PERFORMANCE.md).
 * analysis_limit samples each index, so a start on a million-row table stays quick. Called at each
 * start and again after a first start seeds the demo data: otherwise every table the seed filled
 * has outgrown its statistics and the next start analyses them all (seconds on a new database).
 */
export async function refreshStatistics(database: Database_): Promise<void> {
  if (database.dialect !== 'sqlite') return;
  await sql`PRAGMA analysis_limit = 1000`.execute(database.db);
  await sql`PRAGMA optimize = 0x10002`.execute(database.db);
}
