import { createHash } from 'node:crypto';
import type { CallHandler } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { systemEntity } from '../context';
import { ApiError } from '../http/ApiError';
import { insertNewRow } from '../entity/insertNewRow';
import { uniqueViolationField } from '../entity/checkStoredValues';
import { recordOperation } from '../audit/recordOperation';
import { pushDirectoryChanges } from './directorySync';

/** The standard departments under the unit's top department, in this order (names: locales, people.initDept.template). */
export const DEPARTMENT_TEMPLATE = ['office', 'hr', 'finance', 'business', 'tech'] as const;

/**
 * The top department's id is derived from the unit: two initialisations racing past the "no
 * departments yet" check collide on it, so one of them fails instead of both creating a tree.
 */
function rootDeptIdOf(unitId: string): string {
  return createHash('sha256').update(`dept-root:${unitId}`).digest('hex').slice(0, 24);
}

/**
 * POST /set/system/initDept {unitId | id}: gives a unit that has no departments yet the standard
 * tree — a top department named after the unit with 办公室, 人事部, 财务部, 业务部, 技术部 under it
 * (in the caller's language). Without an id it is the caller's own unit; another unit needs the
 * superuser role. Needs the Dept insert permission; a unit that has departments is refused
 * (code 100, nothing written). Answers {unitId, created, rootDeptId}.
 */
export const initDeptCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, t } = request;
    const dept = systemEntity(ctx, 'Dept');
    const unitEntity = systemEntity(ctx, 'Unit');
    requirePermission(principal, dept.permissions.insert);
    const unitId = String(request.params.unitId ?? request.params.id ?? '').trim() || principal.unitId;
    if (unitId !== principal.unitId && !principal.isSuperAdmin) throw ApiError.forbidden('error.outOfScope');
    const { db } = ctx.database;
    const unit = await db.selectFrom(unitEntity.table).select(['unitId', 'unitName']).where('unitId', '=', unitId).executeTakeFirst();
    if (!unit) throw ApiError.notFound('error.recordNotFound');
    const unitName = String(unit.unitName);
    const refuseExisting = async (reader: typeof db) => {
      const existing = await reader.selectFrom(dept.table).select(dept.key).where('unitId', '=', unitId).limit(1).executeTakeFirst();
      if (existing) throw ApiError.business('people.initDept.hasDepartments', { unit: unitName });
    };
    await refuseExisting(db);
    const owner = { userId: principal.userId, deptId: principal.deptId, unitId };
    const rootDeptId = rootDeptIdOf(unitId);
    const created = await db.transaction().execute(async (trx) => {
      await refuseExisting(trx);
      const rootValues = { deptName: unitName, parentId: null, sort: 0 };
      await insertNewRow(ctx, trx, dept, rootValues, owner, undefined, rootDeptId).catch((error: unknown) => {
        if (uniqueViolationField(dept, error)) throw ApiError.business('people.initDept.hasDepartments', { unit: unitName });
        throw error;
      });
      await recordOperation(trx, principal, { entity: dept, action: 'insert', recordId: rootDeptId, after: rootValues, detail: 'initDept' }, request.raw.ip);
      const ids = [rootDeptId];
      for (const [index, name] of DEPARTMENT_TEMPLATE.entries()) {
        const values = { deptName: t(`people.initDept.template.${name}`), parentId: rootDeptId, sort: index + 1 };
        const id = await insertNewRow(ctx, trx, dept, values, owner);
        await recordOperation(trx, principal, { entity: dept, action: 'insert', recordId: id, after: values, detail: 'initDept' }, request.raw.ip);
        ids.push(id);
      }
      return ids;
    });
    await pushDirectoryChanges(request, { upsertDepts: created });
    return { unitId, created: created.length, rootDeptId };
  },
};
