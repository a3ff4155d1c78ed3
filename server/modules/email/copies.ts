import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { newId, nowText } from '../../http/newId';
import { valuesToColumns } from '../../entity/rowValues';
import { mailEntity, type Folder } from './mailEntities';

export interface NewCopy {
  emailId: string;
  ownerId: string;
  ownerDept: string;
  folder: Folder;
  mailRole: 'from' | 'to' | 'cc' | 'bcc';
  readFlag: 0 | 1;
  starred?: 0 | 1;
  boxId?: string;
  sortTime: string;
}

/**
 * Mailbox copies in one statement per 200 rows: each owner's own row (createUser is the owner,
 * so the personal rule of EmailCopy gives it to them alone), in the unit of the mail.
 */
export async function insertCopies(ctx: ServerContext, db: Db, unitId: string, copies: NewCopy[]): Promise<string[]> {
  const entity = mailEntity(ctx, 'EmailCopy');
  const now = nowText();
  const rows = copies.map((c) => ({
    ...valuesToColumns(entity, {
      emailId: c.emailId, folder: c.folder, mailRole: c.mailRole, readFlag: c.readFlag, starred: c.starred ?? 0,
      boxId: c.boxId ?? null, prevFolder: null, readTime: c.readFlag ? c.sortTime : null, sortTime: c.sortTime,
    }),
    [entity.key]: newId(), createUser: c.ownerId, createDept: c.ownerDept, unitId, createTime: now, updateTime: now, rowVersion: 0,
  }));
  for (let i = 0; i < rows.length; i += 200) await db.insertInto(entity.table).values(rows.slice(i, i + 200)).execute();
  return rows.map((r) => String(r[entity.key]));
}

/** The caller's copies among `copyIds` (someone else's id is simply not found). */
export async function ownCopies(ctx: ServerContext, db: Db, userId: string, copyIds: string[]): Promise<Record<string, unknown>[]> {
  if (copyIds.length === 0) return [];
  const entity = mailEntity(ctx, 'EmailCopy');
  return db.selectFrom(entity.table).selectAll().where(entity.key, 'in', copyIds).where('createUser', '=', userId).execute();
}
