import { batchAgreeAllowed } from '../../../runtime/core/bpm';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { idList } from './bpmParams';
import { loadProcessVersion } from './processVersions';
import { completeTaskCall } from './writeCalls';

/** At most this many tasks in one batch: each is its own transaction. */
const BATCH_MAX = 100;

/**
 * POST batchAgree {taskIds} → {agreed: [taskId], refused: [{taskId, title, reason, message}]}.
 * Each task is agreed on its own, exactly as completeTask would (its own transaction and checks),
 * after checking that its node lets it be agreed without an opinion or a value to fill in. One
 * refusal does not stop the others; each refusal is said in the caller's language.
 */
export const batchAgreeCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    requirePrincipal(request);
    const { ctx, t } = request;
    const taskIds = [...new Set(idList(request.params, 'taskIds'))];
    if (taskIds.length === 0) throw ApiError.business('bpm.error.required', { field: 'taskIds' }, { errors: [{ field: 'taskIds', message: 'required' }] });
    if (taskIds.length > BATCH_MAX) throw ApiError.business('bpm.error.batchTooLarge', { max: BATCH_MAX });
    const agreed: string[] = [];
    const refused: { taskId: string; title: string; reason: string; message: string }[] = [];
    for (const taskId of taskIds) {
      const task = await ctx.database.db.selectFrom('bpm_task as t').innerJoin('bpm_instance as i', 'i.instanceId', 't.instanceId')
        .select(['t.nodeId', 't.title', 'i.processKey', 'i.version']).where('t.taskId', '=', taskId).executeTakeFirst();
      try {
        if (!task) throw ApiError.notFound('bpm.error.taskNotFound');
        const def = await loadProcessVersion(ctx, ctx.database.db, String(task.processKey), Number(task.version));
        if (!batchAgreeAllowed(def, String(task.nodeId))) throw ApiError.business('bpm.error.notBatchable', {}, { reason: 'notBatchable' });
        await completeTaskCall.handle({ ...request, params: { taskId, action: 'agree' } });
        agreed.push(taskId);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const reason = (error.data as { reason?: string } | null)?.reason ?? error.messageKey;
        refused.push({ taskId, title: String(task?.title ?? ''), reason, message: String(t(error.messageKey, error.params)) });
      }
    }
    return { agreed, refused };
  },
};
