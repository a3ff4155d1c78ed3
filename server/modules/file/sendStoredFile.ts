import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { REPLY_SENT } from '../../calls/CallHandler';
import { ApiError } from '../../http/ApiError';
import { contentDisposition } from '../../files/contentDisposition';
import { sandboxFileAnswer } from '../../http/securityHeaders';

/**
 * Streams a stored attachment as a download under `name`, after the caller's own access check —
 * with the same answer as getFileDown: bytes to save, never a page of the app's origin.
 */
export async function sendStoredFile(ctx: ServerContext, db: Db, reply: FastifyReply, attachId: string, name: string): Promise<typeof REPLY_SENT> {
  const row = await db.selectFrom('sys_attach').select(['storedPath', 'fileSize']).where('attachId', '=', attachId).executeTakeFirst();
  const absolute = row ? path.join(ctx.config.dataDir, String(row.storedPath)) : '';
  if (!row || !fs.existsSync(absolute)) throw ApiError.notFound('file.notFound');
  await sandboxFileAnswer(reply)
    .header('Content-Type', 'application/octet-stream')
    .header('Content-Length', String(row.fileSize))
    .header('Content-Disposition', contentDisposition(name))
    .send(fs.createReadStream(absolute));
  return REPLY_SENT;
}
