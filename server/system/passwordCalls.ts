import { randomInt } from 'node:crypto';
import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { systemEntity, type ServerContext } from '../context';
import { checkNewPassword } from '../account/passwordPolicy';
import { recordOperation } from '../audit/recordOperation';
import { targetUsers } from '../people/targetUsers';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** 12 characters with letters and digits, without look-alikes (0/O, 1/l/I). */
export function generatedPassword(): string {
  for (;;) {
    const text = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (/[A-Za-z]/.test(text) && /[0-9]/.test(text)) return text;
  }
}

async function setPassword(ctx: ServerContext, userId: string, password: string, keepSession?: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.database.db.insertInto('sys_credential').values({ userId, passwordHash, updateTime: nowText() })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ passwordHash, updateTime: nowText() })).execute();
  // A changed password ends the other sessions of that user.
  let query = ctx.database.db.deleteFrom('sys_session').where('userId', '=', userId);
  if (keepSession) query = query.where('tokenHash', '<>', keepSession);
  await query.execute();
}

/**
 * POST /set/system/resetUserPassword {id, password?}: an administrator (User update permission)
 * sets a password, or lets the server generate one, shown once in the answer.
 */
const resetUserPasswordCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const users = systemEntity(request.ctx, 'User');
    requirePermission(principal, users.permissions.update);
    const userId = String(request.params.id ?? request.params.userId ?? '');
    if (!userId) throw ApiError.notFound('error.recordNotFound');
    const [user] = await targetUsers(request.ctx, principal, [userId], 'password.reset.superUser');
    const given = request.params.password;
    const password = given === undefined || given === '' ? generatedPassword() : checkNewPassword(given, request.params.password2);
    await setPassword(request.ctx, userId, password);
    await recordOperation(request.ctx.database.db, principal, { entity: users, action: 'update', recordId: userId, detail: 'resetPassword' }, request.raw.ip);
    return { accountId: user.accountId, ...(given === undefined || given === '' ? { password } : {}) };
  },
};

/** POST /set/system/updateMyPassword {oldPassword, password, password2}: the signed-in user's own. */
const updateMyPasswordCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const stored = await request.ctx.database.db.selectFrom('sys_credential').select('passwordHash').where('userId', '=', principal.userId).executeTakeFirst();
    const oldOk = stored ? await verifyPassword(String(request.params.oldPassword ?? ''), String(stored.passwordHash)) : false;
    if (!oldOk) throw ApiError.business('password.oldWrong');
    const password = checkNewPassword(request.params.password, request.params.password2);
    await setPassword(request.ctx, principal.userId, password, principal.tokenHash);
    return null;
  },
};

export function registerPasswordCalls(table: CallTable): void {
  table.set(callKey('set', 'system', 'resetUserPassword'), resetUserPasswordCall);
  table.set(callKey('set', 'system', 'updateMyPassword'), updateMyPasswordCall);
}
