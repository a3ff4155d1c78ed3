import type { ServerContext } from '../context';
import type { Principal } from '../auth/Principal';
import { ApiError } from '../http/ApiError';

const MB = 1024 * 1024;

/** Bytes of every attachment the user uploaded (avatars and licences included) that are still stored. */
export async function storedBytesOf(ctx: ServerContext, userId: string): Promise<number> {
  const row = await ctx.database.db.selectFrom('sys_attach')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('fileSize'), eb.lit(0)).as('bytes'))
    .where('createUser', '=', userId).executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/**
 * UPLOAD_QUOTA_MB: a user's files together stay under the quota, so one account cannot fill the
 * disk. Checked once the new file's size is known; concurrent uploads of one user may overshoot
 * by what is in flight at that moment.
 */
export async function assertWithinQuota(ctx: ServerContext, principal: Principal, adding: number): Promise<void> {
  const quota = ctx.config.uploadQuotaBytes;
  if (quota <= 0) return;
  const used = await storedBytesOf(ctx, principal.userId);
  if (used + adding <= quota) return;
  const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
  throw ApiError.business('file.quotaExceeded', { quota: mb(quota), used: mb(used), size: mb(adding) });
}
