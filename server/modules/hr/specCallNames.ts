import { callMethod, callName, type CallKind } from '../../../runtime/core/naming';
import { callKey, type CallKey, type CallTable } from '../../calls/CallHandler';
import { ApiError } from '../../http/ApiError';

/**
 * Registers `alias` as a second name of the call `target`, if the table has it: each request runs
 * the handler the table holds under `target` at that moment. A designer publish
 * (server/design/swapRegistry.ts) makes an entity's generic handlers again from the new definition
 * under the entity's own names; an alias holding the old handler object would keep serving the old
 * fields, one looking it up follows the swap. A call the published entity no longer offers answers
 * as an unknown call.
 */
export function registerCallAlias(table: CallTable, alias: CallKey, target: CallKey): void {
  const handler = table.get(target);
  if (!handler) return;
  table.set(alias, {
    auth: handler.auth,
    multipart: handler.multipart,
    async handle(request) {
      const current = table.get(target);
      if (!current) throw ApiError.notFound('error.unknownCall', { call: alias.replaceAll(':', '/') });
      return current.handle(request);
    },
  });
}

/**
 * The spec names some HR calls after a shorter name than the entity's (getUserList for the
 * personnel file HrUser, getDicTree for HrDic: User and Dic are the system's entities). The same
 * generic handlers answer the spec's name too — one entity, one permission, one data scope — and
 * through `registerCallAlias`, so they stay the entity's current calls after a designer publish.
 * Kinds the entity does not serve (no such generic call) are skipped.
 */
export function registerSpecCallNames(table: CallTable, base: string, entityName: string, specName: string, kinds: readonly CallKind[]): void {
  for (const kind of kinds) {
    registerCallAlias(table, callKey(callMethod(kind), base, callName(specName, kind)), callKey(callMethod(kind), base, callName(entityName, kind)));
  }
}

/** Every generic call an entity may have, for entities whose whole set goes by the spec's name. */
export const ALL_GENERIC_KINDS: readonly CallKind[] = [
  'list', 'my', 'tree', 'select', 'view', 'insert', 'update', 'delete', 'deleteByIds', 'import', 'importTemplate', 'importProgress', 'export',
];
