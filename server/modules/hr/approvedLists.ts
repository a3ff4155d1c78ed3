import type { CallHandler, CallTable } from '../../calls/CallHandler';
import { callKey } from '../../calls/CallHandler';
import { hrEntity } from './hrEntities';
import { scopedRows } from './scopedRows';

/** The approved rows of a flow entity the caller may read (their own and those they take part in with the my permission). */
function approvedList(entityName: string): CallHandler {
  return {
    auth: 'session',
    handle: (request) => scopedRows(request, hrEntity(request.ctx, entityName), (q) => q.where('status', '=', 'approved')),
  };
}

/** 已批准的培训 and 已批准的招聘需求 (spec §7 HR). */
export function registerApprovedLists(table: CallTable): void {
  table.set(callKey('get', 'hr', 'getApprovedTrainRecordList'), approvedList('TrainRecord'));
  table.set(callKey('get', 'hr', 'getApprovedRecruitNeedsList'), approvedList('RecruitNeeds'));
}
