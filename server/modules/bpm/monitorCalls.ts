import { normaliseDate } from '../../../runtime/core/validation';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { BPM_ADMIN_PERMISSION, isBpmAdmin, optionalText } from './bpmParams';
import { pageOf } from './listCalls';

const STATUSES = ['running', 'approved', 'rejected', 'terminated'];

/** A day of the date range (YYYY-MM-DD), or a clear refusal naming the parameter. */
function dayParam(params: Record<string, unknown>, name: string): string | undefined {
  const text = optionalText(params, name, 30);
  if (text === undefined) return undefined;
  const day = normaliseDate(text);
  if (!day) throw ApiError.business('bpm.error.badParam', { field: name }, { errors: [{ field: name, message: 'badDate' }] });
  return day;
}

/**
 * GET getInstanceList {page, pageSize, keyword?, status?, processKey?, startUserId?, dateFrom?, dateTo?}:
 * 流程监控, every request of every process for the process administrators (the holders of
 * bpm:BpmProcess:update, who also read and terminate any request), newest first. The date range
 * is on the day the request was started, both ends included.
 */
export const getInstanceListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    if (!isBpmAdmin(principal)) throw ApiError.forbidden('error.noPermission', { permission: BPM_ADMIN_PERMISSION });
    const { ctx, params } = request;
    const status = optionalText(params, 'status', 20);
    if (status !== undefined && !STATUSES.includes(status)) throw ApiError.business('bpm.error.badParam', { field: 'status' });
    const processKey = optionalText(params, 'processKey', 60);
    const startUserId = optionalText(params, 'startUserId', 64);
    const dateFrom = dayParam(params, 'dateFrom');
    const dateTo = dayParam(params, 'dateTo');
    let base = ctx.database.db.selectFrom('bpm_instance');
    if (status) base = base.where('status', '=', status);
    if (processKey) base = base.where('processKey', '=', processKey);
    if (startUserId) base = base.where('startUserId', '=', startUserId);
    if (dateFrom) base = base.where('createTime', '>=', `${dateFrom} 00:00:00`);
    if (dateTo) base = base.where('createTime', '<=', `${dateTo} 23:59:59`);
    return pageOf(ctx, request, base, [
      'instanceId', 'processKey', 'processName', 'version', 'title', 'currentNodes', 'startUserId', 'startUserName', 'createTime', 'endTime', 'status',
    ], 'createTime');
  },
};
