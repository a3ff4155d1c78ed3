import { describe, expect, it } from 'vitest';
import { CALL_KINDS, callMethod, callName, callPath, namedCallPath } from '../../../runtime/core/naming';

describe('call naming convention (DESIGN.md §5)', () => {
  it('names every generic call after the entity', () => {
    expect(CALL_KINDS.map((k) => callName('HrContract', k))).toEqual([
      'getHrContractList', 'getMyHrContractList', 'getHrContractTree', 'getHrContractListForSelect', 'getHrContractById',
      'insertHrContract', 'updateHrContract', 'deleteHrContract', 'deleteHrContractByIds', 'importHrContract', 'getHrContractImportTemplate', 'exportHrContract',
      'dropHrContract', 'getHrContractImportProgress',
    ]);
  });

  it('puts reads under /get and writes under /set', () => {
    expect(callPath('hr', 'HrContract', 'list')).toBe('/get/hr/getHrContractList');
    expect(callPath('hr', 'HrContract', 'export')).toBe('/get/hr/exportHrContract');
    expect(callPath('hr', 'HrContract', 'importTemplate')).toBe('/get/hr/getHrContractImportTemplate');
    expect(callPath('office', 'OfficeVehicleApply', 'deleteByIds')).toBe('/set/office/deleteOfficeVehicleApplyByIds');
    expect(callPath('hr', 'HrContract', 'import')).toBe('/set/hr/importHrContract');
    expect(CALL_KINDS.filter((k) => callMethod(k) === 'set')).toEqual(['insert', 'update', 'delete', 'deleteByIds', 'import', 'drop']);
    expect(callPath('system', 'Dic', 'drop')).toBe('/set/system/dropDic');
    expect(namedCallPath('office', 'set', 'approveOfficeVehicleApply')).toBe('/set/office/approveOfficeVehicleApply');
  });
});
