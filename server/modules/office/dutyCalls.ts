import { callKey, type CallHandler, type CallTable } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';

/**
 * 值班's named reads, as filtered views of the generic lists (same permission, scope, paging
 * and answer): getDutyRecordBySort — the manage list, or the caller's own where they hold only
 * that — of one 值班类别; getDutyApprovalList — what waits for a 值班管理员's approval.
 */
function filteredList(table: CallTable, filter: (params: Record<string, unknown>) => Record<string, unknown>, needs?: 'approve'): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const entity = request.ctx.registry.entities.get('OfficeDutyRecord')!;
      if (needs) requirePermission(principal, entity.permissions[needs]);
      const manage = principal.permissions.has(entity.permissions.list);
      const list = table.get(callKey('get', 'office', manage ? 'getOfficeDutyRecordList' : 'getMyOfficeDutyRecordList'));
      if (!list) throw ApiError.notFound('error.notFound');
      return list.handle({ ...request, params: { ...request.params, filterObj: JSON.stringify(filter(request.params)) } });
    },
  };
}

export function dutyCalls(table: CallTable): Record<string, CallHandler> {
  return {
    getDutyRecordBySort: filteredList(table, (params) => {
      const sortId = typeof params.sortId === 'string' ? params.sortId.trim() : '';
      if (!sortId) throw ApiError.business('officeAdmin.error.paramRequired', { field: 'sortId' });
      return { dutySort: { value: sortId, operator: 'eq' } };
    }),
    getDutyApprovalList: filteredList(table, () => ({ status: { value: 'applied', operator: 'eq' } }), 'approve'),
  };
}
