import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { hasAnyPermission, requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { systemEntity } from '../context';
import { loadScopedRow } from '../entity/loadScopedRow';
import { readableScope } from '../entity/readCalls';
import { ownerOf, sameId } from '../../runtime/core/flow';

/** The history of a record's flow, for whoever may see the record itself. */
const flowLogCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const entity = request.ctx.registry.entities.get(String(request.params.entity ?? ''));
    if (!entity?.flow) throw ApiError.notFound('error.unknownEntity', { entity: String(request.params.entity ?? '') });
    if (!hasAnyPermission(principal, [entity.permissions.list, entity.permissions.view, entity.permissions.my])) {
      throw ApiError.forbidden('error.noPermission', { permission: entity.permissions.view });
    }
    const id = String(request.params.id ?? '');
    // Whoever reads the record reads its history: its scope, the my list's owner and participants.
    const scope = await readableScope(request.ctx, entity, principal);
    if (!scope) throw ApiError.forbidden('error.noPermission', { permission: entity.permissions.view });
    const row = await request.ctx.database.db.selectFrom(entity.table).selectAll().where(entity.key, '=', id).executeTakeFirst();
    if (!row) throw ApiError.notFound('error.recordNotFound');
    if (!scope.allows(row) && !sameId(ownerOf(entity, row), principal.userId)) await loadScopedRow(request.ctx, entity, id, scope);
    const users = systemEntity(request.ctx, 'User');
    const logs = await request.ctx.database.db.selectFrom('sys_flow_log as l')
      .leftJoin(`${users.table} as u`, 'u.userId', 'l.userId')
      .select(['l.transition', 'l.fromState', 'l.toState', 'l.opinion', 'l.createTime', 'l.userId', 'l.verifyMethod', 'u.userName'])
      .where('l.entity', '=', entity.name).where('l.recordId', '=', id)
      .orderBy('l.createTime', 'asc').orderBy('l.logId', 'asc').execute();
    return logs;
  },
};

export function registerFlowLogCalls(table: CallTable): void {
  table.set(callKey('get', 'system', 'getFlowLog'), flowLogCall);
}
