import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callKey } from '../../server/calls/CallHandler';
import { newId, nowText } from '../../server/http/newId';
import { JOBS } from '../../server/scheduler/jobs';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();
const DAY_MS = 86_400_000;

/**
 * The run log (how the service itself is doing, read by the auditor only) and the security
 * configuration (one row of retention periods, changed by the security administrator only and
 * read by the purge jobs).
 */
describe.each(databases)('run log and log retention on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let secadmin: string;
  let auditor: string;
  let lina: string;
  beforeAll(async () => {
    s = await startTestServer(database, { OPLOG_RETENTION_DAYS: '90' });
    [admin, secadmin, auditor, lina] = await Promise.all(['admin', 'secadmin', 'auditor', 'lina'].map((a) => s.login(a)));
  });
  afterAll(async () => { await s.stop(); });
  const db = () => s.server.ctx.database.db;
  const runLog = (event: string) => db().selectFrom('sys_run_log').selectAll().where('event', '=', event).orderBy('createTime', 'desc').execute();

  it('records the start of the server, and only the auditor may read or export the run log', async () => {
    const started = await runLog('serverStart');
    expect(started.length).toBeGreaterThan(0);
    expect(String(started[0].message)).toContain(s.server.ctx.database.dialect);
    const listed = await s.get(auditor, '/get/system/getSysRunLogList', { filterObj: JSON.stringify({ event: { value: ['serverStart'] } }) });
    expect(listed.body.code, listed.body.message).toBe(200);
    expect(listed.body.data.list.map((r: { logId: string }) => r.logId)).toContain(started[0].logId);
    for (const token of [admin, secadmin, lina]) {
      expect((await s.get(token, '/get/system/getSysRunLogList')).status).toBe(403);
      expect((await s.get(token, '/get/system/getSysRunLogById', { id: started[0].logId })).status).toBe(403);
    }
    // Nobody writes it through the API: the log is the service's own.
    expect((await s.post(auditor, '/set/system/insertSysRunLog', { level: 'info', event: 'serverStart', message: 'forged' })).status).toBe(404);
  });

  it('records an unexpected error with its stack summary and masked credentials, and answers the caller without either', async () => {
    s.server.calls.set(callKey('get', 'system', 'failOnPurposeForTest'), {
      auth: 'session',
      async handle() { throw new Error('connect failed for postgres://oa:S3cretPass@db.internal:5432/oa'); },
    });
    const res = await s.get(lina, '/get/system/failOnPurposeForTest');
    expect(res.status).toBe(500);
    expect(res.body.message).not.toContain('S3cretPass');
    expect(res.body.message).not.toMatch(/\n\s+at /);
    const [entry] = await runLog('unexpectedError');
    expect(entry).toMatchObject({ level: 'error', call: 'GET /capi/get/system/failOnPurposeForTest' });
    expect(String(entry.message)).toContain('postgres://***@db.internal');
    expect(String(entry.message)).not.toContain('S3cretPass');
    expect(String(entry.detail)).toMatch(/^at /);
    s.server.calls.delete(callKey('get', 'system', 'failOnPurposeForTest'));
  });

  it('records setting and releasing maintenance mode, with who did it', async () => {
    await s.post(admin, '/set/system/setMaintenanceMode', { on: 1, message: '升级数据库' });
    await s.post(admin, '/set/system/setMaintenanceMode', { on: 0 });
    const [on] = await runLog('maintenanceOn');
    const [off] = await runLog('maintenanceOff');
    expect(on).toMatchObject({ level: 'warn' });
    expect(String(on.message)).toContain('升级数据库');
    expect(off).toBeTruthy();
  });

  it('keeps one security configuration row, seeded from OPLOG_RETENTION_DAYS, that only the security administrator changes', async () => {
    const rows = await db().selectFrom('sys_security_config').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ configId: 'security', operationLogDays: 90, loginLogDays: 180, runLogDays: 180 });

    const read = await s.get(auditor, '/get/system/getSecurityConfigList');
    expect(read.body.data.list).toHaveLength(1);
    // The auditor reads it; the system administrator (separated duties) and plain users do not even read it.
    expect((await s.post(auditor, '/set/system/updateSecurityConfig', { id: 'security', loginLogDays: 1 })).status).toBe(403);
    expect((await s.get(admin, '/get/system/getSecurityConfigList')).status).toBe(403);
    expect((await s.post(admin, '/set/system/updateSecurityConfig', { id: 'security', loginLogDays: 1 })).status).toBe(403);
    expect((await s.post(lina, '/set/system/updateSecurityConfig', { id: 'security', loginLogDays: 1 })).status).toBe(403);

    for (const bad of [0, 3651, 'forever', 1.5]) {
      const refused = await s.post(secadmin, '/set/system/updateSecurityConfig', { id: 'security', loginLogDays: bad });
      expect(refused.body.code, String(bad)).toBe(100);
    }
    const inserted = await s.post(secadmin, '/set/system/insertSecurityConfig', { operationLogDays: 30, loginLogDays: 30, runLogDays: 30 });
    expect(inserted.body.code).toBe(100);
    expect(inserted.body.message).toContain('安全设置只有一条');
    expect((await s.post(secadmin, '/set/system/deleteSecurityConfig', { id: 'security' })).body.code).toBe(100);
    expect((await s.post(lina, '/set/system/deleteSecurityConfig', { id: 'security' })).status).toBe(403);
    expect(await db().selectFrom('sys_security_config').selectAll().execute()).toEqual(rows);

    const changed = await s.post(secadmin, '/set/system/updateSecurityConfig', { id: 'security', loginLogDays: 30, runLogDays: 7 });
    expect(changed.body.code, changed.body.message).toBe(200);
    const after = await db().selectFrom('sys_security_config').selectAll().executeTakeFirstOrThrow();
    expect(after).toMatchObject({ operationLogDays: 90, loginLogDays: 30, runLogDays: 7 });
  });

  it('purges each log by its own retention period, read from the security configuration', async () => {
    await db().updateTable('sys_security_config').set({ operationLogDays: 90, loginLogDays: 30, runLogDays: 7 }).execute();
    const ago = (days: number) => nowText(new Date(Date.now() - days * DAY_MS));
    const login = (days: number) => ({ logId: newId(), accountId: 'ghost', method: 'password', result: 'success', createTime: ago(days), updateTime: ago(days) });
    const loginRows = [login(40), login(20)];
    await db().insertInto('sys_login_log').values(loginRows).execute();
    const run = (days: number) => ({ logId: newId(), level: 'info', event: 'serverStart', message: `aged ${days}`, createTime: ago(days), updateTime: ago(days) });
    const runRows = [run(10), run(3)];
    await db().insertInto('sys_run_log').values(runRows).execute();

    expect(await JOBS.purgeLoginLog(s.server.ctx)).toContain('older than 30 days');
    expect(await JOBS.purgeRunLog(s.server.ctx)).toContain('older than 7 days');
    const keptLogin = await db().selectFrom('sys_login_log').select('logId').where('logId', 'in', loginRows.map((r) => r.logId)).execute();
    expect(keptLogin.map((r) => r.logId)).toEqual([loginRows[1].logId]);
    const keptRun = await db().selectFrom('sys_run_log').select('logId').where('logId', 'in', runRows.map((r) => r.logId)).execute();
    expect(keptRun.map((r) => r.logId)).toEqual([runRows[1].logId]);
  });
});
