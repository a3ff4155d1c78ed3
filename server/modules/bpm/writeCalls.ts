import { nodeFieldPerms, processGraph, urgeableNodes, type EngineAction, type ProcessDefinition, type AddSignPosition } from '../../../runtime/core/bpm';
import type { CallHandler } from '../../calls/CallHandler';
import type { ServerContext } from '../../context';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { newId, nowText } from '../../http/newId';
import { loadInstance, parseFormData } from './instanceRows';
import { deleteOwnDraft, ownDraft } from './drafts';
import { startFormValues, taskFormValues } from './processFormData';
import { actorOf, formDataParam, idList, isBpmAdmin, optionalText, requiredText } from './bpmParams';
import { actOnInstance, startInstance } from './runAction';
import { notifyUrge } from './notifyStep';
import { areActiveUsers, currentOrganisation } from './organisation';
import { loadProcessVersion } from './processVersions';
import { publishedProcess, submitBoundRecord } from './binding/submitRecord';
import { boundTaskEdits, updatableBizRecord } from './binding/bizRecord';
import { signDetail } from './binding/bpmSignCalls';
import { translatedText } from '../../entity/translatedText';
import { logTermination } from './operationLog';

const OPINION_MAX = 2000;
const TITLE_MAX = 200;
/** 催办 at most once in this many minutes per person and request: a reminder, not a flood. */
const URGE_INTERVAL_MINUTES = 10;

/** POST startProcess {processKey, title?, formData, bizEntity?, bizId?} → {instanceId}. */
export const startProcessCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    // A record of an entity bound to a process is submitted as itself (binding/submitRecord.ts).
    const submitted = await submitBoundRecord(request, principal);
    if (submitted) return submitted;
    const processKey = requiredText(params, 'processKey', 60);
    const process = await publishedProcess(ctx, principal, processKey);
    const draftId = optionalText(params, 'draftId', 64);
    const draft = draftId ? await ownDraft(ctx, principal.userId, draftId) : undefined;
    const def = await loadProcessVersion(ctx, ctx.database.db, processKey, Number(process.currentVersion));
    const formData = startFormValues(def, formDataParam(params) ?? draft?.formData ?? {}, request.t);
    const bizEntity = optionalText(params, 'bizEntity', 60);
    const bizId = optionalText(params, 'bizId', 64);
    if ((bizEntity === undefined) !== (bizId === undefined)) throw ApiError.business('bpm.error.bizPair');
    // The business object is one the caller may update: permission and data scope.
    if (bizEntity) await updatableBizRecord(ctx, principal, bizEntity, bizId!);
    else if (def.entity) throw ApiError.business('bpm.binding.needsRecord', { entity: def.entity });
    // A default title is text in the starter's language, like one they typed; the name copied onto the request stays the key.
    const title = optionalText(params, 'title', TITLE_MAX)
      ?? `${translatedText(ctx.i18n, request.lang, String(process.processName))}-${principal.userName}-${nowText().slice(0, 10)}`;
    const { instance } = await startInstance(ctx, actorOf(principal), {
      processKey, processName: String(process.processName), version: Number(process.currentVersion), title, formData, bizEntity, bizId,
    });
    // Submitted: the draft it came from has become the request.
    if (draftId) await deleteOwnDraft(ctx, principal.userId, draftId);
    return { instanceId: instance.instanceId };
  },
};

const DECISIONS = ['agree', 'reject', 'return', 'transfer', 'delegate', 'addSign'] as const;
const POSITIONS: readonly AddSignPosition[] = ['before', 'after', 'parallel'];

/** Values the acting node lets its assignee change; any other field is refused by name. */
function editableValues(def: ProcessDefinition, nodeId: string, values: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!values) return undefined;
  const perms = nodeFieldPerms(def, processGraph(def).node(nodeId));
  for (const field of Object.keys(values)) {
    if (perms[field] !== 'edit') throw ApiError.business('bpm.error.fieldNotEditable', { field: field.slice(0, 60) }, { errors: [{ field, message: 'notEditable' }] });
  }
  return values;
}

/**
 * POST completeTask {taskId, action, opinion?, targetNodeId?, userIds?, position?, formData?}.
 * return: no targetNodeId = the previous step, the start node's id = the initiator, another
 * passed node = that node. transfer/delegate: userIds holds one person; addSign: position
 * before|after|parallel (default parallel).
 */
export const completeTaskCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    const taskId = requiredText(params, 'taskId', 64);
    const decision = requiredText(params, 'action', 20);
    if (!(DECISIONS as readonly string[]).includes(decision)) throw ApiError.business('bpm.error.badAction', { action: decision.slice(0, 20) });
    const opinion = optionalText(params, 'opinion', OPINION_MAX);
    const targetNodeId = optionalText(params, 'targetNodeId', 60);
    const userIds = idList(params, 'userIds');
    const positionParam = optionalText(params, 'position', 20) ?? 'parallel';
    if (!(POSITIONS as readonly string[]).includes(positionParam)) throw ApiError.business('bpm.error.badParam', { field: 'position' });
    const formData = formDataParam(params);
    const task = await ctx.database.db.selectFrom('bpm_task as t').innerJoin('bpm_instance as i', 'i.instanceId', 't.instanceId')
      .select(['t.instanceId', 't.nodeId', 'i.processKey', 'i.version', 'i.formData', 'i.bizEntity', 'i.bizId']).where('t.taskId', '=', taskId).executeTakeFirst();
    if (!task) throw ApiError.notFound('bpm.error.taskNotFound');
    // A published version never changes: reading it before the transaction is reading what the step will use.
    const def = await loadProcessVersion(ctx, ctx.database.db, String(task.processKey), Number(task.version));
    const granted = editableValues(def, String(task.nodeId), formData);
    // A bound record's edits follow its entity's rules; a process form's, the process's fields.
    const edits = await boundTaskEdits(ctx, task, granted, request.t)
      ?? taskFormValues(def, String(task.nodeId), granted, parseFormData(task.formData as string | null), decision, request.t);
    if (decision === 'transfer' || decision === 'delegate' || decision === 'addSign') {
      const org = await currentOrganisation(ctx);
      const wanted = decision === 'addSign' ? userIds.length > 0 : userIds.length === 1;
      if (!wanted || !areActiveUsers(org, userIds)) throw ApiError.business('bpm.error.badUsers', { users: userIds.join(',').slice(0, 200) });
    }
    const actor = principal.userId;
    const action = ((): EngineAction => {
      switch (decision as (typeof DECISIONS)[number]) {
        case 'agree': return { type: 'agree', actor, taskId, opinion };
        case 'reject': return { type: 'reject', actor, taskId, opinion };
        case 'return': {
          const start = processGraph(def).startNode.id;
          const target = !targetNodeId ? 'previous' : targetNodeId === start ? 'initiator' : 'any';
          return { type: 'return', actor, taskId, opinion, target, targetNodeId };
        }
        case 'transfer': return { type: 'transfer', actor, taskId, opinion, userId: userIds[0] };
        case 'delegate': return { type: 'delegate', actor, taskId, opinion, userId: userIds[0] };
        case 'addSign': return { type: 'addSign', actor, taskId, opinion, position: positionParam as AddSignPosition, userIds };
      }
    })();
    const { result } = await actOnInstance(ctx, actorOf(principal), String(task.instanceId), () => action, {
      opinion, formData: edits,
      detail: {
        decision, targetNodeId: targetNodeId ?? null, userIds, position: decision === 'addSign' ? positionParam : null,
        ...(await signDetail(ctx, principal, params)),
      },
    });
    return { instanceId: String(task.instanceId), status: result.state.status };
  },
};

/** The instance a call names, or 404. */
async function instanceOf(ctx: ServerContext, instanceId: string): Promise<{ startUserId: string; status: string }> {
  const row = await ctx.database.db.selectFrom('bpm_instance').select(['startUserId', 'status']).where('instanceId', '=', instanceId).executeTakeFirst();
  if (!row) throw ApiError.notFound('bpm.error.instanceNotFound');
  return { startUserId: String(row.startUserId), status: String(row.status) };
}

/** POST retractInstance {instanceId}: the caller takes back their latest agree (or submission) while the next step is untouched. */
export const retractInstanceCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const instanceId = requiredText(request.params, 'instanceId', 64);
    await instanceOf(request.ctx, instanceId);
    const { result } = await actOnInstance(request.ctx, actorOf(principal), instanceId, () => ({ type: 'retract', actor: principal.userId }));
    return { instanceId, status: result.state.status };
  },
};

/** POST terminateInstance {instanceId, reason}: process administrators end a running request. */
export const terminateInstanceCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    if (!isBpmAdmin(principal)) throw ApiError.forbidden('error.noPermission', { permission: 'bpm:BpmProcess:update' });
    const instanceId = requiredText(request.params, 'instanceId', 64);
    const reason = requiredText(request.params, 'reason', OPINION_MAX);
    await instanceOf(request.ctx, instanceId);
    const { result } = await actOnInstance(request.ctx, actorOf(principal), instanceId, () => ({ type: 'terminate', actor: principal.userId }), {
      opinion: reason,
      inTransaction: (trx, instance) => logTermination(trx, principal, instance, reason, request.raw.ip),
    });
    return { instanceId, status: result.state.status };
  },
};

/** POST markCcRead {taskId}: the CC's receiver has read it. */
export const markCcReadCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const taskId = requiredText(request.params, 'taskId', 64);
    const task = await request.ctx.database.db.selectFrom('bpm_task').select(['instanceId']).where('taskId', '=', taskId).executeTakeFirst();
    if (!task) throw ApiError.notFound('bpm.error.taskNotFound');
    await actOnInstance(request.ctx, actorOf(principal), String(task.instanceId), () => ({ type: 'readCc', actor: principal.userId, taskId }));
    return { taskId };
  },
};

/**
 * POST urgeInstance {instanceId}: the initiator (or an administrator) reminds the people the
 * request waits for at the current nodes that allow it (allow.urge). Changes no task; recorded
 * in the audit; once per ten minutes per person.
 */
export const urgeInstanceCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const db = ctx.database.db;
    const instanceId = requiredText(request.params, 'instanceId', 64);
    const instance = await loadInstance(db, instanceId);
    if (instance.startUserId !== principal.userId && !isBpmAdmin(principal)) throw ApiError.forbidden('bpm.error.notInitiator');
    if (instance.status !== 'running') throw ApiError.business('bpm.error.notRunning', {}, { reason: 'notRunning' });
    const state = JSON.parse(instance.state) as { seq: number; activeNodes: string[] };
    // Only the current nodes that allow it (allow.urge, default true) are urged.
    const def = await loadProcessVersion(ctx, db, instance.processKey, Number(instance.version));
    const urgeable = urgeableNodes(def, state.activeNodes);
    if (urgeable.length === 0) throw ApiError.business('bpm.error.urgeNotAllowed', {}, { reason: 'notAllowed' });
    const since = nowText(new Date(Date.now() - URGE_INTERVAL_MINUTES * 60_000));
    const recent = await db.selectFrom('bpm_audit').select('auditId').where('instanceId', '=', instanceId).where('action', '=', 'urge')
      .where('actorId', '=', principal.userId).where('createTime', '>=', since).executeTakeFirst();
    if (recent) throw ApiError.business('bpm.error.urgedRecently', { minutes: URGE_INTERVAL_MINUTES });
    const pending = await db.selectFrom('bpm_task').select(['taskId', 'assignee']).where('instanceId', '=', instanceId)
      .where('kind', '=', 'todo').where('status', '=', 'pending').where('nodeId', 'in', urgeable).execute();
    await db.insertInto('bpm_audit').values({
      auditId: newId(), instanceId, taskId: null, seq: state.seq, action: 'urge', actorId: principal.userId, onBehalfOf: null,
      nodeId: null, nodeName: null, opinion: null, detail: JSON.stringify({ receivers: pending.map((t) => t.assignee) }), createTime: nowText(),
    }).execute();
    await notifyUrge(ctx, instance, pending.map((t) => ({ taskId: String(t.taskId), assignee: String(t.assignee) })));
    return { urged: pending.length };
  },
};
