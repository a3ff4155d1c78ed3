import {
  BpmError, initialInstanceState, processGraph, stepInstance, type EngineAction, type ProcessDefinition, type StepResult,
} from '../../../runtime/core/bpm';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { newId, nowText } from '../../http/newId';
import { activeDelegations } from './delegations';
import {
  currentNodeNames, instanceState, parseFormData, storedState, taskStateColumns, type InstanceRow,
} from './instanceRows';
import { currentOrganisation, resolveAssignees, type Organisation } from './organisation';
import { loadProcessVersion } from './processVersions';
import { notifyStep } from './notifyStep';
import { lockBizRecord, refuseRunningStart, writeBizRecord } from './binding/bizRecord';
import { runOutcomeHooks } from './binding/outcomeHooks';
import { dueTimeOf } from './binding/dueTasks';

/** Who acts: the signed-in user (or, for demo data, a demo user). */
export interface Actor { userId: string; userName: string; deptId: string; unitId: string }

/** What an action adds to the audit row and the acted task besides the engine's result. */
export interface ActionExtras {
  opinion?: string;
  detail?: Record<string, unknown>;
  /** Values to merge into the instance's form data (already checked against the node's permissions). */
  formData?: Record<string, unknown>;
  /** More writes of the action, in its transaction after the step (terminate's operation-log line): they commit or roll back with it. */
  inTransaction?(trx: Db, instance: InstanceRow): Promise<void>;
}

/** The engine's refusal as the caller's localised answer (code 100, data.reason = the engine's code). */
export function refusalOf(error: unknown): unknown {
  if (error instanceof BpmError) return ApiError.business(`bpm.error.${error.code}`, error.params, { reason: error.code });
  return error;
}

interface Stepped { result: StepResult; instance: InstanceRow; def: ProcessDefinition }

/**
 * Runs one engine step and stores it, all in `trx`: the instance row is written first with a
 * compare-and-set on rowVersion (on PostgreSQL it was also read FOR UPDATE), so of two
 * concurrent actions exactly one writes; the loser's whole transaction rolls back and it is
 * told the request changed meanwhile. Tasks are inserted or updated, never deleted, and one
 * audit row records the action.
 */
async function stepAndStore(ctx: ServerContext, trx: Db, org: Organisation, instance: InstanceRow, def: ProcessDefinition, action: EngineAction, actor: Actor, extras: ActionExtras): Promise<Stepped> {
  const tasks = await trx.selectFrom('bpm_task').selectAll().where('instanceId', '=', instance.instanceId).execute();
  const state = instanceState(instance, tasks);
  const delegations = await activeDelegations(ctx, trx);
  // A bound record's own values are the form (docs/WORKFLOW.md › Binding); it is locked with the instance.
  const biz = await lockBizRecord(ctx, trx, instance);
  if (action.type === 'start') refuseRunningStart(biz);
  const formData = { ...(biz ? biz.values : parseFormData(instance.formData)), ...(extras.formData ?? {}) };
  const starter = org.users.get(instance.startUserId);
  const initiator = { userId: instance.startUserId, deptId: instance.startDeptId, roles: [...(starter?.roleCodes ?? [])] };
  let result: StepResult;
  try {
    result = stepInstance(def, state, action, {
      initiator, formData,
      assigneesOf: (node) => resolveAssignees(org, node.assignees ?? [], initiator, formData),
      delegateOf: (userId) => delegations.get(userId) ?? userId,
      newTaskId: newId,
    });
  } catch (error) {
    throw refusalOf(error);
  }
  const now = nowText();
  const written = await trx.updateTable('bpm_instance').set({
    status: result.state.status, state: storedState(result.state), currentNodes: currentNodeNames(def, result.state),
    formData: JSON.stringify(formData), updateTime: now, endTime: result.outcome ? now : instance.endTime,
    rowVersion: instance.rowVersion + 1,
  }).where('instanceId', '=', instance.instanceId).where('rowVersion', '=', instance.rowVersion).executeTakeFirst();
  if (Number(written.numUpdatedRows) !== 1) throw ApiError.business('bpm.error.stale', {}, { conflict: 'rowVersion' });
  const record = biz ? await writeBizRecord(trx, biz, def, result.state, extras.formData ?? {}) : undefined;

  const graph = processGraph(def);
  for (const task of result.created) {
    const node = graph.node(task.nodeId);
    await trx.insertInto('bpm_task').values({
      taskId: task.id, instanceId: instance.instanceId, nodeId: task.nodeId, nodeName: node.name, box: task.kind === 'cc' ? 'cc' : node.kind === 'start' ? 'draft' : 'todo', kind: task.kind,
      ...taskStateColumns(task), opened: 0, opinion: task.id === result.actedTaskId ? extras.opinion ?? null : null,
      processKey: instance.processKey, processName: instance.processName, title: instance.title,
      startUserId: instance.startUserId, startUserName: instance.startUserName, createTime: now,
      doneTime: task.status === 'done' || task.status === 'cancelled' ? now : null, dueTime: dueTimeOf(node, task.kind),
    }).execute();
  }
  for (const task of result.updated) {
    const finished = task.status === 'done' || task.status === 'cancelled';
    await trx.updateTable('bpm_task').set({
      ...taskStateColumns(task), doneTime: finished ? now : null,
      ...(task.id === result.actedTaskId && extras.opinion !== undefined ? { opinion: extras.opinion } : {}),
    }).where('taskId', '=', task.id).execute();
  }
  const acted = result.actedTaskId ? result.state.tasks.find((t) => t.id === result.actedTaskId) : undefined;
  await trx.insertInto('bpm_audit').values({
    auditId: newId(), instanceId: instance.instanceId, taskId: result.actedTaskId ?? null, seq: result.state.seq, action: action.type,
    actorId: actor.userId, onBehalfOf: result.onBehalfOf ?? null, nodeId: acted?.nodeId ?? null,
    nodeName: acted ? graph.node(acted.nodeId).name : null, opinion: extras.opinion ?? null,
    detail: JSON.stringify({
      ...extras.detail,
      created: result.created.map((t) => t.id),
      changed: result.updated.map((t) => ({ taskId: t.id, status: t.status, reason: t.cancelReason ?? null })),
      entered: result.entered, outcome: result.outcome ?? null,
    }),
    createTime: now,
  }).execute();
  // The bound record's module acts on the request's end, once the step is stored, in its transaction (binding/outcomeHooks.ts).
  if (biz && record && result.outcome) {
    await runOutcomeHooks({
      ctx, trx, entity: biz.entity, id: biz.id, record, outcome: result.outcome, actorId: actor.userId,
      instance: { instanceId: instance.instanceId, processKey: instance.processKey, startUserId: instance.startUserId },
    });
  }
  return { result, instance, def };
}

/** Reads the instance for an action, locked on PostgreSQL; 404 when there is none. */
export async function lockInstance(ctx: ServerContext, trx: Db, instanceId: string): Promise<InstanceRow> {
  let query = trx.selectFrom('bpm_instance').selectAll().where('instanceId', '=', instanceId);
  if (ctx.database.dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst() as InstanceRow | undefined;
  if (!row) throw ApiError.notFound('bpm.error.instanceNotFound');
  return { ...row, version: Number(row.version), rowVersion: Number(row.rowVersion) };
}

/**
 * One action on a running instance in one transaction; the messages go out after the commit
 * (a message cannot be taken back, and a failed channel never fails the decision).
 */
export async function actOnInstance(
  ctx: ServerContext, actor: Actor, instanceId: string, makeAction: (instance: InstanceRow, def: ProcessDefinition) => EngineAction, extras: ActionExtras = {},
): Promise<Stepped> {
  // Read before the transaction: it comes from a cache, and on SQLite's one connection a read
  // outside the transaction would wait for the transaction to end.
  const org = await currentOrganisation(ctx);
  const stepped = await ctx.database.db.transaction().execute(async (trx) => {
    const instance = await lockInstance(ctx, trx, instanceId);
    const def = await loadProcessVersion(ctx, trx, instance.processKey, instance.version);
    const stepped = await stepAndStore(ctx, trx, org, instance, def, makeAction(instance, def), actor, extras);
    await extras.inTransaction?.(trx, instance);
    return stepped;
  });
  await notifyStep(ctx, stepped.instance, stepped.result);
  return stepped;
}

export interface StartInput {
  processKey: string; processName: string; version: number; title: string;
  formData: Record<string, unknown>; bizEntity?: string; bizId?: string;
}

/** Creates the instance on the process's current version and runs its start, in one transaction. */
export async function startInstance(ctx: ServerContext, actor: Actor, input: StartInput): Promise<Stepped> {
  const org = await currentOrganisation(ctx);
  const stepped = await ctx.database.db.transaction().execute(async (trx) => {
    const def = await loadProcessVersion(ctx, trx, input.processKey, input.version);
    const now = nowText();
    const instanceId = newId();
    const instance: InstanceRow = {
      instanceId, processKey: input.processKey, processName: input.processName, version: input.version, title: input.title,
      status: 'running', startUserId: actor.userId, startUserName: actor.userName, startDeptId: actor.deptId,
      bizEntity: input.bizEntity ?? null, bizId: input.bizId ?? null, formData: JSON.stringify(input.formData),
      state: storedState(initialInstanceState()), currentNodes: '', unitId: actor.unitId, createTime: now, updateTime: now,
      endTime: null, rowVersion: 0,
    };
    await trx.insertInto('bpm_instance').values({ ...instance }).execute();
    return stepAndStore(ctx, trx, org, instance, def, { type: 'start', actor: actor.userId }, actor, {});
  });
  await notifyStep(ctx, stepped.instance, stepped.result);
  return stepped;
}
