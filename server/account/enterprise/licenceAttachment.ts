import type { MultipartFile } from '@fastify/multipart';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import type { Principal } from '../../auth/Principal';
import { ApiError } from '../../http/ApiError';
import { readIdList } from '../../http/normaliseBody';
import { discardStoredFile, recordAttachment, storeUpload, type StoredFile } from '../../files/attachmentStore';

/** A business licence is a scan or a PDF: these extensions only (a subset of the spec's groups). */
export const LICENCE_EXTENSIONS: ReadonlySet<string> = new Set(['pdf', 'ofd', 'png', 'jpg', 'jpeg', 'bmp', 'gif', 'tif', 'webp']);

export type { StoredFile };
export { discardStoredFile };

/**
 * Streams the licence file of a saveEnterprise / editEnterprise request to disk like every
 * upload (server/files/attachmentStore), limited to scans and PDFs; an empty file is refused.
 * The metadata row is written later, with the enterprise record, by `recordLicenceAttachment`.
 */
export async function storeLicenceFile(ctx: ServerContext, file: MultipartFile): Promise<StoredFile> {
  const stored = await storeUpload(ctx, file, LICENCE_EXTENSIONS,
    { key: 'account.enterprise.badLicenceType', params: { allowed: [...LICENCE_EXTENSIONS].join('、') } });
  if (stored.fileSize === 0) {
    await discardStoredFile(ctx, stored);
    throw ApiError.business('account.enterprise.emptyLicence');
  }
  return stored;
}

export async function recordLicenceAttachment(db: Db, principal: Principal, file: StoredFile): Promise<void> {
  await recordAttachment(db, principal, file, 'enterprise');
}

/** Attachment ids sent instead of a file (uploaded earlier with /set/file/uploadFile) must exist and be the caller's own. */
export async function checkOwnAttachments(ctx: ServerContext, principal: Principal, value: unknown, allowed: ReadonlySet<string> = new Set()): Promise<void> {
  const ids = readIdList(value).filter((id) => !allowed.has(id));
  if (ids.length === 0) return;
  const rows = await ctx.database.db.selectFrom('sys_attach').select(['attachId', 'createUser', 'extName']).where('attachId', 'in', ids).execute();
  const ok = rows.length === new Set(ids).size
    && rows.every((r) => (principal.isSuperAdmin || r.createUser === principal.userId) && LICENCE_EXTENSIONS.has(String(r.extName)));
  if (!ok) throw ApiError.business('account.enterprise.badAttachment');
}
