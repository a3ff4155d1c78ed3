import { availableDecisions, nodeFieldPerms, processGraph, urgeableNodes, type FieldPermission } from '../../../runtime/core/bpm';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { systemEntity, type ServerContext } from '../../context';
import { splitIds } from '../../entity/rowValues';
import { ApiError } from '../../http/ApiError';
import { isBpmAdmin, requiredText } from './bpmParams';
import { instanceState, loadInstance, parseFormData } from './instanceRows';
import { loadProcessVersion } from './processVersions';
import { openMyTasks } from './openTasks';
import { auditExtras, bizRecordFor } from './binding/bizRecord';

async function userNames(ctx: ServerContext, ids: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set([...ids].filter(Boolean))];
  if (list.length === 0) return new Map();
  const user = systemEntity(ctx, 'User');
  const rows = await ctx.database.db.selectFrom(user.table).select(['userId', 'userName']).where('userId', 'in', list).execute();
  return new Map(rows.map((r) => [String(r.userId), String(r.userName)]));
}

/** Published processes the caller may start: those naming no starter roles, or one of the caller's. */
export const getProcessListForStartCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const entity = request.ctx.registry.entities.get('BpmProcess')!;
    const rows = await request.ctx.database.db.selectFrom(entity.table)
      .select(['processKey', 'processName', 'category', 'currentVersion', 'starterRoleIds', 'remark'])
      .where('status', '=', 'published').where('currentVersion', '>', 0).orderBy('category').orderBy('processName').execute();
    const startable = rows.filter((r) => {
      const roles = splitIds(r.starterRoleIds);
      return roles.length === 0 || roles.some((id) => principal.roleIds.includes(id));
    });
    // A process bound to an entity starts from one of its records (提交审批 on the record), not here.
    const versions = await Promise.all(startable.map((r) => loadProcessVersion(request.ctx, request.ctx.database.db, String(r.processKey), Number(r.currentVersion))));
    return startable.filter((_r, i) => !versions[i].entity).map((r) => ({ processKey: r.processKey, processName: r.processName, category: r.category ?? '', version: Number(r.currentVersion), remark: r.remark ?? '' }));
  },
};

/**
 * One request as its task screen shows it: the definition it runs on, where it stands, every
 * task and the history. Only its participants (initiator, anyone who had a task or a CC) and
 * process administrators may read it. Opening it marks the caller's pending tasks opened, under
 * the instance's lock (openTasks.ts): from then on the step before can no longer be retracted.
 */
export const getInstanceByIdCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const db = ctx.database.db;
    // A message's link names the task (/bpm/handle/dowork?taskId=…): its request is the one read.
    const taskParam = !request.params.instanceId && request.params.taskId ? requiredText(request.params, 'taskId', 64) : undefined;
    const byTask = taskParam ? await db.selectFrom('bpm_task').select('instanceId').where('taskId', '=', taskParam).executeTakeFirst() : undefined;
    if (taskParam && !byTask) throw ApiError.notFound('bpm.error.taskNotFound');
    const instanceId = byTask ? String(byTask.instanceId) : requiredText(request.params, 'instanceId', 64);
    // Opened first, under the instance's lock, so the answer shows what a retract would now see.
    await openMyTasks(ctx, instanceId, principal.userId);
    const instance = await loadInstance(db, instanceId);
    const taskRows = await db.selectFrom('bpm_task').selectAll().where('instanceId', '=', instanceId).orderBy('createdSeq').orderBy('createTime').execute();
    const isInitiator = instance.startUserId === principal.userId;
    const participant = isInitiator || taskRows.some((t) => t.assignee === principal.userId || t.owner === principal.userId);
    if (!participant && !isBpmAdmin(principal)) throw ApiError.forbidden('bpm.error.notParticipant');

    const def = await loadProcessVersion(ctx, db, String(instance.processKey), Number(instance.version));
    const graph = processGraph(def);
    const state = instanceState(instance, taskRows);
    const mine = state.tasks.filter((t) => t.assignee === principal.userId && t.status === 'pending');
    const admin = isBpmAdmin(principal);
    const running = instance.status === 'running';

    // The field permissions of the caller's own pending step; fields it hides are left out, except
    // for the initiator and administrators, who see the whole form.
    // Without a pending step, the node of the caller's latest part (a decided step, a CC) decides.
    const myTodo = mine.find((t) => t.kind === 'todo')
      ?? state.tasks.filter((t) => t.assignee === principal.userId || t.owner === principal.userId).at(-1);
    const fieldPerms: Record<string, FieldPermission> = myTodo ? nodeFieldPerms(def, graph.node(myTodo.nodeId)) : {};
    const formData = parseFormData(instance.formData);
    const hidden = isInitiator || admin ? [] : Object.keys(fieldPerms).filter((field) => fieldPerms[field] === 'hidden');
    for (const field of hidden) delete formData[field];
    // The bound record as its details page reads it, hidden fields left out of the answer (binding/bizRecord.ts).
    const record = await bizRecordFor(ctx, instance, hidden, request.lang);
    const audit = await db.selectFrom('bpm_audit').selectAll().where('instanceId', '=', instanceId).orderBy('seq').orderBy('createTime').execute();
    const names = await userNames(ctx, [
      ...taskRows.flatMap((t) => [String(t.assignee), t.owner ? String(t.owner) : '']),
      ...audit.flatMap((a) => [String(a.actorId), a.onBehalfOf ? String(a.onBehalfOf) : '']),
    ]);
    return {
      instance: {
        instanceId, processKey: instance.processKey, processName: instance.processName, version: Number(instance.version), title: instance.title,
        status: instance.status, startUserId: instance.startUserId, startUserName: instance.startUserName, createTime: instance.createTime,
        endTime: instance.endTime, bizEntity: instance.bizEntity, bizId: instance.bizId, rowVersion: Number(instance.rowVersion),
      },
      definition: def,
      currentNodes: state.activeNodes,
      // The screen's 终止 (process administrators) and 催办 (initiator or administrator, a current node allowing it).
      canTerminate: admin && running,
      canUrge: (isInitiator || admin) && running && urgeableNodes(def, state.activeNodes).length > 0,
      formData,
      record,
      fieldPerms,
      tasks: taskRows.map((row) => ({
        taskId: row.taskId, nodeId: row.nodeId, nodeName: row.nodeName, kind: row.kind, assignee: row.assignee,
        assigneeName: names.get(String(row.assignee)) ?? '', owner: row.owner, ownerName: row.owner ? names.get(String(row.owner)) ?? '' : null,
        status: row.status, decision: row.decision, cancelReason: row.cancelReason, addSign: row.addSign, opinion: row.opinion,
        createTime: row.createTime, doneTime: row.doneTime,
      })),
      history: audit.map((a) => ({
        action: a.action, actorId: a.actorId, actorName: names.get(String(a.actorId)) ?? '', onBehalfOf: a.onBehalfOf,
        onBehalfOfName: a.onBehalfOf ? names.get(String(a.onBehalfOf)) ?? '' : null, nodeId: a.nodeId, nodeName: a.nodeName,
        opinion: a.opinion, createTime: a.createTime, ...auditExtras(a.auditId, a.detail),
      })),
      myTasks: mine.map((task) => {
        const node = graph.node(task.nodeId);
        return {
          taskId: task.id, nodeId: task.nodeId, nodeName: node.name, kind: task.kind, owner: task.owner ?? null,
          decisions: availableDecisions(def, task),
          allow: node.allow ?? {}, opinionRequired: node.opinionRequired ?? [],
        };
      }),
    };
  },
};
