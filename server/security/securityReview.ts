import type { EntityDef } from '../../runtime/core/schema';
import type { Db } from '../db/connect';
import type { ServerContext } from '../context';
import type { Principal } from '../auth/Principal';
import { insertNewRow } from '../entity/insertNewRow';
import { changeSummary } from '../audit/recordOperation';

export type ReviewedAction = 'insert' | 'update' | 'delete';

/** True when writes of this entity wait for the security administrator in this installation. */
export function isReviewed(ctx: ServerContext, entity: EntityDef): boolean {
  return ctx.config.securityReview && entity.securityReview !== undefined;
}

/**
 * The part of a write that must wait: everything for `all` entities, else the reviewed fields
 * whose value actually changes. The rest of the write goes through at once.
 */
export function splitReviewed(
  entity: EntityDef, values: Record<string, unknown>, existing?: Record<string, unknown>,
): { now: Record<string, unknown>; later: Record<string, unknown> } {
  const review = entity.securityReview;
  if (!review) return { now: values, later: {} };
  if (review.all) return { now: {}, later: values };
  const now: Record<string, unknown> = {};
  const later: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const reviewed = review.fields.includes(name);
    const before = existing ? existing[name] ?? null : null;
    const changes = JSON.stringify(value ?? null) !== JSON.stringify(before);
    if (reviewed && changes && !(existing === undefined && (value === null || value === ''))) later[name] = value;
    else now[name] = value;
  }
  return { now, later };
}

export interface PendingChange {
  entity: EntityDef;
  action: ReviewedAction;
  recordId: string;
  recordLabel: string;
  changes: Record<string, unknown>;
  before?: Record<string, unknown>;
}

/** Files the change as a pending security event; the security administrator's approval applies it. */
export async function fileSecurityEvent(ctx: ServerContext, db: Db, principal: Principal, change: PendingChange): Promise<string> {
  const summary = changeSummary(change.entity, change.action === 'insert' ? undefined : change.before ?? {},
    change.action === 'delete' ? undefined : { ...(change.before ?? {}), ...change.changes });
  const event = ctx.registry.entities.get('SecurityEvent')!;
  return insertNewRow(ctx, db, event, {
    targetEntity: change.entity.name, action: change.action, recordId: change.recordId, recordLabel: change.recordLabel,
    summary: JSON.stringify(summary), changes: JSON.stringify(change.changes), requesterId: principal.userId,
  }, principal);
}
