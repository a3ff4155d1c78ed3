import { bindingStatusAfter, isFrozenRecord, processGraph, type InstanceState, type ProcessDefinition } from '../../../../runtime/core/bpm';
import type { EntityDef } from '../../../../runtime/core/schema';
import type { Principal } from '../../../auth/Principal';
import { requirePermission } from '../../../calls/requirePrincipal';
import type { ServerContext } from '../../../context';
import type { Db } from '../../../db/connect';
import { rowScopeFor } from '../../../entity/dataScope';
import { loadScopedRow } from '../../../entity/loadScopedRow';
import { nextRowVersion } from '../../../entity/rowVersion';
import { rowToApi, valuesToColumns } from '../../../entity/rowValues';
import { ApiError } from '../../../http/ApiError';
import { nowText } from '../../../http/newId';
import type { TFunction } from 'i18next';
import { validatedValues } from '../../../entity/validateInput';
import type { InstanceRow } from '../instanceRows';
import { attachDisplayNames } from '../../../entity/displayNames';
import type { Lang } from '../../../http/serverI18n';

/**
 * The business record of a request (docs/WORKFLOW.md › Binding): who may submit one, and how
 * each engine step keeps a bound record in step — its values are the form data conditions read,
 * its status follows the request, and node-granted edits are written into it.
 */

/** The record a start names, if the caller may update it: the entity's update permission and the row inside their data scope. */
export async function updatableBizRecord(ctx: ServerContext, principal: Principal, entityName: string, id: string): Promise<{ entity: EntityDef; record: Record<string, unknown> }> {
  const entity = ctx.registry.entities.get(entityName);
  if (!entity) throw ApiError.business('bpm.error.bizNotFound', { entity: entityName.slice(0, 60) });
  requirePermission(principal, entity.permissions.update);
  const scope = await rowScopeFor(ctx, entity, principal, 'manage');
  return { entity, record: rowToApi(entity, await loadScopedRow(ctx, entity, id, scope)) };
}

/** The bound record of an instance, locked for the step (FOR UPDATE on PostgreSQL), or undefined for a request without one. */
export async function lockBizRecord(ctx: ServerContext, trx: Db, instance: InstanceRow): Promise<BizRecord | undefined> {
  const entity = instance.bizEntity ? ctx.registry.entities.get(instance.bizEntity) : undefined;
  if (!entity?.workflow || !instance.bizId) return undefined;
  let query = trx.selectFrom(entity.table).selectAll().where(entity.key, '=', instance.bizId);
  if (ctx.database.dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  // A bound record deleted under a request cannot happen (it is frozen); refuse rather than guess.
  if (!row) throw ApiError.business('bpm.error.bizNotFound', { entity: entity.name });
  return { entity, id: instance.bizId, values: rowToApi(entity, row) };
}

export interface BizRecord { entity: EntityDef; id: string; values: Record<string, unknown> }

/** A second submission racing the first: the one that locked the record first started the request. */
export function refuseRunningStart(biz: BizRecord | undefined): void {
  if (biz && isFrozenRecord(biz.entity.workflow!, biz.values)) throw ApiError.business('bpm.binding.running');
}

/**
 * After a step, in its transaction: the node-granted edits and the status the request's new
 * state gives (running, draft at the initiator, or the outcome's value), one write with the
 * row version moved on — a generic update checked against the old version then refuses as stale.
 */
export async function writeBizRecord(trx: Db, biz: BizRecord, def: ProcessDefinition, state: InstanceState, edits: Record<string, unknown>): Promise<Record<string, unknown>> {
  const binding = biz.entity.workflow!;
  const status = bindingStatusAfter(binding, state, processGraph(def).startNode.id);
  const changes: Record<string, unknown> = { ...edits, [binding.statusField]: status };
  await trx.updateTable(biz.entity.table)
    .set({ ...valuesToColumns(biz.entity, changes), updateTime: nowText(), ...nextRowVersion() })
    .where(biz.entity.key, '=', biz.id).execute();
  return { ...biz.values, ...changes };
}

/**
 * completeTask edits of a bound record (already limited to the node's `edit` fields): coerced and
 * checked by the entity's own field rules against the stored record, as its form would. Answers
 * undefined for a request without a bound record (its process form checks the edits then).
 */
export async function boundTaskEdits(
  ctx: ServerContext, instance: { bizEntity: unknown; bizId: unknown }, edits: Record<string, unknown> | undefined, t: TFunction,
): Promise<Record<string, unknown> | undefined> {
  const entity = instance.bizEntity ? ctx.registry.entities.get(String(instance.bizEntity)) : undefined;
  if (!entity?.workflow) return undefined;
  if (!edits || Object.keys(edits).length === 0) return {};
  const row = await ctx.database.db.selectFrom(entity.table).selectAll().where(entity.key, '=', String(instance.bizId)).executeTakeFirst();
  if (!row) throw ApiError.business('bpm.error.bizNotFound', { entity: entity.name });
  return validatedValues(entity, edits, t, rowToApi(entity, row));
}

/** The bound record of a request as the entity's getById answers it, without the fields hidden from the reader; null without one. */
export async function bizRecordFor(ctx: ServerContext, instance: InstanceRow, hidden: readonly string[], lang: Lang): Promise<Record<string, unknown> | null> {
  const entity = instance.bizEntity ? ctx.registry.entities.get(instance.bizEntity) : undefined;
  if (!entity || !instance.bizId) return null;
  const row = await ctx.database.db.selectFrom(entity.table).selectAll().where(entity.key, '=', instance.bizId).executeTakeFirst();
  if (!row) return null;
  const record = rowToApi(entity, row);
  await attachDisplayNames(ctx, entity, [record], lang);
  // A person or department field's display name rides along as `<field>Name`: it goes too.
  for (const field of hidden) {
    delete record[field];
    delete record[`${field}Name`];
  }
  return record;
}

/**
 * What a history line adds for the task screen: its id (getBpmSignImage), the signature it was
 * signed with, and `by: "dueTime"` when the due-time job acted (actor `system`).
 */
export function auditExtras(auditId: unknown, detail: unknown): { auditId: string; signAttachId: string | null; by: string | null } {
  let parsed: { signAttachId?: string; by?: string } = {};
  try {
    parsed = JSON.parse(String(detail ?? '{}')) as typeof parsed;
  } catch {
    // An unreadable detail adds nothing.
  }
  return { auditId: String(auditId), signAttachId: parsed.signAttachId ?? null, by: parsed.by ?? null };
}
