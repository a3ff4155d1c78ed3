import type { Principal } from '../../auth/Principal';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { rowScopeFor } from '../../entity/dataScope';
import { attachDisplayNames } from '../../entity/displayNames';
import { insertNewRow } from '../../entity/insertNewRow';
import { loadScopedRow, readKey } from '../../entity/loadScopedRow';
import { readableScope } from '../../entity/readCalls';
import { rowToApi } from '../../entity/rowValues';
import { nextRowVersion } from '../../entity/rowVersion';
import { recordOperation } from '../../audit/recordOperation';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { requireEntity } from '../infohub/requireEntity';

interface DemandLogEntry { demand: string; action: 'view' | 'status'; fromStatus?: string; toStatus?: string; remark?: string }

/** One DemandLog row, in the caller's transaction: it exists exactly when the change or view does. */
async function writeDemandLog(ctx: ServerContext, trx: Db, principal: Principal, entry: DemandLogEntry): Promise<void> {
  await insertNewRow(ctx, trx, requireEntity(ctx, 'DemandLog'), { operator: principal.userId, ...entry }, principal);
}

async function answerRow(ctx: ServerContext, id: string, lang: Parameters<typeof attachDisplayNames>[3]) {
  const entity = requireEntity(ctx, 'DemandInfo');
  const row = rowToApi(entity, await ctx.database.db.selectFrom(entity.table).selectAll().where(entity.key, '=', id).executeTakeFirstOrThrow());
  await attachDisplayNames(ctx, entity, [row], lang);
  return row;
}

/**
 * GET getDemandInfoDetail `?id=`: a demand the caller may read (as by id: manage scope, or their
 * own), its view count raised by one and the view logged, both in one transaction.
 */
export const getDemandInfoDetailCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const entity = requireEntity(ctx, 'DemandInfo');
    const scope = await readableScope(ctx, entity, principal);
    if (!scope) throw ApiError.forbidden('error.noPermission', { permission: entity.permissions.view });
    const id = readKey(entity, request.params);
    await loadScopedRow(ctx, entity, id, scope);
    await ctx.database.db.transaction().execute(async (trx) => {
      await trx.updateTable(entity.table).set((eb) => ({ viewCount: eb(eb.fn.coalesce('viewCount', eb.lit(0)), '+', 1) }))
        .where(entity.key, '=', id).execute();
      await writeDemandLog(ctx, trx, principal, { demand: id, action: 'view' });
    });
    return answerRow(ctx, id, request.lang);
  },
};

/**
 * POST updateDemandStatus `{id, status, remark?}`: moves a demand to another status of its options
 * (open, processing, done, closed). Whoever may update the demand may (its publisher, the service
 * administrator in their scope). The change is a compare-and-set on the status read, so of two
 * concurrent changes from one status one wins; it is logged (DemandLog and the operation log) in
 * its transaction.
 */
export const updateDemandStatusCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const entity = requireEntity(ctx, 'DemandInfo');
    requirePermission(principal, entity.permissions.update);
    const id = readKey(entity, request.params);
    const existing = await loadScopedRow(ctx, entity, id, await rowScopeFor(ctx, entity, principal, 'manage'));
    const status = typeof request.params.status === 'string' ? request.params.status.trim() : '';
    const allowed = (entity.fields.find((f) => f.name === 'demandStatus')?.options ?? []).map((o) => String(o.value));
    if (!allowed.includes(status)) throw ApiError.business('service.error.unknownStatus', { status, allowed: allowed.join(', ') });
    const from = String(existing.demandStatus ?? '');
    if (from === status) throw ApiError.business('service.error.sameStatus');
    const remark = typeof request.params.remark === 'string' ? request.params.remark.trim().slice(0, 500) : '';
    await ctx.database.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable(entity.table)
        .set({ demandStatus: status, updateTime: nowText(), ...nextRowVersion() })
        .where(entity.key, '=', id).where('demandStatus', '=', from).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw ApiError.business('service.error.statusChanged');
      await writeDemandLog(ctx, trx, principal, { demand: id, action: 'status', fromStatus: from, toStatus: status, remark });
      await recordOperation(trx, principal, { entity, action: 'update', recordId: id, before: { demandStatus: from }, after: { demandStatus: status } }, request.raw.ip);
    });
    return answerRow(ctx, id, request.lang);
  },
};
