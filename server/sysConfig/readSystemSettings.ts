import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import type { Db } from '../db/connect';
import { rowToApi } from '../entity/rowValues';
import { loadEncryptKey } from './encryptKeys';
import { rowFromEnvironment, settingsFromRow, type SystemSettings } from './systemSettings';

export const SYS_CONFIG_ENTITY = 'SysConfig';

export function sysConfigEntity(ctx: ServerContext): EntityDef {
  const entity = ctx.registry.entities.get(SYS_CONFIG_ENTITY);
  if (!entity) throw new Error(`the schema ${SYS_CONFIG_ENTITY} is missing from schemas/system/`);
  return entity;
}

/** The configuration row: the single one (the oldest, should a second ever be written by hand). */
export async function loadSysConfigRow(ctx: ServerContext, db: Db = ctx.database.db): Promise<Record<string, unknown> | undefined> {
  const entity = sysConfigEntity(ctx);
  const row = await db.selectFrom(entity.table).selectAll()
    .orderBy('createTime', 'asc').orderBy(entity.key, 'asc').executeTakeFirst();
  return row ? { ...rowToApi(entity, row), [entity.key]: row[entity.key] } : undefined;
}

/**
 * Every call of the SM4 mode and every sign-in asks, so the settings are cached briefly; they
 * live in the database, so all processes behind a load balancer agree within this second (the
 * process that wrote them at once: writers clear the cache).
 */
const CACHE_MS = 1000;
let cached: { at: number; settings: SystemSettings; ctx: ServerContext } | undefined;

/** The configuration in force; without a row (removed by hand) the environment's values apply. */
export async function readSystemSettings(ctx: ServerContext): Promise<SystemSettings> {
  if (cached && cached.ctx === ctx && Date.now() - cached.at < CACHE_MS) return cached.settings;
  const row = await loadSysConfigRow(ctx);
  const settings = row
    ? settingsFromRow(row, await loadEncryptKey(ctx.database.db, String(row.encryptKeyId ?? '')))
    : settingsFromRow(rowFromEnvironment(ctx.config, null), ctx.config.sm4Key);
  cached = { at: Date.now(), settings, ctx };
  return settings;
}

/** After a write of the configuration (and the monitor's "clear cache"). */
export function clearSystemSettingsCache(): void {
  cached = undefined;
}
