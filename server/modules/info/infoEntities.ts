import type { EntityDef } from '../../../runtime/core/schema';
import type { ServerContext } from '../../context';

export type InfoEntityName = 'News' | 'NewsRead' | 'Notice' | 'NoticeRead' | 'NoticeTemplate' | 'NoticeConfig';

/** An entity of schemas/info this module's code relies on; its schema missing is a broken installation, not a user error. */
export function infoEntity(ctx: ServerContext, name: InfoEntityName): EntityDef {
  const entity = ctx.registry.entities.get(name);
  if (!entity) throw new Error(`the schema ${name} is missing from schemas/info/`);
  return entity;
}

/**
 * The key of a read row: the record and the reader. Two opens at once write the same primary
 * key, so the table holds one row per reader and record on both databases without a lock.
 */
export function readRowId(recordId: string, userId: string): string {
  return `${recordId}_${userId}`;
}

/** 'YYYY-MM-DD' of the server's day, the shape date fields are stored in. */
export function todayText(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
