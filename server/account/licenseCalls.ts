import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import type { ServerContext } from '../context';
import { ApiError } from '../http/ApiError';
import { newId, nowText } from '../http/newId';
import { LicenseError, MAX_LICENSE_BYTES, verifyLicense, type LicenseFields } from './license/licenseFile';

function today(): string {
  return nowText().slice(0, 10);
}

/** What /system/info shows: the newest installed licence, or `registered: false`. */
async function registerInfo(ctx: ServerContext) {
  const row = await ctx.database.db.selectFrom('sys_license').selectAll()
    .orderBy('createTime', 'desc').orderBy('licenseId', 'desc').executeTakeFirst();
  if (!row) return { registered: false, unit: '', expires: '', expired: false, daysLeft: 0, fields: {}, uploadTime: '' };
  let fields: LicenseFields = {};
  try {
    fields = JSON.parse(String(row.content)) as LicenseFields;
    delete (fields as Record<string, unknown>).signature;
  } catch {
    fields = {};
  }
  const expires = String(row.expires);
  const daysLeft = Math.floor((Date.parse(`${expires}T00:00:00Z`) - Date.parse(`${today()}T00:00:00Z`)) / 86_400_000);
  return { registered: true, unit: String(row.unit), expires, expired: daysLeft < 0, daysLeft: Math.max(0, daysLeft), fields, uploadTime: String(row.createTime) };
}

/** `GET /get/system/getRegisterInfo`: the software registration shown on /system/info. */
const registerInfoCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    requirePrincipal(request);
    return registerInfo(request.ctx);
  },
};

/**
 * `POST /set/system/uploadRegisterFile` multipart `file`: installs a software registration file
 * after checking its signature (LICENSE_KEY) and date. Administrators only (the admin role).
 */
const uploadRegisterFileCall: CallHandler = {
  auth: 'session',
  multipart: 'buffer',
  async handle(request) {
    const principal = requirePrincipal(request);
    if (!principal.isSuperAdmin) throw ApiError.forbidden('account.license.adminOnly');
    const { ctx } = request;
    const file = request.params.$file as { buffer: Buffer; filename: string } | undefined;
    if (!file || file.buffer.length === 0) throw ApiError.business('account.license.missing');
    if (file.buffer.length > MAX_LICENSE_BYTES) throw ApiError.business('account.license.tooLarge', { kb: MAX_LICENSE_BYTES / 1024 });
    const key = ctx.config.account.licenseKey;
    if (!key) throw ApiError.business('account.license.noKey');
    const text = file.buffer.toString('utf8');
    let license;
    try {
      license = verifyLicense(text, key);
    } catch (error) {
      if (error instanceof LicenseError) throw ApiError.business(`account.license.${error.problem}`);
      throw error;
    }
    if (license.expires < today()) throw ApiError.business('account.license.expired', { expires: license.expires });
    await ctx.database.db.insertInto('sys_license').values({
      licenseId: newId(), unit: license.unit, expires: license.expires, content: text.replace(/^\uFEFF/, ''),
      uploadUser: principal.userId, createTime: nowText(),
    }).execute();
    return registerInfo(ctx);
  },
};

export function registerLicenseCalls(table: CallTable): void {
  table.set(callKey('get', 'system', 'getRegisterInfo'), registerInfoCall);
  table.set(callKey('set', 'system', 'uploadRegisterFile'), uploadRegisterFileCall);
}
