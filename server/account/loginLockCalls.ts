import { callMethod, callName } from '../../runtime/core/naming';
import { callKey, type CallHandler, type CallTable } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import type { ServerContext } from '../context';
import { readListQuery } from '../entity/listQuery';
import { listRows } from '../entity/listRows';
import { forgetLockedFailures, locksInForce, loginLockEntity } from './loginThrottle';

/**
 * The security administrator's screen of sign-in locks (系统管理 › 登录锁定) is the generic one
 * of SysLoginLock, a security-duty entity; two of its calls do a little more:
 * - the list shows the locks in force: those that ran out or were lifted stay stored, each
 *   target's one row with its history (a later lock relocks it), but leave the list;
 * - `unlockSysLoginLock` (the flow's unlock transition) first forgets the failures behind the
 *   lock, then moves it to 已解锁 through the generic transition (operation and flow log).
 * Registered after the generic calls, replacing them.
 */
export function registerLoginLockCalls(table: CallTable, ctx: ServerContext): void {
  const entity = loginLockEntity(ctx);
  const base = ctx.registry.modules.get(entity.module)!.base;
  const listKey = callKey(callMethod('list'), base, callName(entity.name, 'list'));
  const list = table.get(listKey);
  const unlock = entity.flow?.transitions.find((tr) => tr.name === 'unlock');
  if (!list || !unlock) throw new Error(`${entity.name} needs its list call and an unlock transition`);
  const unlockKey = callKey('set', base, unlock.call);
  const transition = table.get(unlockKey)!;

  table.set(listKey, {
    ...list,
    async handle(request) {
      // The generic list's checks (SysLoginLock has no data scope: the permission is the whole rule).
      requirePermission(requirePrincipal(request), entity.permissions.list);
      return listRows(request.ctx, entity, locksInForce(), readListQuery(entity, request.params), request.lang);
    },
  } satisfies CallHandler);

  table.set(unlockKey, {
    ...transition,
    async handle(request) {
      // The same permission the transition checks, before anything is forgotten.
      requirePermission(requirePrincipal(request), entity.permissions[unlock.name]);
      const id = request.params[entity.key] ?? request.params.id;
      if (typeof id === 'string' && id !== '') {
        const row = await request.ctx.database.db.selectFrom(entity.table).selectAll()
          .where(entity.key, '=', id).where('status', '=', 'locked').executeTakeFirst();
        if (row) await forgetLockedFailures(request.ctx, row);
      }
      return transition.handle(request);
    },
  } satisfies CallHandler);
}
