import { processGraph } from './processGraph';
import { nodeFieldPerms } from './processForm';
import type { ProcessDefinition } from './types';

/**
 * Whether a task at this node may be agreed in a batch (流程中心 › 批量同意): agreeing there needs
 * no opinion and no value the assignee must fill in (a required `edit` field). The list marks
 * such rows; the server checks each task again when the batch is sent.
 */
export function batchAgreeAllowed(def: ProcessDefinition, nodeId: string): boolean {
  const node = processGraph(def).node(nodeId);
  if (node.kind !== 'approve' && node.kind !== 'handle') return false;
  if ((node.opinionRequired ?? []).includes('agree')) return false;
  const perms = nodeFieldPerms(def, node);
  return !(def.fields ?? []).some((f) => f.required && perms[f.key] === 'edit');
}
