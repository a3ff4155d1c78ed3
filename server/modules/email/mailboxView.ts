import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import type { Lang } from '../../http/serverI18n';
import { attachDisplayNames } from '../../entity/displayNames';
import { rowToApi, splitIds } from '../../entity/rowValues';
import { mailEntity } from './mailEntities';

/** Copy columns read beside the message's, under names the message does not use. */
export const COPY_COLUMNS = ['copyId', 'folder', 'boxId', 'mailRole', 'readFlag', 'readTime', 'starred', 'sortTime'] as const;

/**
 * One owner's view of a message: the message's fields and their copy's state. Blind copies are
 * the sender's to see: a bcc recipient sees themselves there, everyone else nothing — in lists,
 * details and replies alike. A draft's recipients are the sender's own (only they hold it).
 */
export function ownerView(ctx: ServerContext, principal: Principal, row: Record<string, unknown>): Record<string, unknown> {
  const message = rowToApi(mailEntity(ctx, 'Email'), row);
  const copy = rowToApi(mailEntity(ctx, 'EmailCopy'), row);
  const isSender = message.senderId === principal.userId && row.mailRole === 'from';
  if (!isSender) message.bccIds = splitIds(message.bccIds).includes(principal.userId) ? principal.userId : '';
  delete message.deliveredTo;
  delete message.externalKey;
  return {
    ...message,
    copyId: row.copyId, folder: copy.folder, boxId: copy.boxId, mailRole: copy.mailRole,
    readFlag: Number(copy.readFlag ?? 0), readTime: copy.readTime, starred: Number(copy.starred ?? 0), sortTime: copy.sortTime,
    hasAttachments: splitIds(message.attachments).length > 0,
  };
}

/** The people's names beside their ids; a mail fetched from outside names its outside sender as the sender. */
export async function withNames(ctx: ServerContext, rows: Record<string, unknown>[], lang: Lang): Promise<Record<string, unknown>[]> {
  await attachDisplayNames(ctx, mailEntity(ctx, 'Email'), rows, lang);
  for (const row of rows) if (!row.senderId && row.externalFrom) row.senderIdName = row.externalFrom;
  return rows;
}
