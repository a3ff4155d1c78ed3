import { callName, callMethod, type CallKind } from '../../runtime/core/naming';
import type { EntityDef, Registry } from '../../runtime/core/schema';
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

/** The handlers made here: a hot swap replaces these, never a module's named replacement. */
const genericHandlers = new WeakSet<CallHandler>();

/** Every entity's generic calls, named by runtime/core/naming — no per-entity code. */
export function registerEntityCalls(registry: Registry, table: CallTable): void {
  for (const entity of registry.entities.values()) {
    for (const [key, handler] of entityCallHandlers(registry, entity)) table.set(key, handler);
  }
}

/**
 * An entity's calls after the designer published it (server/design/swapRegistry.ts): its generic
 * handlers are made again from the new definition, a call it no longer offers goes, and a named
 * handler a module registered in place of a generic one stays.
 */
export function replaceEntityCalls(registry: Registry, entity: EntityDef, previous: EntityDef | undefined, table: CallTable): void {
  const next = entityCallHandlers(registry, entity);
  if (previous) {
    for (const [key] of entityCallHandlers(registry, previous)) {
      const current = table.get(key);
      if (!next.has(key) && current && genericHandlers.has(current)) table.delete(key);
    }
  }
  for (const [key, handler] of next) {
    const current = table.get(key);
    if (!current || genericHandlers.has(current)) table.set(key, handler);
  }
}

function entityCallHandlers(registry: Registry, entity: EntityDef): Map<string, CallHandler> {
  const handlers = new Map<string, CallHandler>();
  const base = registry.modules.get(entity.module)!.base;
  const add = (kind: CallKind, handler: CallHandler) => {
    genericHandlers.add(handler);
    handlers.set(callKey(callMethod(kind), base, callName(entity.name, kind)), handler);
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
    // The module registers the call of a transition only its own call takes (sendNotice, submitExamTest).
    if (transition.moduleCall) continue;
    if (transition.effect && !transitionEffect(transition.effect)) {
      throw new Error(`${entity.name}: transition ${transition.name} names the effect "${transition.effect}", which the server does not have`);
    }
    const handler = transitionCall(entity, transition);
    genericHandlers.add(handler);
    handlers.set(callKey('set', base, transition.call), handler);
  }
  return handlers;
}
