import type { ServerContext } from '../context';
import { systemEntity } from '../context';
import type { Principal } from '../auth/Principal';
import { verifyPassword } from '../auth/passwords';
import { consumeCode } from '../account/verification';
import { ApiError } from '../http/ApiError';

export type VerifyMethod = 'password' | 'sms';

/** A user's signing settings (签批设置, SignatureConfig), when enabled. */
export interface Signature {
  verifyMethod: VerifyMethod;
  /** Attachment id of the handwritten signature image, if one was uploaded. */
  signImage: string | null;
}

export async function signatureOf(ctx: ServerContext, userId: string): Promise<Signature | undefined> {
  const entity = ctx.registry.entities.get('SignatureConfig');
  if (!entity) return undefined;
  const row = await ctx.database.db.selectFrom(entity.table).select(['verifyMethod', 'signImage'])
    .where('userId', '=', userId).where('enabled', '=', 1).executeTakeFirst();
  if (!row) return undefined;
  return { verifyMethod: row.verifyMethod === 'sms' ? 'sms' : 'password', signImage: row.signImage ? String(row.signImage) : null };
}

export async function phoneOf(ctx: ServerContext, userId: string): Promise<string | null> {
  const user = systemEntity(ctx, 'User');
  const row = await ctx.database.db.selectFrom(user.table).select('phone').where(user.key, '=', userId).executeTakeFirst();
  return row?.phone ? String(row.phone) : null;
}

/**
 * A user whose signing settings are enabled confirms each flow decision: with the sign-in
 * password (`signPassword`) or with an SMS code sent for signing (`signCode`). Answers the method
 * used (recorded in the flow log), or null for users who sign without confirmation. Refusals
 * are code 100 with what to do; nothing has been written yet when they happen.
 */
export async function verifySigner(ctx: ServerContext, principal: Principal, params: Record<string, unknown>): Promise<Signature & { verified: VerifyMethod } | null> {
  const signature = await signatureOf(ctx, principal.userId);
  if (!signature) return null;
  if (signature.verifyMethod === 'password') {
    const entered = typeof params.signPassword === 'string' ? params.signPassword : '';
    if (entered === '') throw ApiError.business('signature.passwordRequired');
    const stored = await ctx.database.db.selectFrom('sys_credential').select('passwordHash').where('userId', '=', principal.userId).executeTakeFirst();
    if (!stored || !(await verifyPassword(entered, String(stored.passwordHash)))) throw ApiError.business('signature.passwordWrong');
  } else {
    const phone = await phoneOf(ctx, principal.userId);
    if (!phone) throw ApiError.business('signature.noPhone');
    await consumeCode(ctx.database.db, ctx.config.account, 'sign', phone, params.signCode);
  }
  return { ...signature, verified: signature.verifyMethod };
}
