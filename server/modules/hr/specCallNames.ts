import { callMethod, callName, type CallKind } from '../../../runtime/core/naming';
import { callKey, type CallTable } from '../../calls/CallHandler';

/**
 * The spec names some HR calls after a shorter name than the entity's (getUserList for the
 * personnel file HrUser, getDicTree for HrDic: User and Dic are the system's entities). The same
 * generic handlers answer the spec's name too — one entity, one permission, one data scope.
 * Kinds the entity does not serve (no such generic call) are skipped.
 */
export function registerSpecCallNames(table: CallTable, base: string, entityName: string, specName: string, kinds: readonly CallKind[]): void {
  for (const kind of kinds) {
    const handler = table.get(callKey(callMethod(kind), base, callName(entityName, kind)));
    if (handler) table.set(callKey(callMethod(kind), base, callName(specName, kind)), handler);
  }
}

/** Every generic call an entity may have, for entities whose whole set goes by the spec's name. */
export const ALL_GENERIC_KINDS: readonly CallKind[] = [
  'list', 'my', 'tree', 'select', 'view', 'insert', 'update', 'delete', 'deleteByIds', 'import', 'importTemplate', 'importProgress', 'export',
];
