import { callName } from '../../runtime/core/naming';
import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';

const UNIT_TYPE = 'UnitType';
/** Type codes are 1–99 (schemas/system/UnitType.json): one page holds them all. */
const ALL_TYPES = 100;

/**
 * `GET /get/system/getOrgTypeList` → `[{label, value, unitTypeId}]`: the unit types a
 * registration may choose (单位类型 with 允许注册选择 on), by type code; `value` is the type code a
 * unit stores in `unitType`. Read through the UnitType picker call, so its rule decides who may:
 * the entity is an open picker, readable by every signed-in user (401 without a session).
 */
export function orgTypeListCall(table: CallTable): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const entity = request.ctx.registry.entities.get(UNIT_TYPE);
      if (!entity) throw new Error(`the system schema ${UNIT_TYPE} is missing from schemas/system/`);
      const base = request.ctx.registry.modules.get(entity.module)!.base;
      const picker = table.get(callKey('get', base, callName(entity.name, 'select')))!;
      const params = {
        page: 1, pageSize: ALL_TYPES, prop: 'typeCode', order: 'ascending',
        filterObj: { allowRegister: { value: 1, operator: 'eq' } },
      };
      const answer = await picker.handle({ ...request, params }) as { list: Record<string, unknown>[] };
      return answer.list.map((row) => ({ label: row.label, value: row.typeCode, unitTypeId: row.value }));
    },
  };
}
