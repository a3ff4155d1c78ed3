import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

describe.each(databases)('monitoring, maintenance, passwords and the login log on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let users: Record<string, DemoUser>;
  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  it('shows server and process information and online sessions to administrators only', async () => {
    const info = await s.get(admin, '/get/system/getServerInfo');
    expect(info.body.code).toBe(200);
    expect(info.body.data.host.cpus).toBeGreaterThan(0);
    expect(info.body.data.process.node).toBe(process.version);
    expect(info.body.data.database.dialect).toBe(database.name);
    const lina = await s.login('lina');
    expect((await s.get(lina, '/get/system/getServerInfo')).status).toBe(403);
    const sessions = await s.get(admin, '/get/system/getOnlineSessionList');
    const linaSessions = (sessions.body.data as { accountId: string; sessionId: string }[]).filter((r) => r.accountId === 'lina');
    expect(linaSessions.length).toBeGreaterThan(0);
    expect(linaSessions[0].sessionId).toHaveLength(16);
    expect(JSON.stringify(sessions.body.data)).not.toContain(lina);
  });

  it('kicks a session or all of a user\'s sessions, never the caller\'s own', async () => {
    const lina = await s.login('lina');
    const sessions = (await s.get(admin, '/get/system/getOnlineSessionList')).body.data as { accountId: string; sessionId: string }[];
    const one = sessions.find((r) => r.accountId === 'lina')!;
    expect((await s.post(admin, '/set/system/kickSession', { sessionId: one.sessionId })).body.data.kicked).toBe(1);
    const again = await s.login('lina');
    expect((await s.get(again, '/get/system/myMenus')).status).toBe(200);
    await s.post(admin, '/set/system/kickSession', { userId: users.lina.userId });
    expect((await s.get(again, '/get/system/myMenus')).status).toBe(401);
    expect((await s.get(lina, '/get/system/myMenus')).status).toBe(401);
    await s.post(admin, '/set/system/kickSession', { userId: users.admin.userId });
    expect((await s.get(admin, '/get/system/myMenus')).status).toBe(200);
  });

  it('locks everyone but administrators out during maintenance, and lets them back in after', async () => {
    const lina = await s.login('lina');
    expect((await s.post(lina, '/set/system/setMaintenanceMode', { on: 1 })).status).toBe(403);
    const set = await s.post(admin, '/set/system/setMaintenanceMode', { on: 1, message: '预计 30 分钟后恢复' });
    expect(set.body.data).toMatchObject({ on: true, message: '预计 30 分钟后恢复' });
    await new Promise((r) => setTimeout(r, 1100));
    const refused = await s.get(lina, '/get/office/getMyOfficeVehicleApplyList');
    expect(refused.status).toBe(503);
    expect(refused.body.message).toContain('系统维护中');
    expect(refused.body.message).toContain('预计 30 分钟后恢复');
    const login = await s.post(undefined, '/get/system/login', { accountId: 'liuyang', password: 'Demo@123' });
    expect(login.body.code).toBe(503);
    expect((await s.get(undefined, '/get/system/getMaintenanceMode')).body.data.on).toBe(true);
    expect((await s.get(admin, '/get/hr/getHrContractList')).body.code).toBe(200);
    expect((await s.login('admin'))).toBeTruthy();
    await s.post(admin, '/set/system/setMaintenanceMode', { on: 0 });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await s.get(lina, '/get/office/getMyOfficeVehicleApplyList')).body.code).toBe(200);
    expect(await s.login('liuyang')).toBeTruthy();
  });

  it('resets a user\'s password (given or generated) and lets users change their own', async () => {
    const hr = await s.login('zhangwei');
    expect((await s.post(hr, '/set/system/resetUserPassword', { id: users.chenjing.userId, password: 'Reset2026x' })).status).toBe(403);
    const weak = await s.post(admin, '/set/system/resetUserPassword', { id: users.chenjing.userId, password: 'short' });
    expect(weak.body.code).toBe(100);
    const generated = await s.post(admin, '/set/system/resetUserPassword', { id: users.chenjing.userId });
    expect(generated.body.data.password).toMatch(/^[A-Za-z0-9]{12}$/);
    const chenjing = await s.login('chenjing', generated.body.data.password);
    expect((await s.post(chenjing, '/set/system/updateMyPassword', { oldPassword: 'wrong', password: 'Mine2026ok', password2: 'Mine2026ok' })).body.code).toBe(100);
    expect((await s.post(chenjing, '/set/system/updateMyPassword', { oldPassword: generated.body.data.password, password: 'Mine2026ok', password2: 'Mine2027ok' })).body.message).toBe('两次输入密码不一致!');
    expect((await s.post(chenjing, '/set/system/updateMyPassword', { oldPassword: generated.body.data.password, password: 'Mine2026ok', password2: 'Mine2026ok' })).body.code).toBe(200);
    // The session that changed it stays; the password works.
    expect((await s.get(chenjing, '/get/system/myMenus')).status).toBe(200);
    expect(await s.login('chenjing', 'Mine2026ok')).toBeTruthy();
  });

  it('logs sign-ins, failures and sign-outs for the auditor', async () => {
    await s.post(undefined, '/get/system/login', { accountId: 'wuting', password: 'wrong-password' });
    const wuting = await s.login('wuting');
    await s.post(wuting, '/set/system/logout');
    const auditor = await s.login('auditor');
    const logs = await s.get(auditor, '/get/system/getSysLoginLogList', { keyword: 'wuting', pageSize: 20 });
    expect(logs.body.code).toBe(200);
    const kinds = (logs.body.data.list as { method: string; result: string }[]).map((l) => `${l.method}:${l.result}`).sort();
    expect(kinds).toEqual(['logout:success', 'password:failed', 'password:success']);
    expect((await s.get(admin, '/get/system/getSysLoginLogList')).status).toBe(403);
  });
});
