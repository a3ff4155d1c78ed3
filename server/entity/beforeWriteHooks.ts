import type { TFunction } from 'i18next';
import type { EntityDef } from '../../runtime/core/schema';
import type { Db } from '../db/connect';
import type { ServerContext } from '../context';
import type { Principal } from '../auth/Principal';

export interface BeforeWriteInput {
  ctx: ServerContext;
  /** The write's transaction: what the hook reads, locks or writes commits or rolls back with the row. */
  trx: Db;
  entity: EntityDef;
  action: 'insert' | 'update';
  /**
   * The record as it will be stored: for an insert the validated values, for an update the
   * stored record with the changes applied (so a hook judges the whole row, not the delta).
   */
  record: Record<string, unknown>;
  /** The stored record before an update; undefined on insert. */
  existing?: Record<string, unknown>;
  /** The row's key on update; undefined on insert (the row has no id yet). */
  id?: string;
  principal: Principal;
  /** The caller's language, for a refusal's message. */
  t: TFunction;
}

/**
 * A module's check or effect before a generic insert or update of one entity. It runs inside the
 * write's transaction, after the permission, data-scope, validation and stored-value checks, and
 * before the row is written. Refuse by throwing `ApiError.business(key, params)`: the caller gets
 * code 100 with the localised message and nothing is written.
 */
export type BeforeWriteHook = (input: BeforeWriteInput) => Promise<void>;

/** A set per entity: building the server again in one process (the tests) adds nothing twice. */
const hooks = new Map<string, Set<BeforeWriteHook>>();

/** Registered by a module (server/modules/<module>/index.ts) before the schemas load. */
export function registerBeforeWrite(entityName: string, hook: BeforeWriteHook): void {
  hooks.set(entityName, (hooks.get(entityName) ?? new Set()).add(hook));
}

export function hasBeforeWrite(entity: EntityDef): boolean {
  return hooks.has(entity.name);
}

/** Every hook of the entity, in registration order; the first refusal stops the write. */
export async function runBeforeWrite(input: BeforeWriteInput): Promise<void> {
  for (const hook of hooks.get(input.entity.name) ?? []) await hook(input);
}
