import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { systemEntity } from '../context';
import { validatedValues } from '../entity/validateInput';
import { checkStoredValues } from '../entity/checkStoredValues';
import { insertNewRow } from '../entity/insertNewRow';
import { recordOperation } from '../audit/recordOperation';
import { rowToApi } from '../entity/rowValues';
import { fileSecurityEvent, isReviewed, splitReviewed } from '../security/securityReview';
import { registerSuperUserMenus } from './superUserMenus';

/**
 * POST /set/system/cloneRole {id, roleCode, roleName}: a new role with the source's menus,
 * buttons and data scope. Copying permissions is granting them, so under three-role security
 * the copy starts without them and the grant waits for the security administrator.
 */
const cloneRoleCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const roles = systemEntity(request.ctx, 'Role');
    requirePermission(principal, roles.permissions.insert);
    const source = await request.ctx.database.db.selectFrom(roles.table).selectAll().where('roleId', '=', String(request.params.id ?? '')).executeTakeFirst();
    if (!source) throw ApiError.notFound('error.recordNotFound');
    const copy = rowToApi(roles, source);
    const values = validatedValues(roles, {
      roleCode: request.params.roleCode, roleName: request.params.roleName,
      dataScope: copy.dataScope, menuIds: copy.menuIds, status: copy.status, sort: copy.sort, remark: copy.remark,
    }, request.t);
    await checkStoredValues(request.ctx, roles, values, request.t);
    const { now, later } = isReviewed(request.ctx, roles) ? splitReviewed(roles, values) : { now: values, later: {} };
    const result = await request.ctx.database.db.transaction().execute(async (trx) => {
      const id = await insertNewRow(request.ctx, trx, roles, now, principal, request.t);
      await recordOperation(trx, principal, { entity: roles, action: 'insert', recordId: id, after: now, detail: `clone:${String(source.roleId)}` }, request.raw.ip);
      const eventId = Object.keys(later).length
        ? await fileSecurityEvent(request.ctx, trx, principal, { entity: roles, action: 'update', recordId: id, recordLabel: String(values.roleName), changes: later, before: now })
        : undefined;
      return { roleId: id, ...(eventId ? { $pendingSecurityEvent: eventId } : {}) };
    });
    return result;
  },
};

export function registerRoleCalls(table: CallTable): void {
  table.set(callKey('set', 'system', 'cloneRole'), cloneRoleCall);
  registerSuperUserMenus(table);
}
