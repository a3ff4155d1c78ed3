import type { Principal } from '../auth/Principal';
import { systemEntity, type ServerContext } from '../context';
import { ApiError } from '../http/ApiError';
import { peopleScopeFor } from './peopleScope';
import { refuseSuperUserTargets } from '../security/superUserRole';

/**
 * The accounts a call acting on other people's accounts (password reset, initialisation,
 * 强制下线) may reach: every id must exist and lie within the caller's scope of people — outside
 * it an account is as unknown as a missing one (404) — and an account of the superuser role is
 * reached only by a caller who holds it (403 with `superUserMessage`). Rows in the order found.
 */
export async function targetUsers(ctx: ServerContext, principal: Principal, ids: string[], superUserMessage: string): Promise<Record<string, unknown>[]> {
  const users = systemEntity(ctx, 'User');
  const rows = ids.length === 0 ? [] : await ctx.database.db.selectFrom(users.table).selectAll().where(users.key, 'in', ids).execute();
  const inScope = await peopleScopeFor(ctx, principal);
  if (rows.length !== new Set(ids).size || !rows.every(inScope)) throw ApiError.notFound('error.recordNotFound');
  await refuseSuperUserTargets(ctx, principal, rows, superUserMessage);
  return rows;
}
