import { parseWorkflowLink } from '../../../../runtime/core/links';

/** What a task or read link names: the task (its request follows) or the request. */
export interface TaskQuery { taskId?: string; instanceId?: string }

/**
 * `?taskId=…` / `?instanceId=…` (the engine's links), or the spec's message shape read by
 * parseWorkflowLink: runId = the request, stepRunId = the task. Null when it names neither.
 */
export function taskQueryOf(search: string): TaskQuery | null {
  const query = new URLSearchParams(search);
  const taskId = query.get('taskId')?.trim();
  const instanceId = query.get('instanceId')?.trim();
  if (taskId) return { taskId };
  if (instanceId) return { instanceId };
  const link = parseWorkflowLink('bpm', query.has('stepRunId') ? 'dowork' : 'read', search);
  if (!link) return null;
  return link.action === 'dowork' ? { taskId: link.stepRunId } : { instanceId: link.runId };
}
