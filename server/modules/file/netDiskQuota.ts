import type { Db } from '../../db/connect';
import type { ServerContext } from '../../context';
import { ApiError } from '../../http/ApiError';
import { fileEntity } from './fileEntities';

const MB = 1024 * 1024;

/**
 * Everyone's network disk holds NETDISK_QUOTA_MB (1 GB unless set); the file administrator gives
 * one person more or less with a 网盘配额 row (NetDiskQuota). Read at each upload, so a change
 * applies at once.
 */
export function defaultQuotaMb(): number {
  const configured = Number(process.env.NETDISK_QUOTA_MB);
  return Number.isFinite(configured) && configured > 0 ? configured : 1024;
}

export interface DiskUsage { used: number; quota: number }

/** Bytes the user's disk holds (files in the recycle bin count until it is emptied) and its quota. */
export async function diskUsage(ctx: ServerContext, db: Db, userId: string): Promise<DiskUsage> {
  const items = fileEntity(ctx, 'NetDiskItem');
  const quotas = fileEntity(ctx, 'NetDiskQuota');
  const sum = await db.selectFrom(items.table)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('fileSize'), eb.lit(0)).as('bytes'))
    .where('createUser', '=', userId).where('itemType', '=', 'file').executeTakeFirst();
  const own = await db.selectFrom(quotas.table).select('quotaMb').where('userId', '=', userId).executeTakeFirst();
  const quotaMb = own ? Number(own.quotaMb) : defaultQuotaMb();
  return { used: Number(sum?.bytes ?? 0), quota: quotaMb * MB };
}

/** Refuses a file that would take the disk past its quota, saying how much is left. */
export async function assertDiskRoom(ctx: ServerContext, db: Db, userId: string, adding: number): Promise<void> {
  const { used, quota } = await diskUsage(ctx, db, userId);
  if (used + adding <= quota) return;
  const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
  throw ApiError.business('file.netDisk.quotaExceeded', { quota: mb(quota), used: mb(used), size: mb(adding) });
}
