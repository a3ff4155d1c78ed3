import type { EntityDef } from '../../runtime/core/schema';
import type { Db } from '../db/connect';
import type { Principal } from '../auth/Principal';
import { recordOperation } from '../audit/recordOperation';
import { dropAttachmentLinks } from '../files/attachmentLinks';
import { rowToApi } from './rowValues';

/** Parent ids per statement: far below the bind-parameter limits of SQLite and PostgreSQL. */
const CHUNK = 500;

/**
 * Deletes the rows of `dependent` whose `field` names one of `parentIds` (a post's replies), in the
 * caller's transaction — a before-delete hook's (server/entity/beforeDeleteHooks.ts) — and as the
 * generic delete treats its own rows: one operation-log line each, attachment links dropped. The
 * answer is the removed rows (API values), for the next level down.
 */
export async function deleteDependents(
  work: { trx: Db; principal: Principal; ip: string }, dependent: EntityDef, field: string, parentIds: string[],
): Promise<Record<string, unknown>[]> {
  const removed: Record<string, unknown>[] = [];
  for (let at = 0; at < parentIds.length; at += CHUNK) {
    const parents = parentIds.slice(at, at + CHUNK);
    const rows = await work.trx.selectFrom(dependent.table).selectAll().where(field, 'in', parents).execute();
    if (rows.length === 0) continue;
    await work.trx.deleteFrom(dependent.table).where(field, 'in', parents).execute();
    const ids = rows.map((r) => String(r[dependent.key]));
    for (let i = 0; i < ids.length; i += CHUNK) await dropAttachmentLinks(work.trx, dependent, ids.slice(i, i + CHUNK));
    for (const row of rows) {
      const before = rowToApi(dependent, row);
      await recordOperation(work.trx, work.principal, { entity: dependent, action: 'delete', recordId: String(row[dependent.key]), before }, work.ip);
      removed.push(before);
    }
  }
  return removed;
}
