import type { EntityDef } from '../../runtime/core/schema';
import type { Db } from '../db/connect';
import type { Principal } from '../auth/Principal';
import { newId, nowText } from '../http/newId';

export type OperationAction = 'insert' | 'update' | 'delete' | 'import' | 'transition';

/**
 * What the log names: an entity of the registry, or a module's own record kind outside the generic
 * calls (the workflow engine's requests, `BpmInstance`) described by the fields its summary lists.
 */
export type OperationEntity = Pick<EntityDef, 'name' | 'module' | 'fields'>;

export interface Operation {
  entity: OperationEntity;
  action: OperationAction;
  recordId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Transition name, or a count for imports. */
  detail?: string;
}

const MAX_SUMMARY = 4000;
const SKIPPED = new Set(['createTime', 'updateTime', 'rowVersion']);

/** What changed, field by field: `{field: [before, after]}` for updates, the values for inserts and deletes. */
export function changeSummary(entity: Pick<EntityDef, 'fields'>, before?: Record<string, unknown> | null, after?: Record<string, unknown> | null): Record<string, unknown> {
  const summary: Record<string, unknown> = {};
  for (const field of entity.fields) {
    if (SKIPPED.has(field.name)) continue;
    const old = before?.[field.name] ?? null;
    const now = after?.[field.name] ?? null;
    if (before && after) {
      if (JSON.stringify(old) !== JSON.stringify(now)) summary[field.name] = [old, now];
    } else {
      const value = before ? old : now;
      if (value !== null && value !== '') summary[field.name] = value;
    }
  }
  return summary;
}

/**
 * The operation log: every write through the generic calls, who, what, when, and a
 * before/after summary. Written in the same transaction as the change where there is one, so
 * a rolled-back write leaves no log line claiming it happened.
 */
export async function recordOperation(db: Db, principal: Principal, operation: Operation, ip = ''): Promise<void> {
  let summary = JSON.stringify(changeSummary(operation.entity, operation.before, operation.after));
  if (summary.length > MAX_SUMMARY) summary = `${summary.slice(0, MAX_SUMMARY - 1)}…`;
  await db.insertInto('sys_operation_log').values({
    logId: newId(),
    userId: principal.userId,
    accountId: principal.accountId,
    userName: principal.userName,
    loginAs: principal.loginAs,
    entity: operation.entity.name,
    module: operation.entity.module,
    action: operation.action,
    recordId: operation.recordId,
    detail: operation.detail ?? null,
    summary,
    ip: ip.slice(0, 60),
    createTime: nowText(),
  }).execute();
}
