import type { ServerContext } from '../context';
import { systemEntity } from '../context';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';
import { splitIds } from '../entity/rowValues';
import { SUPER_ADMIN_ROLE, type UserRecord } from '../auth/loadPrincipal';
import type { Principal } from '../auth/Principal';
import { recordRunLog } from '../audit/recordRunLog';

export interface MaintenanceState { on: boolean; message: string; since: string; by: string }

const KEY = 'maintenance';
const OFF: MaintenanceState = { on: false, message: '', since: '', by: '' };
/**
 * Every call asks, so the state is cached briefly; it lives in the database, so all processes
 * behind a load balancer agree within this second.
 */
const CACHE_MS = 1000;
let cached: { at: number; state: MaintenanceState; ctx: ServerContext } | undefined;

export async function readMaintenance(ctx: ServerContext): Promise<MaintenanceState> {
  if (cached && cached.ctx === ctx && Date.now() - cached.at < CACHE_MS) return cached.state;
  const row = await ctx.database.db.selectFrom('sys_setting').select('value').where('settingKey', '=', KEY).executeTakeFirst();
  let state = OFF;
  if (row) {
    try {
      state = { ...OFF, ...(JSON.parse(String(row.value)) as Partial<MaintenanceState>) };
    } catch {
      state = OFF;
    }
  }
  cached = { at: Date.now(), state, ctx };
  return state;
}

export async function writeMaintenance(ctx: ServerContext, on: boolean, message: string, by: string): Promise<MaintenanceState> {
  const state: MaintenanceState = on ? { on, message, since: nowText(), by } : OFF;
  const value = JSON.stringify(state);
  await ctx.database.db.insertInto('sys_setting').values({ settingKey: KEY, value, updateTime: nowText() })
    .onConflict((oc) => oc.column('settingKey').doUpdateSet({ value, updateTime: nowText() })).execute();
  cached = undefined;
  await recordRunLog(ctx, on
    ? { level: 'warn', event: 'maintenanceOn', message: `by ${by}${message ? `: ${message}` : ''}` }
    : { level: 'info', event: 'maintenanceOff', message: `by ${by}` });
  return state;
}

/** Forgets cached state (the monitor's "clear cache"). */
export function clearMaintenanceCache(): void {
  cached = undefined;
}

function refusal(state: MaintenanceState): ApiError {
  return new ApiError(503, 503, 'maintenance.refused', { message: state.message || '' });
}

/** While maintenance is on, every call of anyone but an administrator is refused. */
export async function assertNotInMaintenance(ctx: ServerContext, principal: Principal | undefined): Promise<void> {
  if (!principal || principal.isSuperAdmin) return;
  const state = await readMaintenance(ctx);
  if (state.on) throw refusal(state);
}

/** Sign-in too: only administrators may sign in during maintenance. */
export async function assertLoginAllowed(ctx: ServerContext, user: UserRecord): Promise<void> {
  const state = await readMaintenance(ctx);
  if (!state.on) return;
  const roleIds = splitIds(user.roleIds);
  const roles = roleIds.length ? await ctx.database.db.selectFrom(systemEntity(ctx, 'Role').table).select('roleCode')
    .where('roleId', 'in', roleIds).where('status', '=', 1).execute() : [];
  if (!roles.some((r) => r.roleCode === SUPER_ADMIN_ROLE)) throw refusal(state);
}
