import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { TFunction } from 'i18next';
import { ALLOWED_EXTENSIONS, extensionOf } from '../../../runtime/core/constants';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { isUniqueViolation } from '../../db/uniqueViolation';
import { newId, nowText } from '../../http/newId';
import { insertNewRow, type RowOwner } from '../../entity/insertNewRow';
import { sanitiseHtml } from '../../entity/sanitiseHtml';
import { recordAttachment, storedPathFor, type StoredFile } from '../../files/attachmentStore';
import { storedBytesOf } from '../../files/uploadQuota';
import type { InboxPosition, ReceivedFile, ReceivedMail } from '../../adapters/mail/imapInbox';
import { mailEntity } from './mailEntities';
import { insertCopies } from './copies';
import { escapeHtml } from './mailSettings';
import { outsideAccountOf } from './externalMail';

/** Whose inbox a fetched mail goes to. */
export interface MailOwner extends RowOwner { language: string }

const MAX_CONTENT = 100_000;
const MB = 1024 * 1024;

/** The key that makes a fetch idempotent: one owner, one Message-ID (or, without one, the mailbox's UID). */
function externalKeyOf(ownerId: string, mail: ReceivedMail, position: InboxPosition): string {
  const id = mail.messageId?.trim() || `${position.syncKey}#${mail.uid}`;
  return createHash('sha256').update(`${ownerId}\n${id}`).digest('hex');
}

/** A file name as the suite keeps names: no control characters, no folder part. */
function cleanName(name: string, fallback: string): string {
  return (name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop() ?? '').slice(0, 200) || fallback;
}

interface KeptFiles { stored: StoredFile[]; byCid: Map<string, string>; notes: string[] }

/**
 * The mail's files written to disk as the owner's attachments, under the rules of an upload:
 * a type the suite accepts, within the upload size and the owner's quota. What is left out is
 * said in a note under the text, never dropped silently.
 */
async function keepFiles(ctx: ServerContext, owner: MailOwner, files: ReceivedFile[], t: TFunction): Promise<KeptFiles> {
  const kept: KeptFiles = { stored: [], byCid: new Map(), notes: [] };
  const quota = ctx.config.uploadQuotaBytes;
  let used = quota > 0 ? await storedBytesOf(ctx, owner.userId) : 0;
  for (const [index, file] of files.entries()) {
    const name = cleanName(file.filename, `${t('email.external.file')}-${index + 1}`);
    const extName = extensionOf(name);
    const size = file.content.length;
    let refusal = '';
    if (!ALLOWED_EXTENSIONS.has(extName)) refusal = t('email.external.note.fileType');
    else if (size > ctx.config.maxUploadBytes) refusal = t('email.external.note.fileSize', { mb: Math.round(ctx.config.maxUploadBytes / MB) });
    else if (quota > 0 && used + size > quota) refusal = t('email.external.note.fileQuota');
    if (refusal) {
      // An inline image the suite does not keep simply is not shown; a file is named.
      if (!file.inline) kept.notes.push(t('email.external.note.fileLeftOut', { name, reason: refusal }));
      continue;
    }
    const attachId = newId();
    const storedPath = storedPathFor(attachId);
    const absolute = path.join(ctx.config.dataDir, storedPath);
    await fs.promises.mkdir(path.dirname(absolute), { recursive: true });
    await fs.promises.writeFile(absolute, file.content);
    used += size;
    kept.stored.push({ attachId, name, extName, fileSize: size, storedPath, contentType: file.contentType.slice(0, 100) || null });
    if (file.inline && file.cid) kept.byCid.set(file.cid, attachId);
  }
  return kept;
}

/** The body as stored: inline images pointed at their stored files, cleaned, within the field's size, the notes under it. */
function contentOf(mail: ReceivedMail, kept: KeptFiles, notes: string[]): string {
  const pointed = mail.html.replace(/<img\b([^>]*?)\ssrc\s*=\s*(["'])cid:([^"']+)\2/gi, (whole, before: string, _quote: string, cid: string) => {
    const attachId = kept.byCid.get(cid);
    return attachId ? `<img${before} data-attach-id="${attachId}"` : whole;
  });
  const tail = notes.map((n) => `<p><em>${escapeHtml(n)}</em></p>`).join('');
  let body = sanitiseHtml(pointed);
  if (body.length + tail.length > MAX_CONTENT) {
    // Too long to keep as HTML: its text, cut.
    body = sanitiseHtml(`<p>${escapeHtml(mail.text.slice(0, MAX_CONTENT / 2)).replace(/\n/g, '<br>')}</p>`);
  }
  return `${body}${tail}`.slice(0, MAX_CONTENT);
}

/**
 * One fetched mail into its owner's 收件箱, with the fetch's new position, in one transaction: the
 * message (mailState received, no inside sender, the outside one in externalFrom), its files as
 * the owner's attachments, the owner's unread copy. A mail the owner already holds (same key) is
 * skipped, and the position still moves. Answers whether the mail was new.
 */
export async function storeReceivedMail(
  ctx: ServerContext, owner: MailOwner, mail: ReceivedMail, position: InboxPosition, t: TFunction, savePosition: (db: Db) => Promise<void>,
): Promise<boolean> {
  const email = mailEntity(ctx, 'Email');
  const { db } = ctx.database;
  const externalKey = externalKeyOf(owner.userId, mail, position);
  if (await db.selectFrom(email.table).select(email.key).where('externalKey', '=', externalKey).executeTakeFirst()) {
    await savePosition(db);
    return false;
  }
  const kept = mail.tooLarge ? { stored: [], byCid: new Map<string, string>(), notes: [] } : await keepFiles(ctx, owner, mail.files, t);
  const notes = mail.tooLarge ? [t('email.external.note.tooLarge', { mb: Math.ceil(mail.size / MB) })] : kept.notes;
  const inline = new Set(kept.byCid.values());
  const now = nowText();
  const date = mail.date && !Number.isNaN(mail.date.getTime()) && mail.date.getTime() < Date.now() ? nowText(mail.date) : now;
  try {
    await db.transaction().execute(async (trx) => {
      for (const file of kept.stored) await recordAttachment(trx, owner, file, 'email');
      const emailId = await insertNewRow(ctx, trx, email, {
        subject: (mail.subject || (mail.tooLarge ? t('email.external.tooLargeSubject') : '')).slice(0, 200),
        senderId: '', toIds: '', ccIds: '', bccIds: '', externalTo: mail.recipients.join(', ').slice(0, 1000),
        externalFrom: mail.from.slice(0, 300), importance: mail.priority === 'high' ? 'important' : 'normal',
        content: contentOf(mail, kept, notes), attachments: kept.stored.filter((f) => !inline.has(f.attachId)).map((f) => f.attachId).join(','),
        mailState: 'received', sendTime: date, deliveredTo: owner.userId, refEmailId: null, externalKey,
      }, owner);
      await insertCopies(ctx, trx, owner.unitId, [{ emailId, ownerId: owner.userId, ownerDept: owner.deptId, folder: 'inbox', mailRole: 'to', readFlag: 0, sortTime: date }]);
      await savePosition(trx);
    });
    return true;
  } catch (error) {
    await Promise.all(kept.stored.map((f) => fs.promises.rm(path.join(ctx.config.dataDir, f.storedPath), { force: true })));
    // Another fetch of the same account stored it meanwhile.
    if (isUniqueViolation(error)) {
      await savePosition(db);
      return false;
    }
    throw error;
  }
}

const ADDRESS = /[^\s<>"',;]+@[^\s<>"',;]+\.[^\s<>"',;]+/g;

/**
 * Whom a reply to a fetched mail goes to: its outside sender, and for reply-all its other outside
 * recipients — never the replier's own outside address.
 */
export async function externalReplyAddresses(ctx: ServerContext, userId: string, original: Record<string, unknown>, all: boolean): Promise<string[]> {
  const account = await outsideAccountOf(ctx, userId);
  const own = new Set([account?.address, String(account?.row.mailAccount ?? '')].filter(Boolean).map((a) => a!.toLowerCase()));
  const found = [String(original.externalFrom ?? ''), ...(all ? [String(original.externalTo ?? '')] : [])]
    .flatMap((text) => text.match(ADDRESS) ?? []).map((a) => a.toLowerCase());
  return [...new Set(found)].filter((a) => !own.has(a)).slice(0, 20);
}
