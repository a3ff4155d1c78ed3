import type { TFunction } from 'i18next';
import type { EntityDef } from '../../runtime/core/schema';
import { initialState } from '../../runtime/core/flow';
import type { Db } from '../db/connect';
import { newId, nowText } from '../http/newId';
import { valuesToColumns } from './rowValues';
import { refuseUniqueViolation, uniqueViolationField } from './checkStoredValues';

export interface RowOwner { userId: string; deptId: string; unitId: string }

/**
 * The one way a row is born (insert call, import, demo data): validated values plus the flow's
 * initial state and the system columns of its owner. A unique index refusing the row (two
 * requests racing past the uniqueness check) becomes the same user error as the check's.
 */
export async function insertNewRow(
  db: Db, entity: EntityDef, values: Record<string, unknown>, owner: RowOwner, t?: TFunction, id = newId(),
): Promise<string> {
  const now = nowText();
  const state = initialState(entity);
  await db.insertInto(entity.table).values({
    ...valuesToColumns(entity, values),
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
    if (field && t) refuseUniqueViolation(entity, field, values, t);
    throw error;
  });
  return id;
}
