import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { insertNewRow } from '../../entity/insertNewRow';
import { rowToApi, valuesToColumns } from '../../entity/rowValues';
import { sanitiseHtml } from '../../entity/sanitiseHtml';
import { attachmentIdsOf, linkedAttachmentIds, syncAttachmentLinks } from '../../files/attachmentLinks';
import { readableAttachments } from '../../files/attachmentAccess';
import { mailEntity } from './mailEntities';
import { externalAddresses, idList, optionalText } from './mailParams';
import { resolveRecipients, type RecipientLines } from './recipients';
import { insertCopies } from './copies';

const IMPORTANCE = new Set(['normal', 'important', 'urgent']);

/** What a draft or a send writes, checked before any transaction opens (reads on SQLite must not wait on it). */
export interface MessageInput {
  draftId: string | null;
  values: Record<string, unknown>;
  lines: RecipientLines;
  external: string[];
}

/**
 * Reads and checks the body of saveEmail / sendEmail: the caller's own draft when `emailId` is
 * given, recipients resolved (groups → members), HTML cleaned, and every attached file one the
 * caller may read (their upload, or a file of mail they received: forwarding), so naming
 * someone's attachId cannot leak it.
 */
export async function readMessageInput(ctx: ServerContext, principal: Principal, params: Record<string, unknown>): Promise<MessageInput> {
  const email = mailEntity(ctx, 'Email');
  const { db } = ctx.database;
  const draftId = params.emailId ? idList(params.emailId, 'emailId', 1)[0] : null;
  if (draftId) {
    const draft = await db.selectFrom(email.table).select(['mailState']).where(email.key, '=', draftId)
      .where('senderId', '=', principal.userId).executeTakeFirst();
    if (!draft) throw ApiError.notFound('email.error.notFound');
    if (draft.mailState !== 'draft') throw ApiError.business('email.error.alreadySent');
  }
  const importance = params.importance === undefined || params.importance === '' ? 'normal' : String(params.importance);
  if (!IMPORTANCE.has(importance)) throw ApiError.business('email.error.badParam', { field: 'importance' });
  const lines = await resolveRecipients(ctx, db, principal, params);
  const external = externalAddresses(params.externalTo);
  const attachments = idList(params.attachments, 'attachments', 20);
  const refEmailId = params.refEmailId ? idList(params.refEmailId, 'refEmailId', 1)[0] : null;
  const values: Record<string, unknown> = {
    subject: optionalText(params.subject, 'subject', 200).trim(),
    content: sanitiseHtml(optionalText(params.content, 'content', 100000)),
    senderId: principal.userId,
    toIds: lines.to.join(','), ccIds: lines.cc.join(','), bccIds: lines.bcc.join(','),
    externalTo: external.join(', '), importance, attachments: attachments.join(','), refEmailId,
  };
  const kept = draftId ? await linkedAttachmentIds(db, email, draftId) : new Set<string>();
  const added = attachmentIdsOf(email, values).filter((id) => !kept.has(id));
  if (added.length) {
    const rows = await db.selectFrom('sys_attach').select(['attachId', 'createUser']).where('attachId', 'in', added).execute();
    const readable = await readableAttachments(ctx, principal, rows);
    if (added.some((id) => !readable.has(id))) throw ApiError.business('validation.unknownAttachment');
  }
  return { draftId, values, lines, external };
}

/** Stores the message (new, or the draft it was) with its links to files; answers its id. */
async function storeMessage(ctx: ServerContext, trx: Db, principal: Principal, input: MessageInput, extra: Record<string, unknown>): Promise<string> {
  const email = mailEntity(ctx, 'Email');
  const values = { ...input.values, ...extra };
  if (!input.draftId) {
    return insertNewRow(ctx, trx, email, values, { userId: principal.userId, deptId: principal.deptId, unitId: principal.unitId });
  }
  // Conditional on the draft state: of two sends of one draft, one wins.
  const result = await trx.updateTable(email.table).set({ ...valuesToColumns(email, values), updateTime: nowText() })
    .where(email.key, '=', input.draftId).where('senderId', '=', principal.userId).where('mailState', '=', 'draft').executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw ApiError.business('email.error.alreadySent');
  await syncAttachmentLinks(trx, email, input.draftId, values);
  return input.draftId;
}

/** saveEmail: the draft and the sender's copy in 草稿箱. */
export async function saveDraft(ctx: ServerContext, principal: Principal, input: MessageInput): Promise<string> {
  const copy = mailEntity(ctx, 'EmailCopy');
  return ctx.database.db.transaction().execute(async (trx) => {
    const emailId = await storeMessage(ctx, trx, principal, input, { mailState: 'draft', sendTime: null, deliveredTo: '' });
    const now = nowText();
    const updated = await trx.updateTable(copy.table).set({ sortTime: now, updateTime: now })
      .where('emailId', '=', emailId).where('createUser', '=', principal.userId).where('folder', '=', 'drafts').executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await insertCopies(ctx, trx, principal.unitId, [{ emailId, ownerId: principal.userId, ownerDept: principal.deptId, folder: 'drafts', mailRole: 'from', readFlag: 1, sortTime: now }]);
    }
    return emailId;
  });
}

export interface SentMessage { emailId: string; sendTime: string; recipients: string[] }

/** A mail goes out with a subject and someone to reach (checked before anything leaves, outside mail included). */
export function assertSendable(input: MessageInput): void {
  const recipients = input.lines.to.length + input.lines.cc.length + input.lines.bcc.length;
  if (recipients === 0 && input.external.length === 0) throw ApiError.business('email.error.noRecipient');
  if (!input.values.subject) throw ApiError.business('email.error.noSubject');
}

/**
 * sendEmail: the message becomes sent; the sender's copy goes to 已发送 (a draft's copy moves
 * there) and every recipient gets an unread copy in 收件箱. `deliveredTo` lists who holds a
 * delivered copy: the Email's `my` scope, through which they read its files.
 */
export async function sendMessageNow(ctx: ServerContext, principal: Principal, input: MessageInput, deptOf: Map<string, string>): Promise<SentMessage> {
  const copy = mailEntity(ctx, 'EmailCopy');
  const recipients = [...input.lines.to, ...input.lines.cc, ...input.lines.bcc];
  assertSendable(input);
  const sendTime = nowText();
  const emailId = await ctx.database.db.transaction().execute(async (trx) => {
    const id = await storeMessage(ctx, trx, principal, input, { mailState: 'sent', sendTime, deliveredTo: recipients.join(',') });
    await trx.deleteFrom(copy.table).where('emailId', '=', id).where('createUser', '=', principal.userId).where('folder', '=', 'drafts').execute();
    await insertCopies(ctx, trx, principal.unitId, [
      { emailId: id, ownerId: principal.userId, ownerDept: principal.deptId, folder: 'sent', mailRole: 'from', readFlag: 1, sortTime: sendTime },
      ...(['to', 'cc', 'bcc'] as const).flatMap((role) => input.lines[role].map((userId) => ({
        emailId: id, ownerId: userId, ownerDept: deptOf.get(userId) ?? '', folder: 'inbox' as const, mailRole: role, readFlag: 0 as const, sortTime: sendTime,
      }))),
    ]);
    return id;
  });
  return { emailId, sendTime, recipients };
}

export function messageRow(ctx: ServerContext, row: Record<string, unknown>): Record<string, unknown> {
  return rowToApi(mailEntity(ctx, 'Email'), row);
}
