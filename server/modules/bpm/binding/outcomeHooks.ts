import type { InstanceStatus } from '../../../../runtime/core/bpm';
import type { EntityDef } from '../../../../runtime/core/schema';
import type { ServerContext } from '../../../context';
import type { Db } from '../../../db/connect';

/** How a bound record's request ended. */
export type BindingOutcome = Exclude<InstanceStatus, 'running'>;

export interface OutcomeInput {
  ctx: ServerContext;
  /** The engine's transaction of the request's last step: what the hook writes commits or rolls back with the decision. */
  trx: Db;
  /** The bound entity (it has `workflow`). */
  entity: EntityDef;
  id: string;
  /** The record as the step left it: its status field already holds the outcome's value. */
  record: Record<string, unknown>;
  outcome: BindingOutcome;
  /** The request, and who took the last step (an approver, an administrator terminating, `system` for a due-time decision). */
  instance: { instanceId: string; processKey: string; startUserId: string };
  actorId: string;
}

/**
 * A module's act on the end of a bound record's request (docs/WORKFLOW.md › Binding, Outcome
 * hooks): lend the licence once the borrowing is approved, later update a personnel file once
 * a transfer is. It runs in the final step's transaction, after the record's status is written
 * and before the commit. Read and write through `trx` only. Throwing refuses the step: nothing
 * of it is stored (the request stays where it was) and the caller gets the error — an
 * `ApiError.business` reaches them as code 100 in their language.
 */
export type OutcomeHook = (input: OutcomeInput) => Promise<void>;

/** A set per entity: building the server again in one process (the tests) adds nothing twice. */
const hooks = new Map<string, Set<OutcomeHook>>();

/**
 * Registered by a module (`ServerModule.onOutcome`, server/modules/index.ts) before the schemas
 * load; answers the removal, for a test's own hook.
 */
export function registerOutcomeHook(entityName: string, hook: OutcomeHook): () => void {
  hooks.set(entityName, (hooks.get(entityName) ?? new Set()).add(hook));
  return () => { hooks.get(entityName)?.delete(hook); };
}

/** Every hook of the entity, in registration order; the first refusal stops the step. */
export async function runOutcomeHooks(input: OutcomeInput): Promise<void> {
  for (const hook of hooks.get(input.entity.name) ?? []) await hook(input);
}
