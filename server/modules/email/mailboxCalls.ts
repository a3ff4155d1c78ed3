import { sql } from 'kysely';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { splitIds } from '../../entity/rowValues';
import { dropAttachmentLinks } from '../../files/attachmentLinks';
import { MAILBOX_PERMISSION, mailEntity } from './mailEntities';
import { flag, idList, optionalText, requiredId } from './mailParams';
import { COPY_COLUMNS, ownerView, withNames } from './mailboxView';

const LIST_FOLDERS = new Set(['inbox', 'sent', 'drafts', 'trash', 'starred', 'custom']);

function mailbox(request: Parameters<CallHandler['handle']>[0]): Principal {
  const principal = requirePrincipal(request);
  requirePermission(principal, MAILBOX_PERMISSION);
  return principal;
}

/** The caller's copies joined to their messages: every mailbox read starts here, so nobody reads another's. */
function ownRows(ctx: ServerContext, db: Db, principal: Principal) {
  const email = mailEntity(ctx, 'Email');
  const copy = mailEntity(ctx, 'EmailCopy');
  return db.selectFrom(`${copy.table} as c`).innerJoin(`${email.table} as m`, 'm.emailId', 'c.emailId')
    .where('c.createUser', '=', principal.userId);
}

function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** A whole number from 1 to `max` (absent: `fallback`); anything else is refused, never passed to the database. */
function pagingNumber(value: unknown, field: string, fallback: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw ApiError.business('email.error.badParam', { field });
  return n;
}

/**
 * getMyEmailList: one folder of the caller's mailbox, newest first — inbox (default), sent,
 * drafts, trash, starred (wherever not deleted) or one of their folders (`boxId`) — with a
 * keyword over subject and text, and `unread=1` for unread mail only.
 */
export const listMailCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = mailbox(request);
    const { ctx, params } = request;
    const folder = params.folder === undefined || params.folder === '' ? 'inbox' : String(params.folder);
    if (!LIST_FOLDERS.has(folder)) throw ApiError.business('email.error.badParam', { field: 'folder' });
    const keyword = optionalText(params.keyword, 'keyword', 100).trim();
    const pageSize = pagingNumber(params.pageSize, 'pageSize', 20, 100);
    // The generic list screens send `page`, the spec's calls `pageNum`.
    const pageNum = pagingNumber(params.pageNum ?? params.page, 'page', 1, 1_000_000);
    let query = ownRows(ctx, ctx.database.db, principal);
    if (folder === 'starred') query = query.where('c.starred', '=', 1).where('c.folder', '!=', 'trash');
    else if (folder === 'custom') query = query.where('c.folder', '=', 'custom').where('c.boxId', '=', requiredId(params.boxId, 'boxId'));
    else query = query.where('c.folder', '=', folder);
    if (params.unread !== undefined && params.unread !== '' && flag(params.unread, 'unread') === 1) query = query.where('c.readFlag', '=', 0);
    if (keyword) {
      const pattern = likePattern(keyword);
      query = query.where((eb) => eb.or([
        eb(sql`lower(m.subject)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(m.content)`, 'like', sql`${pattern} escape '\\'`),
      ]));
    }
    const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query.selectAll('m').select(COPY_COLUMNS.map((c) => `c.${c}` as const))
      .orderBy('c.sortTime', 'desc').orderBy('c.copyId', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
    const list = rows.map((row) => {
      const view = ownerView(ctx, principal, row);
      // Lists carry a preview, not the whole text.
      view.preview = String(view.content ?? '').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);
      delete view.content;
      return view;
    });
    return { list: await withNames(ctx, list, request.lang), total };
  },
};

/** getEmailCount: per folder, all and unread; the starred; and each folder of one's own. */
export const countMailCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = mailbox(request);
    const { ctx } = request;
    const copy = mailEntity(ctx, 'EmailCopy');
    const box = mailEntity(ctx, 'EmailBox');
    const { db } = ctx.database;
    const groups = await db.selectFrom(copy.table).where('createUser', '=', principal.userId)
      .select(['folder', 'boxId', (eb) => eb.fn.countAll().as('total'),
        (eb) => eb.fn.sum(sql`case when ${sql.ref('readFlag')} = 0 then 1 else 0 end`).as('unread'),
        (eb) => eb.fn.sum(sql`case when ${sql.ref('starred')} = 1 and ${sql.ref('folder')} <> 'trash' then 1 else 0 end`).as('starred')])
      .groupBy(['folder', 'boxId']).execute();
    const folders: Record<string, { total: number; unread: number }> = {};
    for (const name of ['inbox', 'sent', 'drafts', 'trash', 'starred']) folders[name] = { total: 0, unread: 0 };
    const byBox = new Map<string, { total: number; unread: number }>();
    for (const g of groups) {
      const total = Number(g.total);
      const unread = Number(g.unread ?? 0);
      folders.starred.total += Number(g.starred ?? 0);
      if (g.folder === 'custom') byBox.set(String(g.boxId), { total, unread });
      else if (folders[String(g.folder)]) folders[String(g.folder)] = { total, unread };
    }
    const boxes = await db.selectFrom(box.table).select([box.key, 'boxName', 'sort']).where('createUser', '=', principal.userId)
      .orderBy('sort').orderBy('createTime').execute();
    return {
      ...folders,
      boxes: boxes.map((b) => ({ boxId: b[box.key], boxName: b.boxName, ...(byBox.get(String(b[box.key])) ?? { total: 0, unread: 0 }) })),
    };
  },
};

/**
 * getEmailDetail (and the generic getEmailById the details screens call): the caller's copy of
 * the mail — `copyId`, or the one the message id names — marked read. A mail the caller holds
 * no copy of is not found, whoever asks (administrators included).
 */
export const mailDetailCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = mailbox(request);
    const { ctx, params } = request;
    const { db } = ctx.database;
    let query = ownRows(ctx, db, principal);
    if (params.copyId) query = query.where('c.copyId', '=', requiredId(params.copyId, 'copyId'));
    else query = query.where('c.emailId', '=', requiredId(params.emailId ?? params.id, 'emailId'));
    // A mail sent to oneself: the received copy is the one being read.
    const row = await query.selectAll('m').select(COPY_COLUMNS.map((c) => `c.${c}` as const))
      .orderBy(sql`case when c.folder = 'sent' then 1 else 0 end`).executeTakeFirst();
    if (!row) throw ApiError.notFound('email.error.notFound');
    if (Number(row.readFlag) === 0) {
      const now = nowText();
      const copy = mailEntity(ctx, 'EmailCopy');
      await db.updateTable(copy.table).set({ readFlag: 1, readTime: now, updateTime: now }).where(copy.key, '=', String(row.copyId)).execute();
      row.readFlag = 1;
      row.readTime = now;
    }
    const [view] = await withNames(ctx, [ownerView(ctx, principal, row)], request.lang);
    return view;
  },
};

async function targetCopies(request: Parameters<CallHandler['handle']>[0], principal: Principal): Promise<Record<string, unknown>[]> {
  const ids = idList(request.params.copyIds ?? request.params.copyId, 'copyIds');
  if (ids.length === 0) throw ApiError.business('email.error.badParam', { field: 'copyIds' });
  const copy = mailEntity(request.ctx, 'EmailCopy');
  const rows = await request.ctx.database.db.selectFrom(copy.table).selectAll().where(copy.key, 'in', ids).where('createUser', '=', principal.userId).execute();
  if (rows.length !== ids.length) throw ApiError.notFound('email.error.notFound');
  return rows;
}

function copyUpdate(field: 'readFlag' | 'starred'): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = mailbox(request);
      const rows = await targetCopies(request, principal);
      const value = flag(request.params[field], field);
      const copy = mailEntity(request.ctx, 'EmailCopy');
      const now = nowText();
      await request.ctx.database.db.updateTable(copy.table)
        .set({ [field]: value, ...(field === 'readFlag' ? { readTime: value ? now : null } : {}), updateTime: now })
        .where(copy.key, 'in', rows.map((r) => String(r[copy.key]))).where('createUser', '=', principal.userId).execute();
      return { updated: rows.length };
    },
  };
}

/** setEmailRead {copyIds, readFlag}: read or unread, several at once. */
export const setReadCall = copyUpdate('readFlag');
/** setEmailStar {copyIds, starred}. */
export const setStarCall = copyUpdate('starred');

const homeFolder = (row: Record<string, unknown>) => (row.mailRole === 'from' ? (row.prevFolder === 'drafts' ? 'drafts' : 'sent') : 'inbox');

/** moveEmail {copyIds, folder: inbox|sent|custom, boxId}: into a folder of one's own, or back home. */
export const moveMailCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = mailbox(request);
    const rows = await targetCopies(request, principal);
    const { ctx, params } = request;
    const copy = mailEntity(ctx, 'EmailCopy');
    const target = String(params.folder ?? '');
    let boxId: string | null = null;
    if (target === 'custom') {
      boxId = requiredId(params.boxId, 'boxId');
      const box = mailEntity(ctx, 'EmailBox');
      const own = await ctx.database.db.selectFrom(box.table).select(box.key).where(box.key, '=', boxId).where('createUser', '=', principal.userId).executeTakeFirst();
      if (!own) throw ApiError.business('email.error.unknownBox');
    } else if (target !== 'inbox' && target !== 'sent') {
      throw ApiError.business('email.error.badParam', { field: 'folder' });
    }
    if (rows.some((r) => r.folder === 'drafts' || (target !== 'custom' && homeFolder(r) !== target))) throw ApiError.business('email.error.cannotMove');
    await ctx.database.db.updateTable(copy.table).set({ folder: target, boxId, prevFolder: null, updateTime: nowText() })
      .where(copy.key, 'in', rows.map((r) => String(r[copy.key]))).where('createUser', '=', principal.userId).execute();
    return { moved: rows.length };
  },
};

/** deleteEmail {copyIds}: to the trash (logical delete), remembering where each came from. */
export const trashMailCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = mailbox(request);
    const rows = (await targetCopies(request, principal)).filter((r) => r.folder !== 'trash');
    const copy = mailEntity(request.ctx, 'EmailCopy');
    await request.ctx.database.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx.updateTable(copy.table).set({ folder: 'trash', prevFolder: String(row.folder === 'custom' ? homeFolder(row) : row.folder), boxId: null, updateTime: nowText() })
          .where(copy.key, '=', String(row[copy.key])).execute();
      }
    });
    return { deleted: rows.length };
  },
};

/** restoreEmail {copyIds}: out of the trash, back where each was. */
export const restoreMailCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = mailbox(request);
    const rows = (await targetCopies(request, principal)).filter((r) => r.folder === 'trash');
    const copy = mailEntity(request.ctx, 'EmailCopy');
    await request.ctx.database.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx.updateTable(copy.table).set({ folder: String(row.prevFolder || homeFolder(row)), prevFolder: null, updateTime: nowText() })
          .where(copy.key, '=', String(row[copy.key])).execute();
      }
    });
    return { restored: rows.length };
  },
};

/**
 * deleteEmailPhysical {copyIds}: removes the caller's copies for good — from the trash, or sent
 * mail straight from 已发送 (the spec's physical delete of sent mail). Only that owner's copy
 * goes: the others keep theirs. The owner stops reading the mail's files (unless another copy of
 * theirs remains); the message itself goes with its last copy, and its files are then released.
 */
export const purgeMailCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = mailbox(request);
    const rows = await targetCopies(request, principal);
    if (rows.some((r) => r.folder !== 'trash' && r.folder !== 'sent')) throw ApiError.business('email.error.purgeFromTrash');
    const { ctx } = request;
    const copy = mailEntity(ctx, 'EmailCopy');
    const email = mailEntity(ctx, 'Email');
    await ctx.database.db.transaction().execute(async (trx) => {
      await trx.deleteFrom(copy.table).where(copy.key, 'in', rows.map((r) => String(r[copy.key]))).where('createUser', '=', principal.userId).execute();
      for (const emailId of new Set(rows.map((r) => String(r.emailId)))) {
        const left = await trx.selectFrom(copy.table).select(['createUser']).where('emailId', '=', emailId).execute();
        if (left.length === 0) {
          await dropAttachmentLinks(trx, email, [emailId]);
          await trx.deleteFrom(email.table).where(email.key, '=', emailId).execute();
          continue;
        }
        if (left.some((c) => c.createUser === principal.userId)) continue;
        const message = await trx.selectFrom(email.table).select('deliveredTo').where(email.key, '=', emailId).executeTakeFirst();
        const still = splitIds(message?.deliveredTo).filter((id) => id !== principal.userId);
        await trx.updateTable(email.table).set({ deliveredTo: still.join(',') }).where(email.key, '=', emailId).execute();
      }
    });
    return { deleted: rows.length };
  },
};
