import path from 'node:path';
import type { ServerContext } from '../../context';
import type { MailAttachment } from '../../adapters/mail/MailAdapter';

/** The stored files `attachIds` names, as a mail sends them (read from disk while sending). */
export async function mailAttachments(ctx: ServerContext, attachIds: string[]): Promise<MailAttachment[]> {
  if (attachIds.length === 0) return [];
  const rows = await ctx.database.db.selectFrom('sys_attach').select(['attachId', 'name', 'storedPath', 'contentType'])
    .where('attachId', 'in', attachIds).execute();
  return rows.map((r) => ({
    filename: String(r.name), path: path.join(ctx.config.dataDir, String(r.storedPath)), ...(r.contentType ? { contentType: String(r.contentType) } : {}),
  }));
}
