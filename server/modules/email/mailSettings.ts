import type { ServerContext } from '../../context';
import { mailEntity } from './mailEntities';

export interface MailSettings { row?: Record<string, unknown>; signature: string; pageSize: number; replyWithQuote: boolean; notifyNewMail: boolean }

/** The caller's newest EmailConfig row, or the defaults the schema gives a new one. */
export async function myMailSettings(ctx: ServerContext, userId: string): Promise<MailSettings> {
  const config = mailEntity(ctx, 'EmailConfig');
  const row = await ctx.database.db.selectFrom(config.table).select([config.key, 'signature', 'pageSize', 'replyWithQuote', 'notifyNewMail'])
    .where('createUser', '=', userId).orderBy('updateTime', 'desc').limit(1).executeTakeFirst();
  return {
    row,
    signature: String(row?.signature ?? ''),
    pageSize: Number(row?.pageSize ?? 20) || 20,
    replyWithQuote: row ? Number(row.replyWithQuote) === 1 : true,
    notifyNewMail: row ? Number(row.notifyNewMail) === 1 : true,
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
