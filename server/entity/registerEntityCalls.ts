import { callName, callMethod, type CallKind } from '../../runtime/core/naming';
import type { Registry } from '../../runtime/core/schema';
import { callKey, type CallHandler, type CallTable } from '../calls/CallHandler';
import { listCall, selectCall, treeCall, viewCall } from './readCalls';
import { deleteByIdsCall, deleteCall, insertCall, updateCall } from './writeCalls';
import { transitionCall } from './flowCalls';
import { exportCall } from './exportCall';
import { importCall } from './importCall';
import { importProgressCall } from './importProgress';
import { importTemplateCall } from './importTemplateCall';
import { transitionEffect } from './transitionEffects';
import { dropCall } from './dropCall';

/** Every entity's generic calls, named by runtime/core/naming — no per-entity code. */
export function registerEntityCalls(registry: Registry, table: CallTable): void {
  for (const entity of registry.entities.values()) {
    const base = registry.modules.get(entity.module)!.base;
    const add = (kind: CallKind, handler: CallHandler) => {
      table.set(callKey(callMethod(kind), base, callName(entity.name, kind)), handler);
    };
    const has = (action: (typeof entity.calls)[number]) => entity.calls.includes(action);
    if (has('list')) add('list', listCall(entity, 'manage'));
    if (has('my') && entity.list.scopes.my) add('my', listCall(entity, 'my'));
    if (has('view')) add('view', viewCall(entity));
    if (has('insert')) add('insert', insertCall(entity));
    if (has('update')) add('update', updateCall(entity));
    if (has('delete')) {
      add('delete', deleteCall(entity));
      add('deleteByIds', deleteByIdsCall(entity));
    }
    if (has('export')) add('export', exportCall(entity));
    if (has('import')) {
      add('import', importCall(entity));
      add('importTemplate', importTemplateCall(entity));
      add('importProgress', importProgressCall(entity));
    }
    add('select', selectCall(entity));
    if (entity.parentField) add('tree', treeCall(entity));
    if (entity.sortField && has('update')) add('drop', dropCall(entity));
    for (const transition of entity.flow?.transitions ?? []) {
      if (transition.effect && !transitionEffect(transition.effect)) {
        throw new Error(`${entity.name}: transition ${transition.name} names the effect "${transition.effect}", which the server does not have`);
      }
      table.set(callKey('set', base, transition.call), transitionCall(entity, transition));
    }
  }
}
