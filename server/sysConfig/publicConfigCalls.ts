import fs from 'node:fs';
import path from 'node:path';
import { REPLY_SENT, callKey, type CallHandler } from '../calls/CallHandler';
import { ApiError } from '../http/ApiError';
import { readSystemSettings } from './readSystemSettings';

/** `GET /get/file/getSysImage?attachId=`: read in clear even in SM4 mode (docs/SM4.md), as an `<img src>` cannot encrypt. */
export const SYS_IMAGE_CALL = callKey('get', 'file', 'getSysImage');

const IMAGE_TYPES: Record<string, string> = { gif: 'image/gif', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/**
 * The configured logo or one of the configured banners, for the sign-in page before anyone has
 * signed in — and nothing else: any other attachment id is "not found", whoever asks.
 */
export const sysImageCall: CallHandler = {
  auth: 'public',
  async handle({ ctx, params, reply }) {
    const attachId = typeof params.attachId === 'string' ? params.attachId.trim() : '';
    const settings = await readSystemSettings(ctx);
    if (!attachId || (attachId !== settings.logo && !settings.banners.includes(attachId))) throw ApiError.notFound('file.notFound');
    const row = await ctx.database.db.selectFrom('sys_attach').select(['extName', 'fileSize', 'storedPath'])
      .where('attachId', '=', attachId).executeTakeFirst();
    const type = row ? IMAGE_TYPES[String(row.extName).toLowerCase()] : undefined;
    const absolute = row ? path.join(ctx.config.dataDir, String(row.storedPath)) : '';
    if (!row || !type || !fs.existsSync(absolute)) throw ApiError.notFound('file.notFound');
    await reply
      .header('Content-Type', type)
      .header('Content-Length', String(row.fileSize))
      // Served as the image it claims to be, never sniffed into something a browser would run.
      .header('X-Content-Type-Options', 'nosniff')
      .send(fs.createReadStream(absolute));
    return REPLY_SENT;
  },
};

/**
 * `GET /get/system/getAgreements` → `{serviceProtocol, userNotice}`: the texts the registration
 * page asks the applicant to agree to (public: nobody is signed in there). Plain text; '' = none.
 */
export const agreementsCall: CallHandler = {
  auth: 'public',
  async handle({ ctx }) {
    const { serviceProtocol, userNotice } = await readSystemSettings(ctx);
    return { serviceProtocol, userNotice };
  },
};
