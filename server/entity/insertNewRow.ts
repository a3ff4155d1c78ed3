import type { TFunction } from 'i18next';
import type { EntityDef } from '../../runtime/core/schema';
import { initialState } from '../../runtime/core/flow';
import type { Db } from '../db/connect';
import { newId, nowText } from '../http/newId';
import { valuesToColumns } from './rowValues';
import { refuseUniqueViolation, uniqueViolationField } from './checkStoredValues';
import { nextCode } from '../codes/nextCode';
import { systemEntity, type ServerContext } from '../context';
import { syncAttachmentLinks } from '../files/attachmentLinks';

export interface RowOwner { userId: string; deptId: string; unitId: string }

const MAX_SKIPS = 1000;

/** The next number not already taken by a typed-in value (skipping a used number leaves no gap). */
async function freeCode(ctx: ServerContext, db: Db, entity: EntityDef, field: string, ruleCode: string): Promise<string> {
  for (let attempt = 0; attempt < MAX_SKIPS; attempt += 1) {
    const code = await nextCode(db, systemEntity(ctx, 'CodeRule').table, ruleCode);
    const taken = await db.selectFrom(entity.table).select(entity.key).where(field, '=', code).executeTakeFirst();
    if (!taken) return code;
  }
  throw new Error(`code rule ${ruleCode}: ${MAX_SKIPS} numbers in a row are taken`);
}

/**
 * The one way a row is born (insert call, import, demo data): validated values plus the flow's
 * initial state, auto-coded fields numbered, and the system columns of its owner. A unique index refusing the row (two
 * requests racing past the uniqueness check) becomes the same user error as the check's.
 */
export async function insertNewRow(
  ctx: ServerContext, db: Db, entity: EntityDef, values: Record<string, unknown>, owner: RowOwner, t?: TFunction, id = newId(),
): Promise<string> {
  // Numbering happens here, in the insert's transaction, so a failed insert consumes no number.
  const now = nowText();
  const state = initialState(entity);
  const numbered = { ...values };
  for (const field of entity.fields) {
    const empty = numbered[field.name] === undefined || numbered[field.name] === null || numbered[field.name] === '';
    if (field.autoCode && empty) numbered[field.name] = await freeCode(ctx, db, entity, field.name, field.autoCode);
  }
  await db.insertInto(entity.table).values({
    ...valuesToColumns(entity, numbered),
    ...(entity.flow && state && values[entity.flow.field] === undefined ? { [entity.flow.field]: state } : {}),
    createUser: owner.userId,
    createDept: owner.deptId,
    unitId: owner.unitId,
    createTime: now,
    updateTime: now,
    // Last, so an entity whose key is itself a system column name (Unit.unitId) keeps its id.
    [entity.key]: id,
  }).execute().catch((error: unknown) => {
    const field = t ? uniqueViolationField(entity, error) : undefined;
    if (field && t) refuseUniqueViolation(entity, field, numbered, t);
    throw error;
  });
  await syncAttachmentLinks(db, entity, id, numbered);
  return id;
}
