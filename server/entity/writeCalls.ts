import { ROW_VERSION, type EntityDef } from '../../runtime/core/schema';
import { isEditableState } from '../../runtime/core/flow';
import { isFrozenRecord } from '../../runtime/core/bpm';
import type { CallHandler } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { newId, nowText } from '../http/newId';
import { fileSecurityEvent, isReviewed, splitReviewed } from '../security/securityReview';
import { guardSuperUserRole, guardSuperUserRoleDeletes } from '../security/superUserRole';
import { guardAccountContinuity, guardAccountContinuityDeletes } from '../security/accountContinuity';
import { readIdList } from '../http/normaliseBody';
import type { ServerContext } from '../context';
import { rowScopeFor } from './dataScope';
import { loadScopedRow, readKey } from './loadScopedRow';
import { rowToApi, valuesToColumns } from './rowValues';
import { assertRowVersion, nextRowVersion, refuseStaleRow, storedRowVersion } from './rowVersion';
import { insertNewRow } from './insertNewRow';
import { recordOperation } from '../audit/recordOperation';
import type { Principal } from '../auth/Principal';
import { validatedValues } from './validateInput';
import { guardOwnerFields } from './ownerFields';
import { checkStoredValues, refuseUniqueViolation, uniqueViolationField } from './checkStoredValues';
import { attachDisplayNames } from './displayNames';
import { dropAttachmentLinks, syncAttachmentLinks, touchesFileFields } from '../files/attachmentLinks';
import { flowChangeBy, recordAdministrativeChange } from './flowRecordChanges';
import { detailsLinkFor } from '../messages/detailsLink';
import { runBeforeWrite } from './beforeWriteHooks';
import { runBeforeDelete } from './beforeDeleteHooks';

function assertEditableState(entity: EntityDef, row: Record<string, unknown>): void {
  if (isEditableState(entity, row)) return;
  if (!entity.workflow) throw ApiError.business('flow.notEditable');
  throw ApiError.business(isFrozenRecord(entity.workflow, row) ? 'bpm.binding.frozen' : 'bpm.binding.closed');
}

async function reload(ctx: ServerContext, entity: EntityDef, id: string): Promise<Record<string, unknown>> {
  const row = await ctx.database.db.selectFrom(entity.table).selectAll().where(entity.key, '=', id).executeTakeFirstOrThrow();
  const out = rowToApi(entity, row);
  await attachDisplayNames(ctx, entity, [out]);
  return out;
}

export function insertCall(entity: EntityDef): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions.insert);
      const values = validatedValues(entity, request.params, request.t, undefined, principal);
      await guardOwnerFields(request.ctx, entity, principal, values, request.t);
      await checkStoredValues(request.ctx, entity, values, request.t, undefined, principal);
      await guardSuperUserRole(request.ctx, entity, principal, { values });
      const { now, later } = isReviewed(request.ctx, entity) ? splitReviewed(entity, values) : { now: values, later: {} };
      const pending = Object.keys(later).length > 0;
      const label = String(values[entity.labelField] ?? '');
      if (pending && entity.securityReview?.all) {
        // Nothing exists until the security administrator approves: the record is born then.
        const eventId = await fileSecurityEvent(request.ctx, request.ctx.database.db, principal, { entity, action: 'insert', recordId: newId(), recordLabel: label, changes: values });
        return { $pendingSecurityEvent: eventId };
      }
      const { id, eventId } = await request.ctx.database.db.transaction().execute(async (trx) => {
        // Modules' checks and effects (server/modules): after every check above, before the row exists.
        await runBeforeWrite({ ctx: request.ctx, trx, entity, action: 'insert', record: now, principal, t: request.t });
        const newRowId = await insertNewRow(request.ctx, trx, entity, now, principal, request.t);
        await recordOperation(trx, principal, { entity, action: 'insert', recordId: newRowId, after: now }, request.raw.ip);
        const filed = pending
          ? await fileSecurityEvent(request.ctx, trx, principal, { entity, action: 'update', recordId: newRowId, recordLabel: label, changes: later, before: now })
          : undefined;
        return { id: newRowId, eventId: filed };
      });
      return { ...(await reload(request.ctx, entity, id)), ...(eventId ? { $pendingSecurityEvent: eventId } : {}) };
    },
  };
}

export function updateCall(entity: EntityDef): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions.update);
      const id = readKey(entity, request.params);
      const scope = await rowScopeFor(request.ctx, entity, principal, 'manage');
      const existing = rowToApi(entity, await loadScopedRow(request.ctx, entity, id, scope));
      // Stale first: "someone changed it, reload" explains any other refusal that follows from their change.
      assertRowVersion(request.params, existing);
      assertEditableState(entity, existing);
      const changeBy = flowChangeBy(entity, principal, existing);
      const values = validatedValues(entity, request.params, request.t, existing);
      await guardOwnerFields(request.ctx, entity, principal, values, request.t, existing);
      if (entity.parentField && values[entity.parentField] === id) throw ApiError.business('error.parentIsSelf');
      await checkStoredValues(request.ctx, entity, values, request.t, id, principal);
      await guardSuperUserRole(request.ctx, entity, principal, { values, existing });
      await guardAccountContinuity(request.ctx, entity, principal, { values, existing });
      const { now, later } = isReviewed(request.ctx, entity) ? splitReviewed(entity, values, existing) : { now: values, later: {} };
      // A form re-sends every field: only a real change is written and logged.
      const changes = Object.keys(now).some((k) => JSON.stringify(now[k] ?? null) !== JSON.stringify(existing[k] ?? null));
      const link = changeBy === 'administrator' ? await detailsLinkFor(request.ctx, entity, id) : undefined;
      const eventId = await request.ctx.database.db.transaction().execute(async (trx) => {
        if (changes) {
          await runBeforeWrite({ ctx: request.ctx, trx, entity, action: 'update', record: { ...existing, ...now }, existing, id, principal, t: request.t });
          // Compare-and-set on the version everything above was checked against: a write that
          // committed since then makes this one match no row, and nothing is written.
          const result = await trx.updateTable(entity.table)
            .set({ ...valuesToColumns(entity, now), updateTime: nowText(), ...nextRowVersion() })
            .where(entity.key, '=', id).where(ROW_VERSION, '=', storedRowVersion(existing)).executeTakeFirst()
            .catch((error: unknown) => {
              const field = uniqueViolationField(entity, error);
              if (field) refuseUniqueViolation(entity, field, now, request.t);
              throw error;
            });
          if (Number(result.numUpdatedRows) !== 1) refuseStaleRow();
          if (touchesFileFields(entity, now)) await syncAttachmentLinks(trx, entity, id, { ...existing, ...now });
          await recordOperation(trx, principal, { entity, action: 'update', recordId: id, before: existing, after: { ...existing, ...now } }, request.raw.ip);
          if (changeBy === 'administrator') await recordAdministrativeChange(request.ctx, trx, entity, principal, existing, 'update', link);
        }
        return Object.keys(later).length
          ? fileSecurityEvent(request.ctx, trx, principal, {
            entity, action: 'update', recordId: id, recordLabel: String(existing[entity.labelField] ?? ''), changes: later, before: existing,
          })
          : undefined;
      });
      return { ...(await reload(request.ctx, entity, id)), ...(eventId ? { $pendingSecurityEvent: eventId } : {}) };
    },
  };
}

/**
 * Deletes all named rows or none: every id must exist and lie in the caller's scope, and tree
 * nodes with children are kept (deleting them would orphan the children).
 */
async function deleteAll(ctx: ServerContext, entity: EntityDef, ids: string[], principal: Principal, ip: string): Promise<number> {
  if (ids.length === 0) throw ApiError.business('error.missingId', { key: entity.key });
  const scope = await rowScopeFor(ctx, entity, principal, 'manage');
  return ctx.database.db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom(entity.table).selectAll().where(entity.key, 'in', ids).execute();
    if (rows.length !== new Set(ids).size) throw ApiError.notFound('error.recordNotFound');
    if (!rows.every((r) => scope.allows(r))) throw ApiError.forbidden('error.outOfScope');
    rows.forEach((r) => assertEditableState(entity, r));
    const administrative = rows.filter((r) => flowChangeBy(entity, principal, rowToApi(entity, r)) === 'administrator');
    const apiRows = rows.map((row) => rowToApi(entity, row));
    await guardSuperUserRoleDeletes(ctx, entity, principal, apiRows, trx);
    await guardAccountContinuityDeletes(ctx, entity, principal, apiRows, trx);
    if (entity.parentField) {
      const child = await trx.selectFrom(entity.table).select(entity.key)
        .where(entity.parentField, 'in', ids).where(entity.key, 'not in', ids).executeTakeFirst();
      if (child) throw ApiError.business('error.hasChildren');
    }
    if (isReviewed(ctx, entity) && entity.securityReview?.all) {
      // Removing a permission rule is a permission change too: it waits for approval.
      for (const row of rows) {
        const before = rowToApi(entity, row);
        await fileSecurityEvent(ctx, trx, principal, {
          entity, action: 'delete', recordId: String(row[entity.key]), recordLabel: String(before[entity.labelField] ?? ''), changes: {}, before,
        });
      }
      return 0;
    }
    // A module's check, and its dependent rows (a post's replies), in this same transaction.
    await runBeforeDelete({ ctx, trx, entity, rows: apiRows, principal, ip });
    const result = await trx.deleteFrom(entity.table).where(entity.key, 'in', ids).executeTakeFirst();
    for (const row of administrative) await recordAdministrativeChange(ctx, trx, entity, principal, rowToApi(entity, row), 'delete');
    await dropAttachmentLinks(trx, entity, ids);
    for (const row of rows) {
      await recordOperation(trx, principal, { entity, action: 'delete', recordId: String(row[entity.key]), before: rowToApi(entity, row) }, ip);
    }
    return Number(result.numDeletedRows);
  });
}

export function deleteCall(entity: EntityDef): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions.delete);
      const deleted = await deleteAll(request.ctx, entity, [readKey(entity, request.params)], principal, request.raw.ip);
      return { deleted };
    },
  };
}

export function deleteByIdsCall(entity: EntityDef): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions.delete);
      const ids = [...new Set(readIdList(request.params.ids))];
      if (ids.length > 1000) throw ApiError.business('error.tooManyIds', { max: 1000 });
      const deleted = await deleteAll(request.ctx, entity, ids, principal, request.raw.ip);
      return { deleted };
    },
  };
}
