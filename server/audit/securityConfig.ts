import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { insertNewRow } from '../entity/insertNewRow';

export const SECURITY_CONFIG_ENTITY = 'SecurityConfig';

/**
 * One id for the one row: processes starting together on an empty database cannot both create
 * it — the second insert hits the primary key and finds the first one's row.
 */
export const SECURITY_CONFIG_ID = 'security';

/** The logs with a retention setting, by the SecurityConfig field that holds their days. */
export const RETENTION_FIELDS = {
  SysOperationLog: 'operationLogDays',
  SysLoginLog: 'loginLogDays',
  SysRunLog: 'runLogDays',
} as const;
export type RetainedLog = keyof typeof RETENTION_FIELDS;

export function securityConfigEntity(ctx: ServerContext): EntityDef {
  const entity = ctx.registry.entities.get(SECURITY_CONFIG_ENTITY);
  if (!entity) throw new Error(`the schema ${SECURITY_CONFIG_ENTITY} is missing from schemas/system/`);
  return entity;
}

function dayLimits(entity: EntityDef, field: string): { min: number; max: number; fallback: number } {
  const def = entity.fields.find((f) => f.name === field);
  if (!def) throw new Error(`${SECURITY_CONFIG_ENTITY}: the field ${field} is missing`);
  return { min: def.min ?? 1, max: def.max ?? Number.MAX_SAFE_INTEGER, fallback: Number(def.default) };
}

/**
 * At every start: a database without the security configuration row gets it — the operation
 * log's days from OPLOG_RETENTION_DAYS, the others from the schema's defaults. Once it exists the
 * row is in force (the security administrator changes it) and the variable is not read again.
 */
export async function ensureSecurityConfig(ctx: ServerContext): Promise<void> {
  const entity = securityConfigEntity(ctx);
  const { db } = ctx.database;
  const exists = async () => Boolean(await db.selectFrom(entity.table).select(entity.key).executeTakeFirst());
  if (await exists()) return;
  const days = ctx.config.operationLogRetentionDays;
  const limits = dayLimits(entity, RETENTION_FIELDS.SysOperationLog);
  if (!Number.isInteger(days) || days < limits.min || days > limits.max) {
    throw new Error(`OPLOG_RETENTION_DAYS must be a whole number of days from ${limits.min} to ${limits.max}, not "${String(days)}"`);
  }
  const values = Object.fromEntries(Object.values(RETENTION_FIELDS).map((field) => [field, dayLimits(entity, field).fallback]));
  try {
    await insertNewRow(ctx, db, entity, { ...values, [RETENTION_FIELDS.SysOperationLog]: days },
      { userId: '', deptId: '', unitId: '' }, undefined, SECURITY_CONFIG_ID);
  } catch (error) {
    if (!(await exists())) throw error;
  }
}

/** Days a log is kept: the row's setting (the schema's default should the row be gone). */
export async function retentionDays(ctx: ServerContext, log: RetainedLog): Promise<number> {
  const entity = securityConfigEntity(ctx);
  const field = RETENTION_FIELDS[log];
  const row = await ctx.database.db.selectFrom(entity.table).select(field)
    .orderBy('createTime', 'asc').orderBy(entity.key, 'asc').executeTakeFirst();
  const { min, fallback } = dayLimits(entity, field);
  const days = Number(row?.[field]);
  return Number.isInteger(days) && days >= min ? days : fallback;
}
