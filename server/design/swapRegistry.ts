import type { Registry } from '../../runtime/core/schema';
import type { CallTable } from '../calls/CallHandler';
import type { ServerContext } from '../context';
import { syncTables } from '../db/syncTables';
import { tableSpecForEntity } from '../db/tableSpecs';
import { replaceEntityCalls } from '../entity/registerEntityCalls';
import { syncMenus } from '../seed/syncMenus';
import { addDesignedMessages } from './designedMessages';

/** The permissions the superuser role holds: all but those of separated duties (as at start). */
export function superuserPermissions(registry: Registry): Set<string> {
  return new Set([...registry.entities.values()].filter((e) => !e.duty).flatMap((e) => Object.values(e.permissions)));
}

/**
 * Puts a new registry in force in this process without a restart: tables first (add columns and
 * indexes, never drop), then the maps every handler reads through `ctx.registry`, swapped in one
 * synchronous step so no request sees half of it, then the changed entities' generic calls, the
 * permissions, the menus (a new entity's page and buttons) and the language packs.
 * Answers the names of the entities whose definition changed.
 */
export async function swapRegistry(ctx: ServerContext, table: CallTable, next: Registry): Promise<string[]> {
  const current = ctx.registry;
  const changed = [...next.entities.values()].filter((e) => JSON.stringify(e) !== JSON.stringify(current.entities.get(e.name)));
  if (changed.length > 0) await syncTables(ctx.database, changed.map(tableSpecForEntity));
  const previous = new Map(current.entities);
  current.modules.clear();
  for (const [name, mod] of next.modules) current.modules.set(name, mod);
  current.entities.clear();
  for (const [name, entity] of next.entities) current.entities.set(name, entity);
  for (const entity of changed) replaceEntityCalls(current, entity, previous.get(entity.name), table);
  const permissions = superuserPermissions(current);
  ctx.allPermissions.clear();
  for (const permission of permissions) ctx.allPermissions.add(permission);
  addDesignedMessages(ctx.i18n, current);
  if (changed.length > 0) {
    await syncMenus(ctx);
    // Menu trees, permission sets and the like are cached per process.
    ctx.caches.clearAll();
  }
  return changed.map((e) => e.name);
}
