import type { TFunction } from 'i18next';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import type { TransitionEffect } from '../../entity/transitionEffects';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import { systemEntity } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { insertNewRow } from '../../entity/insertNewRow';
import { lockRow } from '../../entity/lockRow';
import { rowToApi } from '../../entity/rowValues';
import type { EntityDef } from '../../../runtime/core/schema';

/**
 * 固定资产: the ledger (OfficeAsset) changes only through its documents — storage (insert or
 * import), 领用 (an approved OfficeAssetApply), 调拨, 回收, 维修 — and every change leaves a line
 * in OfficeAssetLog, written in the document's own transaction. The asset's status, user and
 * department are read-only on its form: these hooks are the one place that sets them.
 */

type AssetAction = 'storage' | 'update' | 'apply' | 'allocation' | 'recovery' | 'repair' | 'repairDone';

const assetEntity = (ctx: ServerContext): EntityDef => ctx.registry.entities.get('OfficeAsset')!;

/** The asset, held for the rest of the transaction so two documents about it take turns. */
async function lockedAsset(ctx: ServerContext, trx: Db, assetId: string): Promise<Record<string, unknown>> {
  const assets = assetEntity(ctx);
  if (!assetId || !(await lockRow(trx, assets.table, assets.key, assetId))) throw ApiError.business('error.recordNotFound');
  return rowToApi(assets, await trx.selectFrom(assets.table).selectAll().where(assets.key, '=', assetId).executeTakeFirstOrThrow());
}

async function setAsset(ctx: ServerContext, trx: Db, assetId: string, values: Record<string, unknown>): Promise<void> {
  const assets = assetEntity(ctx);
  await trx.updateTable(assets.table).set((eb) => ({ ...values, updateTime: nowText(), rowVersion: eb('rowVersion', '+', 1) }))
    .where(assets.key, '=', assetId).execute();
}

async function writeLog(ctx: ServerContext, trx: Db, principal: Principal, asset: Record<string, unknown>, action: AssetAction, content: string): Promise<void> {
  const log = ctx.registry.entities.get('OfficeAssetLog')!;
  await insertNewRow(ctx, trx, log, {
    asset: asset.assetId ?? null, assetNo: asset.assetNo, action, content: content.slice(0, 2000), operator: principal.userId,
  }, principal);
}

async function nameOf(ctx: ServerContext, trx: Db, kind: 'User' | 'Dept', id: unknown): Promise<string> {
  if (typeof id !== 'string' || !id) return '';
  const entity = systemEntity(ctx, kind);
  const row = await trx.selectFrom(entity.table).select(entity.labelField).where(entity.key, '=', id).executeTakeFirst();
  return row ? String(row[entity.labelField]) : '';
}

function refuseUnless(asset: Record<string, unknown>, allowed: string[], t: TFunction): void {
  if (allowed.includes(String(asset.status))) return;
  throw ApiError.business('entity.OfficeAsset.rule.wrongStatus', { asset: asset.assetName, status: t(`entity.OfficeAsset.option.status.${String(asset.status)}`) });
}

/** Storage (入库) and corrections of the ledger's own fields. */
export const logAssetWrite: BeforeWriteHook = async ({ ctx, trx, action, record, existing, principal, t }) => {
  const assets = assetEntity(ctx);
  if (action === 'insert') {
    record.status = 'inStock';
    await writeLog(ctx, trx, principal, record, 'storage', t('entity.OfficeAssetLog.text.storage', { no: record.assetNo, name: record.assetName, location: record.location ?? '' }));
    return;
  }
  const before = existing ? rowToApi(assets, existing) : {};
  const changed = assets.fields.filter((f) => !f.system && !f.readOnly && f.name !== assets.key && String(before[f.name] ?? '') !== String(record[f.name] ?? ''));
  if (changed.length === 0) return;
  const text = changed.map((f) => `${t(f.label)}: ${String(before[f.name] ?? '') || '—'} → ${String(record[f.name] ?? '') || '—'}`).join('; ');
  await writeLog(ctx, trx, principal, { ...record, assetId: before.assetId }, 'update', text);
};

/** 领用申请: only an asset in stock can be asked for. */
export const checkAssetApply: BeforeWriteHook = async ({ ctx, trx, record, t }) => {
  refuseUnless(await lockedAsset(ctx, trx, String(record.asset ?? '')), ['inStock'], t);
};

/** 批准 of a 领用申请: the asset goes to the applicant and their department. */
export const allocateAppliedAsset: TransitionEffect = async ({ ctx, trx, row, principal }) => {
  const asset = await lockedAsset(ctx, trx, String(row.asset ?? ''));
  if (asset.status !== 'inStock') throw ApiError.business('entity.OfficeAsset.rule.notInStock', { asset: asset.assetName });
  await setAsset(ctx, trx, String(asset.assetId), { status: 'inUse', useUser: row.applicant, useDept: row.applyDept });
  const who = await nameOf(ctx, trx, 'User', row.applicant);
  const dept = await nameOf(ctx, trx, 'Dept', row.applyDept);
  await writeLog(ctx, trx, principal, asset, 'apply', `${who} / ${dept}: ${String(row.reason ?? '')}`);
};

/** 调拨: to another user and department; not for a scrapped asset or one in repair. */
export const allocateAsset: BeforeWriteHook = async ({ ctx, trx, record, principal, t }) => {
  const asset = await lockedAsset(ctx, trx, String(record.asset ?? ''));
  refuseUnless(asset, ['inStock', 'inUse'], t);
  await setAsset(ctx, trx, String(asset.assetId), { status: 'inUse', useUser: record.toUser, useDept: record.toDept });
  const from = asset.useUser ? `${await nameOf(ctx, trx, 'User', asset.useUser)} / ${await nameOf(ctx, trx, 'Dept', asset.useDept)}` : t('entity.OfficeAsset.option.status.inStock');
  const to = `${await nameOf(ctx, trx, 'User', record.toUser)} / ${await nameOf(ctx, trx, 'Dept', record.toDept)}`;
  await writeLog(ctx, trx, principal, asset, 'allocation', `${from} → ${to}${record.reason ? `: ${String(record.reason)}` : ''}`);
};

/** 回收: an asset in use comes back to stock, or is scrapped when it comes back unusable. */
export const recoverAsset: BeforeWriteHook = async ({ ctx, trx, record, principal, t }) => {
  const asset = await lockedAsset(ctx, trx, String(record.asset ?? ''));
  refuseUnless(asset, ['inUse'], t);
  const status = record.condition === 'scrap' ? 'scrapped' : 'inStock';
  await setAsset(ctx, trx, String(asset.assetId), { status, useUser: null, useDept: null });
  const from = `${await nameOf(ctx, trx, 'User', asset.useUser)} / ${await nameOf(ctx, trx, 'Dept', asset.useDept)}`;
  await writeLog(ctx, trx, principal, asset, 'recovery', `${from} → ${t(`entity.OfficeAsset.option.status.${status}`)}${record.reason ? `: ${String(record.reason)}` : ''}`);
};

/**
 * 维修: sent for repair (the asset is 维修中), then repaired (back in use or in stock). A repair
 * entered as already done records one made earlier and leaves the asset's state as it is; a
 * further repair of an asset in repair (a second fault found) keeps it in repair.
 */
export const repairAsset: BeforeWriteHook = async ({ ctx, trx, action, record, existing, principal, t }) => {
  const asset = await lockedAsset(ctx, trx, String(record.asset ?? ''));
  if (action === 'update' && existing && existing.asset !== record.asset) throw ApiError.business('entity.OfficeAssetRepair.rule.assetFixed');
  if (action === 'insert') {
    refuseUnless(asset, ['inStock', 'inUse', 'repairing'], t);
    const done = record.status === 'done';
    if (!done) await setAsset(ctx, trx, String(asset.assetId), { status: 'repairing' });
    await writeLog(ctx, trx, principal, asset, done ? 'repairDone' : 'repair', `${String(record.vendor ?? '')}: ${String(record.content ?? '')}`);
    return;
  }
  if (existing?.status === 'repairing' && record.status === 'done') {
    await setAsset(ctx, trx, String(asset.assetId), { status: asset.useUser ? 'inUse' : 'inStock' });
    await writeLog(ctx, trx, principal, asset, 'repairDone', `${String(record.vendor ?? '')}: ${String(record.content ?? '')}`);
  } else if (existing?.status === 'done' && record.status === 'repairing') {
    throw ApiError.business('entity.OfficeAssetRepair.rule.doneIsFinal');
  }
};
