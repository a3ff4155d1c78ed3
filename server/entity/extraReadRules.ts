import type { Principal } from '../auth/Principal';
import type { ServerContext } from '../context';
import type { EntityDef } from '../../runtime/core/schema';
import type { RowScope } from './dataScope';
import { readableScope } from './readableScope';

/**
 * A module's own reading rule for an entity, beside the generic one (read permission and data
 * scope, or the my-list owner and participants): the knowledge base's published documents visible
 * to the caller, open information for everyone of the unit. A record either rule lets the caller
 * read is readable everywhere records are read for them: the full-text search's hits and the
 * files the record holds (server/files/attachmentAccess.ts). A module that widens its by-id call
 * registers the same rule here, so the three agree.
 */
export type ExtraReadRule = (ctx: ServerContext, principal: Principal) => Promise<RowScope | undefined>;

const extraRules = new Map<string, ExtraReadRule>();

/** Registered by a module's registerCalls; a second rule for the entity replaces the first. */
export function registerExtraReadRule(entity: string, rule: ExtraReadRule): void {
  extraRules.set(entity, rule);
}

/** Rows either scope allows. */
export function eitherScope(a: RowScope, b: RowScope): RowScope {
  if (!a.condition || !b.condition) return { allows: () => true };
  return { condition: (eb) => eb.or([a.condition!(eb), b.condition!(eb)]), allows: (row) => a.allows(row) || b.allows(row) };
}

/** What the caller may read of the entity by the generic rule or the module's own; undefined: nothing. */
export async function widenedReadScope(ctx: ServerContext, entity: EntityDef, principal: Principal): Promise<RowScope | undefined> {
  const own = await readableScope(ctx, entity, principal);
  const extra = await extraRules.get(entity.name)?.(ctx, principal);
  return own && extra ? eitherScope(own, extra) : own ?? extra;
}
