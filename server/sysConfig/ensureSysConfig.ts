import type { ServerContext } from '../context';
import { insertNewRow } from '../entity/insertNewRow';
import { storeEncryptKey } from './encryptKeys';
import { loadSysConfigRow, sysConfigEntity } from './readSystemSettings';
import { rowFromEnvironment } from './systemSettings';

/**
 * One id for the one row: processes starting together on an empty database cannot both create
 * it — the second insert hits the primary key and finds the first one's row.
 */
const SYS_CONFIG_ID = 'system';

/**
 * At every start: a database without the configuration row gets it, from the environment
 * (APP_NAME, APP_COLOR, WATER_MARK, ENCRYPTION_TYPE with SM4_KEY, ATTACH_HOST …). Once it exists
 * the row wins and those variables are not read again (docs/SHELL.md).
 */
export async function ensureSysConfig(ctx: ServerContext): Promise<void> {
  if (await loadSysConfigRow(ctx)) return;
  const { db } = ctx.database;
  const encryptKeyId = ctx.config.sm4Key ? await storeEncryptKey(db, ctx.config.sm4Key) : null;
  const entity = sysConfigEntity(ctx);
  const defaults = Object.fromEntries(entity.fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));
  try {
    await insertNewRow(ctx, db, entity, { ...defaults, ...rowFromEnvironment(ctx.config, encryptKeyId) },
      { userId: '', deptId: '', unitId: '' }, undefined, SYS_CONFIG_ID);
  } catch (error) {
    if (!(await loadSysConfigRow(ctx))) throw error;
  }
}
