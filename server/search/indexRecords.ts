import { sql } from 'kysely';
import type { ServerContext } from '../context';
import { nowText } from '../http/newId';
import { splitIds } from '../entity/rowValues';
import { isRichText } from '../entity/sanitiseHtml';
import { activeSources, type ActiveSource } from './activeSources';
import { htmlToPlainText } from '../../runtime/core/richText';
import { attachmentText, squeeze } from './extractText';
import { ensureSearchTables, SEARCH_DOC_TABLE } from './searchTables';
import { eventLoopPacer } from '../entity/eventLoopPacer';

/** Most characters one record puts in the index (its text and its files'). */
const MAX_BODY = 200_000;
const CHUNK = 200;

/**
 * Keeping the index in step with the records (docs/ARCHITECTURE.md › Full-text search). Every
 * indexed row stores the version of the record it was made from (`rowVersion|updateTime`) and
 * that record's updateTime. `catchUpSearchIndex` reads each source's records changed since the
 * newest indexed updateTime and re-indexes those whose version differs — so every write path
 * (generic insert and update, flow transitions, imports, workflow bindings, a module's own calls)
 * is seen without a hook in each of them. When it runs is searchFreshness.ts's business: after
 * the writes, off the request. A deleted record's row stays until the next rebuild, but a hit is
 * only answered after its record was read under the caller's rule, which a deleted record never passes.
 */
export const docIdOf = (source: string, recordId: string) => `${source}:${recordId}`;

const versionOf = (row: Record<string, unknown>) => `${row.rowVersion ?? 0}|${row.updateTime ?? ''}`;

async function documentOf(ctx: ServerContext, active: ActiveSource, row: Record<string, unknown>) {
  const parts: string[] = [];
  for (const field of active.body) {
    const value = row[field.name];
    if (value === null || value === undefined || value === '') continue;
    const text = String(value);
    parts.push(isRichText(field) ? htmlToPlainText(text) : field.type === 'tags' ? text.replace(/,/g, ' ') : text);
  }
  const attachIds = active.attachments ? splitIds(row[active.attachments.name]) : [];
  if (attachIds.length) {
    const files = await ctx.database.db.selectFrom('sys_attach').select(['attachId', 'name', 'extName', 'fileSize', 'storedPath'])
      .where('attachId', 'in', attachIds).execute();
    for (const file of files) parts.push(String(file.name ?? ''), await attachmentText(ctx, file));
  }
  return {
    title: squeeze(String(row[active.title.name] ?? '')).slice(0, 500),
    body: squeeze(parts.join(' ')).slice(0, MAX_BODY),
  };
}

/**
 * Indexes the records `ids` of a source. The files' text is read first, then each chunk's rows
 * are written in one transaction: nothing waits on a file while the transaction is open, and a
 * chunk costs one commit, not one per record.
 */
async function indexRows(ctx: ServerContext, active: ActiveSource, ids: string[]): Promise<number> {
  const { db } = ctx.database;
  const { entity } = active;
  const pace = eventLoopPacer();
  let written = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db.selectFrom(entity.table).selectAll().where(entity.key, 'in', ids.slice(i, i + CHUNK)).execute();
    const docs: Record<string, unknown>[] = [];
    for (const row of rows) {
      const recordId = String(row[entity.key]);
      docs.push({ docId: docIdOf(entity.name, recordId), source: entity.name, recordId, ...await documentOf(ctx, active, row), version: versionOf(row), sourceTime: row.updateTime ?? null, indexTime: nowText() });
      await pace();
    }
    await db.transaction().execute(async (trx) => {
      for (const { docId, ...values } of docs) {
        await trx.insertInto(SEARCH_DOC_TABLE).values({ docId, ...values }).onConflict((oc) => oc.column('docId').doUpdateSet(values)).execute();
      }
    });
    written += docs.length;
  }
  return written;
}

/** Indexes the source's records changed since the newest one indexed (all of them on an empty index). */
async function catchUpSource(ctx: ServerContext, active: ActiveSource): Promise<number> {
  const { db } = ctx.database;
  const { entity } = active;
  const newest = await db.selectFrom(SEARCH_DOC_TABLE).select(sql<string | null>`max(${sql.ref('sourceTime')})`.as('t'))
    .where('source', '=', entity.name).executeTakeFirst();
  let query = db.selectFrom(entity.table).select([entity.key, 'rowVersion', 'updateTime']);
  // ">=": records written in the same second as the newest indexed one are compared by version.
  if (newest?.t) query = query.where('updateTime', '>=', newest.t);
  // Oldest first: a catch-up cut short leaves the newest indexed time below every record it missed.
  const current = await query.orderBy('updateTime').execute();
  const stale: string[] = [];
  for (let i = 0; i < current.length; i += CHUNK) {
    const slice = current.slice(i, i + CHUNK);
    const indexed = await db.selectFrom(SEARCH_DOC_TABLE).select(['recordId', 'version'])
      .where('source', '=', entity.name).where('recordId', 'in', slice.map((r) => String(r[entity.key]))).execute();
    const versions = new Map(indexed.map((r) => [String(r.recordId), String(r.version)]));
    for (const row of slice) if (versions.get(String(row[entity.key])) !== versionOf(row)) stale.push(String(row[entity.key]));
  }
  return indexRows(ctx, active, stale);
}

/** One catch-up or rebuild at a time per process: two at once would index the same records twice. */
const tails = new WeakMap<ServerContext, Promise<unknown>>();

function serialised<T>(ctx: ServerContext, run: () => Promise<T>): Promise<T> {
  const result = (tails.get(ctx) ?? Promise.resolve()).then(run);
  tails.set(ctx, result.catch(() => undefined));
  return result;
}

/** Brings the index up to date with the records of the sources named (all of them when none are). */
export async function catchUpSearchIndex(ctx: ServerContext, sources?: ReadonlySet<string>): Promise<number> {
  await ensureSearchTables(ctx);
  return serialised(ctx, async () => {
    let written = 0;
    for (const active of activeSources(ctx)) {
      if (!sources || sources.has(active.entity.name)) written += await catchUpSource(ctx, active);
    }
    return written;
  });
}

/**
 * Rebuilds the index from the records: every source's records indexed again, rows of deleted
 * records and of sources no longer installed removed. Running it twice gives the same index.
 */
export async function rebuildSearchIndex(ctx: ServerContext): Promise<Record<string, number>> {
  await ensureSearchTables(ctx);
  return serialised(ctx, async () => {
    const { db } = ctx.database;
    const counts: Record<string, number> = {};
    const sources = activeSources(ctx);
    const names = sources.map((s) => s.entity.name);
    let stray = db.deleteFrom(SEARCH_DOC_TABLE);
    if (names.length) stray = stray.where('source', 'not in', names);
    await stray.execute();
    for (const active of sources) {
      const { entity } = active;
      const ids = (await db.selectFrom(entity.table).select(entity.key).execute()).map((r) => String(r[entity.key]));
      const present = new Set(ids);
      const indexed = await db.selectFrom(SEARCH_DOC_TABLE).select(['docId', 'recordId']).where('source', '=', entity.name).execute();
      const gone = indexed.filter((r) => !present.has(String(r.recordId))).map((r) => String(r.docId));
      for (let i = 0; i < gone.length; i += CHUNK) await db.deleteFrom(SEARCH_DOC_TABLE).where('docId', 'in', gone.slice(i, i + CHUNK)).execute();
      counts[entity.name] = await indexRows(ctx, active, ids);
    }
    return counts;
  });
}
