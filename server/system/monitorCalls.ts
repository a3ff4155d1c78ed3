import os from 'node:os';
import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { systemEntity, type ServerContext } from '../context';
import type { Principal } from '../auth/Principal';
import { clearMaintenanceCache, readMaintenance, writeMaintenance } from './maintenance';
import { clearSystemSettingsCache } from '../sysConfig';

/** Monitoring and maintenance are the system administrator's (the superuser role's). */
function requireAdministrator(principal: Principal): void {
  if (!principal.isSuperAdmin) throw ApiError.forbidden('error.forbidden');
}

/** Sessions are shown by a prefix of their hash: enough to pick one, useless as a token. */
const SESSION_ID_LENGTH = 16;

const getMaintenanceCall: CallHandler = {
  // Public: the sign-in page tells everybody why they cannot sign in.
  auth: 'public',
  async handle(request) {
    const state = await readMaintenance(request.ctx);
    return { on: state.on, message: state.message, since: state.since };
  },
};

const setMaintenanceCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    requireAdministrator(principal);
    const on = ['1', 'true', 1, true].includes(request.params.on as string);
    const message = String(request.params.message ?? '').trim().slice(0, 200);
    const state = await writeMaintenance(request.ctx, on, message, principal.accountId);
    return { on: state.on, message: state.message, since: state.since };
  },
};

const serverInfoCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    requireAdministrator(requirePrincipal(request));
    const memory = process.memoryUsage();
    const sessions = await request.ctx.database.db.selectFrom('sys_session').select((eb) => eb.fn.countAll<number>().as('count'))
      .where('expiresAt', '>', Date.now()).executeTakeFirst();
    return {
      host: { hostname: os.hostname(), platform: `${os.type()} ${os.release()}`, arch: os.arch(), cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? '', loadAverage: os.loadavg(), totalMemory: os.totalmem(), freeMemory: os.freemem(), uptime: os.uptime() },
      process: { pid: process.pid, node: process.version, uptime: process.uptime(), rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal },
      database: { dialect: request.ctx.database.dialect },
      onlineSessions: Number(sessions?.count ?? 0),
    };
  },
};

const onlineSessionsCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    requireAdministrator(requirePrincipal(request));
    const users = systemEntity(request.ctx, 'User').table;
    const rows = await request.ctx.database.db.selectFrom('sys_session as s').leftJoin(`${users} as u`, 'u.userId', 's.userId')
      .select(['s.tokenHash', 's.createTime', 's.expiresAt', 's.ip', 's.userAgent', 's.loginAs', 'u.accountId', 'u.userName', 's.userId'])
      .where('s.expiresAt', '>', Date.now()).orderBy('s.createTime', 'desc').limit(500).execute();
    return rows.map(({ tokenHash, ...row }) => ({ ...row, sessionId: String(tokenHash).slice(0, SESSION_ID_LENGTH) }));
  },
};

const kickCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    requireAdministrator(principal);
    const sessionId = String(request.params.sessionId ?? '');
    const userId = String(request.params.userId ?? '');
    if (sessionId.length !== SESSION_ID_LENGTH && !userId) throw ApiError.business('error.missingId', { key: 'sessionId' });
    let query = request.ctx.database.db.deleteFrom('sys_session');
    query = userId ? query.where('userId', '=', userId) : query.where('tokenHash', 'like', `${sessionId.replace(/[^0-9a-f]/g, '')}%`);
    // Never the caller's own session: an administrator kicking everyone keeps the console.
    const result = await query.where('tokenHash', '<>', principal.tokenHash).executeTakeFirst();
    return { kicked: Number(result.numDeletedRows) };
  },
};

/** 清除缓存: empties every registered cache and names them (`{cleared: ['systemSettings', …]}`). */
const clearCacheCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    requireAdministrator(requirePrincipal(request));
    return { cleared: request.ctx.caches.clearAll() };
  },
};

export function registerMonitorCalls(table: CallTable, ctx: ServerContext): void {
  ctx.caches.register('systemSettings', clearSystemSettingsCache);
  ctx.caches.register('maintenance', clearMaintenanceCache);
  table.set(callKey('get', 'system', 'getMaintenanceMode'), getMaintenanceCall);
  table.set(callKey('set', 'system', 'setMaintenanceMode'), setMaintenanceCall);
  table.set(callKey('get', 'system', 'getServerInfo'), serverInfoCall);
  table.set(callKey('get', 'system', 'getOnlineSessionList'), onlineSessionsCall);
  table.set(callKey('set', 'system', 'kickSession'), kickCall);
  table.set(callKey('set', 'system', 'clearCache'), clearCacheCall);
}
