import type { CallHandler, CallTable } from '../../calls/CallHandler';
import { callKey } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { systemEntity } from '../../context';
import { ApiError } from '../../http/ApiError';
import { deptSubtree } from '../../entity/deptSubtree';
import { rowToApi } from '../../entity/rowValues';
import { attachDisplayNames } from '../../entity/displayNames';
import { hrEntity } from './hrEntities';
import { idsParam, scopedRows, textParam } from './scopedRows';
import { ALL_GENERIC_KINDS, registerCallAlias, registerSpecCallNames } from './specCallNames';

/** The department asked for, and with `children=1` every department below it too. */
async function deptsAsked(request: Parameters<CallHandler['handle']>[0]): Promise<string[]> {
  const deptId = textParam(request, 'deptId');
  const children = ['1', 'true'].includes(String(request.params.children ?? ''));
  return children ? deptSubtree(request.ctx, deptId) : [deptId];
}

/** getUserByAccountId: the personnel file of the account `accountId`, if the caller may read it (their own with the my permission). */
const userByAccountId: CallHandler = {
  auth: 'session',
  async handle(request) {
    const accountId = textParam(request, 'accountId');
    const users = systemEntity(request.ctx, 'User');
    const account = await request.ctx.database.db.selectFrom(users.table).select('userId').where('accountId', '=', accountId).executeTakeFirst();
    const page = await scopedRows(request, hrEntity(request.ctx, 'HrUser'), (q) => q.where('userId', '=', account ? String(account.userId) : ''));
    if (!page.list[0]) throw ApiError.notFound('error.recordNotFound');
    return page.list[0];
  },
};

/** getUserListByDept: personnel files of a system department (`children=1`: and below), paged like the list. */
const usersByDept: CallHandler = {
  auth: 'session',
  async handle(request) {
    const depts = await deptsAsked(request);
    return scopedRows(request, hrEntity(request.ctx, 'HrUser'), (q) => q.where('deptId', 'in', depts));
  },
};

/** getUserListByIds: the personnel files of the system users `userIds`. */
const usersByIds: CallHandler = {
  auth: 'session',
  async handle(request) {
    const userIds = idsParam(request.params, 'userIds');
    if (userIds.length === 0) return { list: [], total: 0, totalCapped: false, summary: {} };
    if (userIds.length > 500) throw ApiError.business('error.tooManyIds', { max: 500 });
    return scopedRows(request, hrEntity(request.ctx, 'HrUser'), (q) => q.where('userId', 'in', userIds));
  },
};

/** getUserListByDeptForSelect: label/value pairs (name, personnel-file id) of a department's employees still employed. */
const usersByDeptForSelect: CallHandler = {
  auth: 'session',
  async handle(request) {
    const depts = await deptsAsked(request);
    const page = await scopedRows(request, hrEntity(request.ctx, 'HrUser'), (q) => q.where('deptId', 'in', depts).where('staffStatus', '!=', 'left'));
    return page.list.map((r) => ({ label: r.userName, value: r.hrUserId, jobNo: r.jobNo, userId: r.userId, deptId: r.deptId }));
  },
};

/** getDepartmentListByDeptIds: HR's rows of the system departments `deptIds` (Department.deptId). */
const departmentsByDeptIds: CallHandler = {
  auth: 'session',
  async handle(request) {
    requirePrincipal(request);
    const deptIds = idsParam(request.params, 'deptIds');
    if (deptIds.length > 500) throw ApiError.business('error.tooManyIds', { max: 500 });
    const department = hrEntity(request.ctx, 'Department');
    if (deptIds.length === 0) return [];
    const rows = await request.ctx.database.db.selectFrom(department.table).selectAll().where('deptId', 'in', deptIds).orderBy('sort').execute();
    const list = rows.map((r) => rowToApi(department, r));
    await attachDisplayNames(request.ctx, department, list, request.lang);
    return list;
  },
};

/** getDepartmentByIdForSelect: one department as a picker shows it (label, value, code, parent), open like the tree. */
const departmentByIdForSelect: CallHandler = {
  auth: 'session',
  async handle(request) {
    requirePrincipal(request);
    const department = hrEntity(request.ctx, 'Department');
    const id = textParam(request, 'departmentId');
    const row = await request.ctx.database.db.selectFrom(department.table)
      .select(['departmentId', 'deptName', 'deptCode', 'parentId', 'deptId', 'deptStatus']).where('departmentId', '=', id).executeTakeFirst();
    if (!row) throw ApiError.notFound('error.recordNotFound');
    return { ...row, label: row.deptName, value: row.departmentId };
  },
};

/**
 * The personnel file and HR department calls of spec §7 HR: the generic HrUser calls under the
 * spec's User names, and the named reads by account, department and ids.
 */
export function registerPersonnelCalls(table: CallTable): void {
  registerSpecCallNames(table, 'hr', 'HrUser', 'User', ALL_GENERIC_KINDS);
  // 用户档案导出: the roster export of the personnel files, with the list's filters.
  registerCallAlias(table, callKey('get', 'hr', 'exportUserRecord'), callKey('get', 'hr', 'exportHrUser'));
  table.set(callKey('get', 'hr', 'getUserByAccountId'), userByAccountId);
  table.set(callKey('get', 'hr', 'getUserListByDept'), usersByDept);
  table.set(callKey('get', 'hr', 'getUserListByIds'), usersByIds);
  table.set(callKey('get', 'hr', 'getUserListByDeptForSelect'), usersByDeptForSelect);
  table.set(callKey('get', 'hr', 'getDepartmentListByDeptIds'), departmentsByDeptIds);
  table.set(callKey('get', 'hr', 'getDepartmentByIdForSelect'), departmentByIdForSelect);
}
