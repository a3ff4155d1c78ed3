import type { EntityDef } from '../../runtime/core/schema';
import type { Db } from '../db/connect';
import { newId, nowText } from '../http/newId';
import { valuesToColumns } from '../entity/rowValues';

export interface RowOwner { userId: string; deptId: string; unitId: string }

/** Seed rows go in with the same system columns the insert call writes. */
export async function insertRow(db: Db, entity: EntityDef, values: Record<string, unknown>, owner: RowOwner, id = newId()): Promise<string> {
  const now = nowText();
  const defaults = Object.fromEntries(entity.fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));
  await db.insertInto(entity.table).values({
    ...valuesToColumns(entity, { ...defaults, ...values }),
    createUser: owner.userId, createDept: owner.deptId, unitId: owner.unitId, createTime: now, updateTime: now,
    [entity.key]: id,
  }).execute();
  return id;
}
