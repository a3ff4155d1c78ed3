import type { CallHandler } from '../../../calls/CallHandler';
import { requirePrincipal } from '../../../calls/requirePrincipal';
import { loadScopedRow } from '../../../entity/loadScopedRow';
import { readableScope } from '../../../entity/readCalls';
import { ApiError } from '../../../http/ApiError';
import { requiredText } from '../bpmParams';

/**
 * GET /get/bpm/getBizInstance {bizEntity, bizId}: where a record's latest request stands, for its
 * details page (status, current steps, the link to the task or read screen). Whoever may view
 * the record may ask (403/404 as its getById); null when it was never submitted.
 */
export const getBizInstanceCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    const entity = ctx.registry.entities.get(requiredText(params, 'bizEntity', 60));
    if (!entity?.workflow) throw ApiError.business('bpm.binding.notBound');
    const bizId = requiredText(params, 'bizId', 64);
    const scope = await readableScope(ctx, entity, principal);
    if (!scope) throw ApiError.forbidden('error.noPermission', { permission: entity.permissions.view });
    await loadScopedRow(ctx, entity, bizId, scope);
    const db = ctx.database.db;
    const instance = await db.selectFrom('bpm_instance').select(['instanceId', 'status', 'currentNodes', 'createTime', 'endTime'])
      .where('bizEntity', '=', entity.name).where('bizId', '=', bizId).orderBy('createTime', 'desc').orderBy('instanceId', 'desc').executeTakeFirst();
    if (!instance) return null;
    const myTask = await db.selectFrom('bpm_task').select('taskId').where('instanceId', '=', String(instance.instanceId))
      .where('assignee', '=', principal.userId).where('kind', '=', 'todo').where('status', '=', 'pending').executeTakeFirst();
    return {
      instanceId: instance.instanceId, status: instance.status, currentNodes: instance.currentNodes ?? '',
      createTime: instance.createTime, endTime: instance.endTime, myTaskId: myTask ? myTask.taskId : null,
    };
  },
};
