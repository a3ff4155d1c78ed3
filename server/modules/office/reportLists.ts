import { callKey, type CallHandler, type CallTable } from '../../calls/CallHandler';
import { hasAnyPermission, requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import type { RowScope } from '../../entity/dataScope';
import { readListQuery } from '../../entity/listQuery';
import { listRows } from '../../entity/listRows';
import { leadsDiaryDepartment } from './diaryCalls';
import { requireReadableRows, type AlsoReadable } from './readableReferences';
import { requireEntity } from './requireEntity';

/**
 * GET {call} {parentField: id, page?, pageSize?}: every report on one record (a diary's comments,
 * a task's or a plan's progress reports), newest first, for whoever may read the record. The
 * generic lists cannot say this: their my scope is the reporter's own rows, so a diary's author
 * would never read her leader's comment. Holders of the report's view or my permission only.
 */
function reportsOfCall(reportName: string, parentField: string, parentName: string, also?: AlsoReadable): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const reports = requireEntity(request.ctx, reportName);
      if (!hasAnyPermission(principal, [reports.permissions.view, reports.permissions.my])) {
        throw ApiError.forbidden('error.noPermission', { permission: reports.permissions.view });
      }
      const parentId = request.params[parentField];
      if (typeof parentId !== 'string' || parentId.trim() === '') throw ApiError.business('error.missingId', { key: parentField });
      await requireReadableRows(request, principal, parentName, [parentId], also);
      const scope: RowScope = { condition: (eb) => eb(parentField, '=', parentId), allows: (row) => row[parentField] === parentId };
      return listRows(request.ctx, reports, scope, readListQuery(reports, request.params), request.lang);
    },
  };
}

const REPORT_LISTS: [string, CallHandler][] = [
  ['getOfficeDiaryCommentListByDiary', reportsOfCall('OfficeDiaryComment', 'diary', 'OfficeDiary', leadsDiaryDepartment)],
  ['getOfficeTaskProcessListByTask', reportsOfCall('OfficeTaskProcess', 'task', 'OfficeTask')],
  ['getOfficeWorkPlanProcessListByPlan', reportsOfCall('OfficeWorkPlanProcess', 'plan', 'OfficeWorkPlan')],
];

/** The report lists of one record, read by the mobile details screens (docs/SHELL.md › Mobile office screens). */
export function registerReportLists(table: CallTable): void {
  for (const [name, handler] of REPORT_LISTS) table.set(callKey('get', 'office', name), handler);
}
