import type { CallHandler } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { systemEntity } from '../context';
import { ApiError } from '../http/ApiError';
import { readIdList } from '../http/normaliseBody';
import { recordOperation } from '../audit/recordOperation';
import { LOGIN_AS_ACCOUNT } from '../system/sessionCalls';
import { readDeskLayout, writeDeskLayout } from './deskLayout';

/** Most users named in one call (the "all of my unit" choice has no such limit). */
const MAX_CHOSEN_USERS = 500;

/**
 * POST cloneAdminDesk `userIds[]` or `all=1`: the administrator's own desk arrangement becomes
 * that of the chosen users, or of every user of the administrator's unit. Like signing in as
 * another account (loginOtherAccount) it belongs to the account named admin, not to a role, and
 * not to admin signed in as somebody else. Each copy is logged as an update of that user.
 */
export const cloneAdminDeskCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    if (principal.accountId !== LOGIN_AS_ACCOUNT || principal.loginAs) throw ApiError.forbidden('desk.onlyAdminMayClone');
    const { ctx } = request;
    const { db } = ctx.database;
    const layout = await readDeskLayout(db, principal.userId);
    if (!layout) throw ApiError.business('desk.nothingToClone');

    const users = systemEntity(ctx, 'User');
    const all = String(request.params.all ?? '') === '1';
    const chosen = [...new Set(readIdList(request.params.userIds))];
    if (!all && chosen.length === 0) throw ApiError.business('desk.noUsersChosen');
    if (chosen.length > MAX_CHOSEN_USERS) throw ApiError.business('desk.tooManyUsers', { max: MAX_CHOSEN_USERS });
    let targets: string[];
    if (all) {
      const rows = await db.selectFrom(users.table).select(users.key).where('unitId', '=', principal.unitId).execute();
      targets = rows.map((r) => String(r[users.key]));
    } else {
      const rows = await db.selectFrom(users.table).select(users.key).where(users.key, 'in', chosen).execute();
      const found = new Set(rows.map((r) => String(r[users.key])));
      const missing = chosen.find((id) => !found.has(id));
      if (missing !== undefined) throw ApiError.business('desk.userNotFound', { userId: missing.slice(0, 60) });
      targets = chosen;
    }
    targets = targets.filter((id) => id !== principal.userId);

    await db.transaction().execute(async (trx) => {
      for (const userId of targets) {
        await writeDeskLayout(trx, userId, layout);
        await recordOperation(trx, principal, { entity: users, action: 'update', recordId: userId, detail: 'cloneAdminDesk' }, request.raw.ip);
      }
    });
    return { count: targets.length };
  },
};
