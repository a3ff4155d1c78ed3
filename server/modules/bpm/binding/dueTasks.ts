import { processGraph, type EngineAction, type ProcessNode, type TaskKind } from '../../../../runtime/core/bpm';
import { ApiError } from '../../../http/ApiError';
import { newId, nowText } from '../../../http/newId';
import type { Job } from '../../../scheduler/jobs';
import { loadInstance } from '../instanceRows';
import { notifyUrge } from '../notifyStep';
import { loadProcessVersion } from '../processVersions';
import { actOnInstance, type Actor } from '../runAction';

const HOUR_MS = 3_600_000;
/** Overdue tasks one run takes; the next run (every few minutes) takes the rest. */
const BATCH = 200;

/** Who the due-time job acts as in the audit: nobody's account, said as such on the history. */
export const SYSTEM_ACTOR: Actor = { userId: 'system', userName: 'system', deptId: '', unitId: '' };

/** When a new task of this node falls due (node `dueHours`), or null: only todo tasks of nodes with a due time. */
export function dueTimeOf(node: ProcessNode, kind: TaskKind, now = Date.now()): string | null {
  if (kind !== 'todo' || !node.dueHours || node.kind === 'start') return null;
  return nowText(new Date(now + node.dueHours * HOUR_MS));
}

/**
 * The job bpmDueTasks (docs/WORKFLOW.md › Due time): each overdue pending todo task is claimed
 * once (dueDone 0 → 1, so overlapping runs never act twice) and gets its node's `dueAction`:
 * `remind` sends 催办 to the assignee; `autoAgree` / `autoReject` decide it through the same
 * one-transaction path as a person — a person who decided first wins, and the job's step is
 * refused without effect. The audit names the actor `system` with `detail.by = "dueTime"`.
 */
export const bpmDueTasks: Job = async (ctx) => {
  const db = ctx.database.db;
  const due = await db.selectFrom('bpm_task').select(['taskId', 'instanceId', 'nodeId', 'assignee'])
    .where('dueDone', '=', 0).where('dueTime', '<=', nowText()).where('status', '=', 'pending').where('kind', '=', 'todo')
    .orderBy('dueTime').limit(BATCH).execute();
  const counts = { remind: 0, autoAgree: 0, autoReject: 0, skipped: 0 };
  for (const row of due) {
    const taskId = String(row.taskId);
    const claimed = await db.updateTable('bpm_task').set({ dueDone: 1 }).where('taskId', '=', taskId).where('dueDone', '=', 0).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const instance = await loadInstance(db, String(row.instanceId));
    const def = await loadProcessVersion(ctx, db, instance.processKey, instance.version);
    const action = processGraph(def).node(String(row.nodeId)).dueAction ?? 'remind';
    const detail = { by: 'dueTime', dueAction: action, assignee: String(row.assignee) };
    if (action === 'remind') {
      await db.insertInto('bpm_audit').values({
        auditId: newId(), instanceId: instance.instanceId, taskId, seq: (JSON.parse(instance.state) as { seq: number }).seq, action: 'urge',
        actorId: SYSTEM_ACTOR.userId, onBehalfOf: null, nodeId: String(row.nodeId), nodeName: null, opinion: null,
        detail: JSON.stringify({ ...detail, receivers: [String(row.assignee)] }), createTime: nowText(),
      }).execute();
      await notifyUrge(ctx, instance, [{ taskId, assignee: String(row.assignee) }]);
      counts.remind += 1;
      continue;
    }
    const type = action === 'autoAgree' ? 'agree' : 'reject';
    // Opinions are the request's record, written in the suite's default language like the demo's.
    const opinion = ctx.i18n.t(`bpm.due.opinion.${action}`, { lng: 'zh-cn' });
    const engineAction: EngineAction = { type, actor: String(row.assignee), taskId, opinion };
    try {
      await actOnInstance(ctx, SYSTEM_ACTOR, instance.instanceId, () => engineAction, { opinion, detail });
      counts[action] += 1;
    } catch (error) {
      // Decided, cancelled or changed meanwhile: the person's action stands.
      if (!(error instanceof ApiError)) throw error;
      counts.skipped += 1;
    }
  }
  return `overdue tasks: ${counts.remind} reminded, ${counts.autoAgree} agreed, ${counts.autoReject} rejected, ${counts.skipped} already decided`;
};
