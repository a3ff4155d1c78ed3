import fs from 'node:fs';
import path from 'node:path';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import type { RowOwner } from '../../entity/insertNewRow';
import { newId } from '../../http/newId';
import { recordAttachment, storedPathFor } from '../../files/attachmentStore';
import { splitIds } from '../../entity/rowValues';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The first attachment id of a file field (a body field holds one file). */
export const firstAttachId = (value: unknown): string | null => splitIds(value)[0] ?? null;

/** A stored attachment's name, extension and bytes; null when the row or the file is gone. */
export async function readAttachment(ctx: ServerContext, db: Db, attachId: string): Promise<{ name: string; extName: string; bytes: Buffer } | null> {
  const row = await db.selectFrom('sys_attach').select(['name', 'extName', 'storedPath']).where('attachId', '=', attachId).executeTakeFirst();
  if (!row) return null;
  try {
    const bytes = await fs.promises.readFile(path.join(ctx.config.dataDir, String(row.storedPath)));
    return { name: String(row.name), extName: String(row.extName), bytes };
  } catch {
    return null;
  }
}

/**
 * A file the server made (a filled red header, a demo body or seal) stored as an attachment of
 * `owner`, like an upload: same storage layout, same metadata row (in `db`, the caller's
 * transaction). The file is written first; a rolled-back transaction leaves it unlinked, and the
 * purge job removes unlinked attachments after a day. A .docx unless `type` says otherwise.
 */
export async function storeGeneratedFile(
  ctx: ServerContext, db: Db, owner: Pick<RowOwner, 'userId' | 'unitId'>, name: string, bytes: Buffer,
  type: { extName: string; contentType: string } = { extName: 'docx', contentType: DOCX_TYPE },
): Promise<string> {
  const attachId = newId();
  const storedPath = storedPathFor(attachId);
  const absolute = path.join(ctx.config.dataDir, storedPath);
  await fs.promises.mkdir(path.dirname(absolute), { recursive: true });
  await fs.promises.writeFile(absolute, bytes);
  await recordAttachment(db, owner, { attachId, name, ...type, fileSize: bytes.length, storedPath }, 'doc');
  return attachId;
}
