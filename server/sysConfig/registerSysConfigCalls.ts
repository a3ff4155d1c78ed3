import { callKey, type CallTable } from '../calls/CallHandler';
import type { ServerContext } from '../context';
import { agreementsCall, SYS_IMAGE_CALL, sysImageCall } from './publicConfigCalls';
import { sysConfigEntity } from './readSystemSettings';
import { createEncryptKeyCall, updateSysConfigCall } from './sysConfigWrites';

/**
 * Calls of the system configuration: its update (in place of the generic one, registered
 * before), key generation, and the public logo/banner images and agreement texts.
 */
export function registerSysConfigCalls(table: CallTable, ctx: ServerContext): void {
  const entity = sysConfigEntity(ctx);
  const base = ctx.registry.modules.get(entity.module)!.base;
  const updateKey = callKey('set', base, `update${entity.name}`);
  const generic = table.get(updateKey);
  if (!generic) throw new Error(`${entity.name} must allow the update call (schemas/system/${entity.name}.json "calls")`);
  table.set(updateKey, updateSysConfigCall(entity, generic));
  const createKey = entity.actions.find((action) => action.name === 'createEncryptKey');
  if (!createKey) throw new Error(`${entity.name} must have the createEncryptKey action`);
  table.set(callKey('set', base, createKey.call), createEncryptKeyCall(entity));
  table.set(callKey('get', 'system', 'getAgreements'), agreementsCall);
  table.set(SYS_IMAGE_CALL, sysImageCall);
}
