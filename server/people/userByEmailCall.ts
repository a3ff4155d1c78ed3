import { sql } from 'kysely';
import type { CallHandler } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { systemEntity } from '../context';
import { ApiError } from '../http/ApiError';
import { rowScopeFor } from '../entity/dataScope';
import { rowToApi } from '../entity/rowValues';
import { attachDisplayNames } from '../entity/displayNames';
import { peopleScopeFor } from './peopleScope';

/** The User schema's own e-mail rule, so this call and the user form agree on what an address is. */
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const MAX_EMAIL = 100;

/**
 * GET /get/system/getUserByEmail?email=: the user with this e-mail address, compared without
 * regard to case — the row as the user list shows it (with display names), or null when there
 * is none. Needs the user list permission and reaches no user the list would not show (403 when
 * the match lies outside the caller's scope). A malformed address is
 * code 100. On top of the list's scope, the caller's role scope applies to where the person works
 * (peopleScope.ts): an HR officer with unit scope finds the people of their unit only. When
 * several users share an address (the user screen does not forbid it), the first in the list's
 * order answers and `matches` counts them.
 */
export const getUserByEmailCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const users = systemEntity(ctx, 'User');
    requirePermission(principal, users.permissions.list);
    const email = String(request.params.email ?? '').trim();
    if (email === '' || email.length > MAX_EMAIL || !EMAIL.test(email)) throw ApiError.business('people.email.invalid');
    const rows = await ctx.database.db.selectFrom(users.table).selectAll()
      .where(sql`lower(email)`, '=', email.toLowerCase()).orderBy('sort', 'asc').orderBy(users.key, 'asc').limit(20).execute();
    if (rows.length === 0) return null;
    const [scope, people] = await Promise.all([rowScopeFor(ctx, users, principal, 'manage'), peopleScopeFor(ctx, principal)]);
    const visible = rows.filter((r) => scope.allows(r) && people(r));
    if (visible.length === 0) throw ApiError.forbidden('error.outOfScope');
    const user = rowToApi(users, visible[0]);
    await attachDisplayNames(ctx, users, [user]);
    return { ...user, matches: visible.length };
  },
};
