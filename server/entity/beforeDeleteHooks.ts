import type { EntityDef } from '../../runtime/core/schema';
import type { Db } from '../db/connect';
import type { ServerContext } from '../context';
import type { Principal } from '../auth/Principal';

export interface BeforeDeleteInput {
  ctx: ServerContext;
  /** The delete's transaction: what the hook reads, locks or writes commits or rolls back with the rows. */
  trx: Db;
  entity: EntityDef;
  /** The rows about to go, as API values: every one exists and lies in the caller's scope. */
  rows: Record<string, unknown>[];
  principal: Principal;
  /** The caller's address, for the operation log lines of what the hook removes with the rows. */
  ip: string;
}

/**
 * A module's check or effect before a generic delete (`delete{E}`, `delete{E}ByIds`) of one
 * entity. It runs inside the delete's transaction, after the permission, existence, data-scope and
 * state checks, just before the rows are deleted. Refuse by throwing an ApiError (nothing is
 * deleted); what it deletes or updates through `trx` commits or rolls back with the rows
 * (server/entity/deleteDependents.ts removes a record's dependent rows with their log lines).
 */
export type BeforeDeleteHook = (input: BeforeDeleteInput) => Promise<void>;

/** A set per entity: building the server again in one process (the tests) adds nothing twice. */
const hooks = new Map<string, Set<BeforeDeleteHook>>();

/** Registered by a module (ServerModule.beforeDelete) before the schemas load; the answer takes it off again. */
export function registerBeforeDelete(entityName: string, hook: BeforeDeleteHook): () => void {
  hooks.set(entityName, (hooks.get(entityName) ?? new Set()).add(hook));
  return () => { hooks.get(entityName)?.delete(hook); };
}

/** Every hook of the entity, in registration order; the first refusal stops the delete. */
export async function runBeforeDelete(input: BeforeDeleteInput): Promise<void> {
  for (const hook of hooks.get(input.entity.name) ?? []) await hook(input);
}
