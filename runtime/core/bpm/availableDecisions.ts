import { processGraph } from './processGraph';
import type { ProcessDefinition, TaskDecision, TaskState } from './types';

/** The decisions a task's screen offers: what the engine would accept from its assignee now. */
export function availableDecisions(def: ProcessDefinition, task: TaskState): TaskDecision[] {
  if (task.kind !== 'todo' || task.status !== 'pending') return [];
  const node = processGraph(def).node(task.nodeId);
  if (node.kind === 'start') return ['agree'];
  const allow = node.allow ?? {};
  const decisions: TaskDecision[] = ['agree'];
  if (node.kind === 'approve') decisions.push('reject');
  if ((allow.return ?? []).length > 0) decisions.push('return');
  if (allow.transfer) decisions.push('transfer');
  if (allow.delegate) decisions.push('delegate');
  if ((allow.addSign ?? []).length > 0) decisions.push('addSign');
  return decisions;
}
