import type { WorkflowBinding } from '../schema/types';
import type { InstanceStatus } from './types';

/**
 * The status a bound record shows (docs/WORKFLOW.md › Binding), pure so the server, the details
 * page and the tests agree. An empty status is a draft: the field is read-only and never typed in.
 */
export function bindingStatusOf(binding: WorkflowBinding, record: Record<string, unknown>): string {
  const value = record[binding.statusField];
  return value === undefined || value === null || value === '' ? binding.draft : String(value);
}

/** While the record's request runs nobody but the engine writes it. */
export function isFrozenRecord(binding: WorkflowBinding, record: Record<string, unknown>): boolean {
  return bindingStatusOf(binding, record) === binding.running;
}

/**
 * A record is its author's to edit, delete and submit (again) while it is a draft or its last
 * request ended without approval (rejected, terminated). Running, approved, and any status the
 * module moves an approved record on to (a 发文 distributed after signing) close it.
 */
export function isOpenRecord(binding: WorkflowBinding, record: Record<string, unknown>): boolean {
  const status = bindingStatusOf(binding, record);
  return status === binding.draft || status === binding.outcomes.rejected || status === binding.outcomes.terminated;
}

export const isSubmittableRecord = isOpenRecord;

/**
 * The record's status after a step: the outcome's value once the request ended, the draft value
 * while it waits at its start node (returned to the initiator, or the submission retracted — the
 * initiator may edit it there), running otherwise.
 */
export function bindingStatusAfter(
  binding: WorkflowBinding, step: { status: InstanceStatus; activeNodes: readonly string[] }, startNodeId: string,
): string {
  if (step.status !== 'running') return binding.outcomes[step.status];
  if (step.activeNodes.length > 0 && step.activeNodes.every((n) => n === startNodeId)) return binding.draft;
  return binding.running;
}
