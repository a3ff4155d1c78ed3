import type { InstanceState, ProcessDefinition, TaskState } from '../../../runtime/core/bpm';
import { joinNodeNames, processGraph } from '../../../runtime/core/bpm';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';

/** A bpm_instance row as read. */
export interface InstanceRow {
  instanceId: string; processKey: string; processName: string; version: number; title: string; status: string;
  startUserId: string; startUserName: string; startDeptId: string; bizEntity: string | null; bizId: string | null;
  formData: string; state: string; currentNodes: string; unitId: string | null; createTime: string; updateTime: string;
  endTime: string | null; rowVersion: number;
}

export type TaskRow = Record<string, unknown>;

export function taskFromRow(row: TaskRow): TaskState {
  const optional = (name: string) => (row[name] === null || row[name] === undefined ? undefined : String(row[name]));
  return {
    id: String(row.taskId), nodeId: String(row.nodeId), kind: row.kind as TaskState['kind'], assignee: String(row.assignee),
    owner: optional('owner'), status: row.status as TaskState['status'], round: Number(row.round), order: Number(row.ord),
    decision: optional('decision') as TaskState['decision'], cancelReason: optional('cancelReason') as TaskState['cancelReason'],
    addSign: optional('addSign') as TaskState['addSign'], sourceTaskId: optional('sourceTaskId'),
    createdSeq: Number(row.createdSeq), doneSeq: row.doneSeq === null || row.doneSeq === undefined ? undefined : Number(row.doneSeq),
    opened: Number(row.opened) === 1,
  };
}

/** The columns a task's engine state decides (status, decision…), for inserts and updates alike. */
export function taskStateColumns(task: TaskState): Record<string, unknown> {
  return {
    assignee: task.assignee, owner: task.owner ?? null, status: task.status, round: task.round, ord: task.order,
    decision: task.decision ?? null, cancelReason: task.cancelReason ?? null, addSign: task.addSign ?? null,
    sourceTaskId: task.sourceTaskId ?? null, createdSeq: task.createdSeq, doneSeq: task.doneSeq ?? null,
  };
}

/** The instance's engine state: the stored part plus its task rows. */
export function instanceState(row: InstanceRow, tasks: TaskRow[]): InstanceState {
  return { ...(JSON.parse(row.state) as Omit<InstanceState, 'tasks'>), tasks: tasks.map(taskFromRow) };
}

export function storedState(state: InstanceState): string {
  const { tasks: _tasks, ...rest } = state;
  return JSON.stringify(rest);
}

/** Names of the nodes waiting now, for the lists (keys or typed names, read by the screens one by one). */
export function currentNodeNames(def: ProcessDefinition, state: InstanceState): string {
  const graph = processGraph(def);
  return joinNodeNames(state.activeNodes.map((id) => graph.node(id).name));
}

export function parseFormData(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  const value = JSON.parse(text) as unknown;
  return value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : {};
}

/** The instance a call names, or the localised not-found refusal. */
export async function loadInstance(db: Db, instanceId: string): Promise<InstanceRow> {
  const instance = await db.selectFrom('bpm_instance').selectAll().where('instanceId', '=', instanceId).executeTakeFirst() as InstanceRow | undefined;
  if (!instance) throw ApiError.notFound('bpm.error.instanceNotFound');
  return instance;
}
