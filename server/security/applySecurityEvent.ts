import { nowText } from '../http/newId';
import { ApiError } from '../http/ApiError';
import { insertNewRow } from '../entity/insertNewRow';
import { rowToApi, valuesToColumns } from '../entity/rowValues';
import { recordOperation } from '../audit/recordOperation';
import { registerTransitionEffect, type EffectInput } from '../entity/transitionEffects';
import { dropAttachmentLinks, syncAttachmentLinks, touchesFileFields } from '../files/attachmentLinks';
import { guardDutySeparation } from './dutySeparation';
import { guardAccountContinuity, guardAccountContinuityDeletes } from './accountContinuity';
import { nextRowVersion } from '../entity/rowVersion';

/**
 * The approved change takes effect, in the approval's transaction: what the requester asked
 * for, as they asked it (it was validated when filed), logged as applied by the approver —
 * unless the tables have since moved so that it would join a duty to the superuser role (two
 * changes each harmless alone, approved one after the other): then approval is refused.
 */
async function applySecurityEvent({ ctx, trx, row, principal, ip }: EffectInput): Promise<void> {
  const entity = ctx.registry.entities.get(String(row.targetEntity));
  if (!entity) throw ApiError.business('error.unknownEntity', { entity: String(row.targetEntity) });
  const changes = JSON.parse(String(row.changes ?? '{}')) as Record<string, unknown>;
  const recordId = String(row.recordId ?? '');
  const detail = `securityEvent:${String(row.eventId)}`;
  switch (String(row.action)) {
    case 'insert': {
      await guardDutySeparation(ctx, entity, { values: changes }, trx);
      const owner = { userId: String(row.createUser ?? ''), deptId: String(row.createDept ?? ''), unitId: String(row.unitId ?? '') };
      const id = await insertNewRow(ctx, trx, entity, changes, owner, undefined, recordId || undefined);
      await recordOperation(trx, principal, { entity, action: 'insert', recordId: id, after: changes, detail }, ip);
      break;
    }
    case 'update': case 'delete': {
      const stored = await trx.selectFrom(entity.table).selectAll().where(entity.key, '=', recordId).executeTakeFirst();
      if (!stored) throw ApiError.business('entity.SecurityEvent.error.recordGone');
      const before = rowToApi(entity, stored);
      if (String(row.action) === 'delete') {
        await guardAccountContinuityDeletes(ctx, entity, principal, [before], trx);
        await trx.deleteFrom(entity.table).where(entity.key, '=', recordId).execute();
        await dropAttachmentLinks(trx, entity, [recordId]);
        await recordOperation(trx, principal, { entity, action: 'delete', recordId, before, detail }, ip);
      } else {
        await guardDutySeparation(ctx, entity, { values: changes, existing: before }, trx);
        await guardAccountContinuity(ctx, entity, undefined, { values: changes, existing: before }, trx);
        await trx.updateTable(entity.table).set({ ...valuesToColumns(entity, changes), updateTime: nowText(), ...nextRowVersion() })
          .where(entity.key, '=', recordId).execute();
        if (touchesFileFields(entity, changes)) await syncAttachmentLinks(trx, entity, recordId, { ...before, ...changes });
        await recordOperation(trx, principal, { entity, action: 'update', recordId, before, after: { ...before, ...changes }, detail }, ip);
      }
      break;
    }
    default:
      throw ApiError.business('error.badBody');
  }
  await trx.updateTable(ctx.registry.entities.get('SecurityEvent')!.table).set({ appliedTime: nowText() })
    .where('eventId', '=', String(row.eventId)).execute();
}

export function registerSecurityEffects(): void {
  registerTransitionEffect('applySecurityEvent', applySecurityEvent);
}
