import type { TFunction } from 'i18next';
import type { EntityDef } from '../../runtime/core/schema';
import { initialState } from '../../runtime/core/flow';
import { CompiledQuery } from 'kysely';
import type { Db, DialectName } from '../db/connect';
import { memoText, parameterMarkers, quoteName } from '../db/statementText';
import { newId, nowText } from '../http/newId';
import { valuesToColumns } from './rowValues';
import { refuseUniqueViolation, uniqueViolationField } from './checkStoredValues';
import { nextCode } from '../codes/nextCode';
import { systemEntity, type ServerContext } from '../context';
import { attachmentIdsOf, syncAttachmentLinks } from '../files/attachmentLinks';
import { eventLoopPacer } from './eventLoopPacer';
import { recordSubmissions } from './flowLog';

export interface RowOwner { userId: string; deptId: string; unitId: string }

const MAX_SKIPS = 1000;

/** The next number not already taken by a typed-in value (skipping a used number leaves no gap). */
async function freeCode(ctx: ServerContext, db: Db, entity: EntityDef, field: string, ruleCode: string): Promise<string> {
  for (let attempt = 0; attempt < MAX_SKIPS; attempt += 1) {
    const code = await nextCode(db, systemEntity(ctx, 'CodeRule').table, ruleCode);
    const taken = await db.selectFrom(entity.table).select(entity.key).where(field, '=', code).executeTakeFirst();
    if (!taken) return code;
  }
  throw new Error(`code rule ${ruleCode}: ${MAX_SKIPS} numbers in a row are taken`);
}

/** The state a new row of a flow entity starts in: the one its values name, else the flow's initial one. */
function stateOf(entity: EntityDef, values: Record<string, unknown>): string {
  return String(values[entity.flow!.field] ?? initialState(entity));
}

/**
 * The one way a row is born (insert call, import, a module's call such as a registration or an
 * exam's start): validated values plus the flow's initial state, auto-coded fields numbered, and
 * the system columns of its owner. A unique index refusing the row (two requests racing past the
 * uniqueness check) becomes the same user error as the check's. A request of a flow starts its
 * history here, in the insert's transaction: submitted by its owner into its state (flowLog.ts),
 * so no insert path can leave one without.
 */
export async function insertNewRow(
  ctx: ServerContext, db: Db, entity: EntityDef, values: Record<string, unknown>, owner: RowOwner, t?: TFunction, id = newId(),
): Promise<string> {
  await writeNewRow(ctx, db, entity, values, owner, t, id);
  if (entity.flow) await recordSubmissions(db, entity, owner.userId, [{ id, state: stateOf(entity, values) }]);
  return id;
}

/**
 * A demo row (server/seed/insertRow.ts): insertNewRow without the submission — a seeded request
 * may stand in any state, and seedFlowHistory writes the whole history that state implies.
 */
export async function insertSeededRow(ctx: ServerContext, db: Db, entity: EntityDef, values: Record<string, unknown>, owner: RowOwner): Promise<string> {
  return writeNewRow(ctx, db, entity, values, owner, undefined, newId());
}

async function writeNewRow(
  ctx: ServerContext, db: Db, entity: EntityDef, values: Record<string, unknown>, owner: RowOwner, t: TFunction | undefined, id: string,
): Promise<string> {
  // Numbering happens here, in the insert's transaction, so a failed insert consumes no number.
  const now = nowText();
  const state = initialState(entity);
  const numbered = { ...values };
  for (const field of entity.fields) {
    const empty = numbered[field.name] === undefined || numbered[field.name] === null || numbered[field.name] === '';
    if (field.autoCode && empty) numbered[field.name] = await freeCode(ctx, db, entity, field.name, field.autoCode);
  }
  await db.insertInto(entity.table).values({
    ...valuesToColumns(entity, numbered),
    ...(entity.flow && state && values[entity.flow.field] === undefined ? { [entity.flow.field]: state } : {}),
    createUser: owner.userId,
    createDept: owner.deptId,
    unitId: owner.unitId,
    createTime: now,
    updateTime: now,
    // Last, so an entity whose key is itself a system column name (Unit.unitId) keeps its id.
    [entity.key]: id,
  }).execute().catch((error: unknown) => {
    const field = t ? uniqueViolationField(entity, error) : undefined;
    if (field && t) refuseUniqueViolation(entity, field, numbered, t);
    throw error;
  });
  await syncAttachmentLinks(db, entity, id, numbered);
  return id;
}

/** Bound parameters one statement may carry: SQLite's SQLITE_MAX_VARIABLE_NUMBER, PostgreSQL's protocol limit. */
const MAX_PARAMETERS = { sqlite: 32_766, postgres: 65_535 } as const;
/**
 * Rows per statement on SQLite. On the server's own connection a statement runs synchronously on
 * the event loop (a portal's cells): this many rows take a few milliseconds. An import's run on
 * the bulk writer's thread, where 200 rows also keep each round trip's message small.
 */
const SQLITE_ROWS_PER_STATEMENT = 200;

/** INSERTs of one writer on their way at once (newRowsWriter). */
const STATEMENTS_IN_FLIGHT = 2;

/** Rows setting the same columns, waiting for one multi-row INSERT: their ids and parameters in column order. */
interface PendingGroup { names: string[]; ids: string[]; params: unknown[]; attached: [string, Record<string, unknown>][] }

const INSERT_SQL = new Map<string, string>();

/**
 * `insert into "t" ("a", "b") values (?, ?), (?, ?)` ($1, $2 … on PostgreSQL), made once per
 * table, columns and row count: an import repeats the same few statements hundreds of times,
 * and building each through the query builder made one node object per value — ~100 MB of
 * short-lived objects per 100,000 rows, promoted to the old space while the statement ran.
 */
function insertSql(dialect: DialectName, table: string, names: string[], rowCount: number): string {
  return memoText(INSERT_SQL, `${dialect}\u0000${table}\u0000${rowCount}\u0000${names.join('\u0000')}`, () => {
    const row = (_: unknown, i: number) => `(${parameterMarkers(dialect, names.length, i * names.length + 1)})`;
    return `insert into ${quoteName(table)} (${names.map(quoteName).join(', ')}) values ${Array.from({ length: rowCount }, row).join(', ')}`;
  });
}

/** insertNewRows taking its rows one at a time: an import hands them on as it checks them. */
export interface NewRowsWriter {
  /** Queues a row; its group is written as soon as it fills a statement. */
  add(values: Record<string, unknown>): Promise<void>;
  /** Writes what is still queued and the flow submissions; answers the new ids in the order added. */
  finish(): Promise<string[]>;
  /**
   * Drops what is queued and waits for the statements on their way, refused or not. A caller
   * failing for another reason awaits it before its transaction ends: a statement still queued
   * behind the connection when the ROLLBACK went out would run after it, outside the transaction,
   * and its rows would stay.
   */
  settle(): Promise<void>;
}

/**
 * insertNewRow for many rows (imports): the same values, numbering, flow state, system columns and
 * submissions, written by multi-row INSERTs in the caller's transaction (chunks within the database's
 * parameter limit). Rows are grouped by the columns they set, so a column a row leaves out still
 * takes the database default; a group is written as it fills. `onWritten` hears the running count after each statement.
 */
export function newRowsWriter(
  ctx: ServerContext, db: Db, entity: EntityDef, owner: RowOwner, t?: TFunction, onWritten?: (count: number) => void,
): NewRowsWriter {
  const now = nowText();
  const state = initialState(entity);
  const pace = eventLoopPacer();
  const dialect = ctx.database.dialect;
  const ids: string[] = [];
  const states: string[] = [];
  let written = 0;
  // Rows waiting for a statement, by the columns they set, already as the statement's flat
  // parameter list; a group is written as soon as it fills one, so memory holds a statement's
  // worth of values per group and no per-row object outlives its row.
  const groups = new Map<string, PendingGroup>();
  // Statements on their way while the next rows are added (an import checks its next slices
  // meanwhile; on SQLite they run on the bulk writer's thread, one after the other). Two, so that
  // a statement slow to write (an FTS5 merge) does not hold the check, and the writer has the
  // next statement at hand when it finishes one (bench/import, SQLite: the writer was idle 30 %
  // of the import with one). A refusal surfaces at a later statement or at finish; caught here
  // so an import that fails otherwise first leaves no unhandled rejection behind — and `settle`
  // must be awaited before such a failure leaves the transaction (see NewRowsWriter).
  const inFlight: Promise<void>[] = [];
  const send = async (group: PendingGroup) => {
    if (inFlight.length >= STATEMENTS_IN_FLIGHT) await inFlight.shift();
    const sent = write(group);
    sent.catch(() => undefined);
    inFlight.push(sent);
  };
  const write = async (group: PendingGroup) => {
    const text = insertSql(dialect, entity.table, group.names, group.ids.length);
    await db.executeQuery(CompiledQuery.raw(text, group.params)).catch((error: unknown) => {
      // Two imports or an insert racing past the batched uniqueness check: the same user error.
      const field = t ? uniqueViolationField(entity, error) : undefined;
      if (field && t) refuseUniqueViolation(entity, field, {}, t);
      throw error;
    });
    for (const [id, numbered] of group.attached) await syncAttachmentLinks(db, entity, id, numbered);
    written += group.ids.length;
    onWritten?.(written);
    await pace();
  };
  return {
    async add(values) {
      let numbered = values;
      for (const field of entity.fields) {
        const empty = numbered[field.name] === undefined || numbered[field.name] === null || numbered[field.name] === '';
        if (field.autoCode && empty) numbered = { ...numbered, [field.name]: await freeCode(ctx, db, entity, field.name, field.autoCode) };
      }
      const id = newId();
      ids.push(id);
      if (entity.flow) states.push(stateOf(entity, values));
      const columns = valuesToColumns(entity, numbered);
      if (entity.flow && state && values[entity.flow.field] === undefined) columns[entity.flow.field] = state;
      Object.assign(columns, { createUser: owner.userId, createDept: owner.deptId, unitId: owner.unitId, createTime: now, updateTime: now, [entity.key]: id });
      const names = Object.keys(columns);
      const signature = names.join('\u0000');
      let group = groups.get(signature);
      if (!group) {
        group = { names, ids: [], params: [], attached: [] };
        groups.set(signature, group);
      }
      group.ids.push(id);
      for (const name of names) group.params.push(columns[name]);
      if (attachmentIdsOf(entity, numbered).length) group.attached.push([id, numbered]);
      const size = Math.max(1, Math.min(Math.floor(MAX_PARAMETERS[dialect] / names.length), dialect === 'sqlite' ? SQLITE_ROWS_PER_STATEMENT : Infinity));
      if (group.ids.length >= size) {
        groups.delete(signature);
        await send(group);
      }
      await pace();
    },
    async settle() {
      groups.clear();
      await Promise.allSettled(inFlight.splice(0));
    },
    async finish() {
      for (const group of groups.values()) await send(group);
      groups.clear();
      // In order: the first refusal is the one reported.
      while (inFlight.length > 0) await inFlight.shift();
      if (entity.flow) await recordSubmissions(db, entity, owner.userId, ids.map((id, at) => ({ id, state: states[at] })));
      return ids;
    },
  };
}

/** newRowsWriter for rows at hand (a portal's cells, a test's rows). */
export async function insertNewRows(
  ctx: ServerContext, db: Db, entity: EntityDef, rows: Iterable<Record<string, unknown>>, owner: RowOwner, t?: TFunction,
  onWritten?: (count: number) => void,
): Promise<string[]> {
  const writer = newRowsWriter(ctx, db, entity, owner, t, onWritten);
  try {
    for (const values of rows) await writer.add(values);
    return await writer.finish();
  } catch (error) {
    await writer.settle();
    throw error;
  }
}
