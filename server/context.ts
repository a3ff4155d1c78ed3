import type { i18n } from 'i18next';
import type { EntityDef, Registry } from '../runtime/core/schema';
import type { Database_ } from './db/connect';
import type { ServerConfig } from './config';
import type { ClearableCaches } from './system/clearableCaches';

/** What every handler may use: one per server process, built at start. */
export interface ServerContext {
  config: ServerConfig;
  database: Database_;
  registry: Registry;
  i18n: i18n;
  /** Every permission name the registry defines (the admin role holds them all). */
  allPermissions: Set<string>;
  /** The in-process caches the monitor's 清除缓存 empties (each registers itself where it is made). */
  caches: ClearableCaches;
}

/** The system entities the server itself relies on (users, departments, roles, menus, dictionaries). */
export function systemEntity(ctx: ServerContext, name: 'User' | 'Dept' | 'Role' | 'Menu' | 'Dic' | 'Unit' | 'CodeRule' | 'SysMessage' | 'ScheduledTask' | 'ScheduledTaskRun' | 'SysLoginLog' | 'UserGroup' | 'PersonalGroup'): EntityDef {
  const entity = ctx.registry.entities.get(name);
  if (!entity) throw new Error(`the system schema ${name} is missing from schemas/system/`);
  return entity;
}
