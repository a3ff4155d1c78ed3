import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();

describe.each(databases)('session calls on $name', (database) => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer(database); });
  afterAll(async () => { await s.stop(); });

  it('signs in with form data and answers the loginOtherAccount shape', async () => {
    const res = await s.post(undefined, '/get/system/login', { accountId: 'admin', password: 'Admin@123' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const data = res.body.data;
    for (const key of ['token', 'userInfo', 'permissions', 'msgtime', 'waterMark', 'waterMarkContent', 'waterMarkSubtext',
      'accessToken', 'refreshToken', 'uid', 'username', 'face', 'role_id', 'founder', 'seller_id', 'department']) {
      expect(data).toHaveProperty(key);
    }
    expect(data.userInfo).toMatchObject({ accountId: 'admin', userName: '系统管理员', roles: ['admin'] });
    expect(typeof data.permissions).toBe('string');
    expect(data.permissions.split(',')).toContain('hr:HrContract:insert');
  });

  it('signs in with a JSON body too', async () => {
    const res = await s.postJson(undefined, '/get/system/login', { accountId: 'lina', password: 'Demo@123' });
    expect(res.body.code).toBe(200);
    expect(res.body.data.userInfo.roles).toEqual(['staff']);
  });

  it('refuses a wrong password with one message for unknown accounts and wrong passwords', async () => {
    const wrong = await s.post(undefined, '/get/system/login', { accountId: 'admin', password: 'nope' });
    const unknown = await s.post(undefined, '/get/system/login', { accountId: 'nobody', password: 'nope' });
    expect(wrong.status).toBe(200);
    expect(wrong.body.code).toBe(100);
    expect(wrong.body.message).toBe('账号或密码错误');
    expect(unknown.body.message).toBe(wrong.body.message);
    const english = await fetch(`${s.baseUrl}/capi/get/system/login`, {
      method: 'POST', headers: { 'X-Lang': 'en', 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'accountId=admin&password=x',
    });
    expect((await english.json()).message).toBe('Wrong account or password');
  });

  it('answers 401 without a token, with a bad token, and after logout', async () => {
    expect((await s.get(undefined, '/get/system/myMenus')).status).toBe(401);
    const bad = await s.get('not-a-token', '/get/system/myMenus');
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe(401);
    const token = await s.login('lina');
    expect((await s.get(token, '/get/system/myMenus')).status).toBe(200);
    expect((await s.post(token, '/set/system/logout')).body.code).toBe(200);
    expect((await s.get(token, '/get/system/myMenus')).status).toBe(401);
  });

  it('stores sessions server-side as hashes, never the token itself', async () => {
    const token = await s.login('wangfang');
    const rows = await s.server.ctx.database.db.selectFrom('sys_session').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    const creds = await s.server.ctx.database.db.selectFrom('sys_credential').select('passwordHash').execute();
    expect(creds.every((c) => String(c.passwordHash).startsWith('scrypt$'))).toBe(true);
  });

  it('gives each role only its menus: no system menu for a plain user', async () => {
    const admin = await s.get(await s.login('admin'), '/get/system/myMenus');
    const adminNames = JSON.stringify(admin.body.data.menu);
    expect(adminNames).toContain('"systemUser"');
    expect(adminNames).toContain('"hrContract"');
    const staff = await s.get(await s.login('lina'), '/get/system/myMenus');
    // The permissions come with the menu, as the sign-in answers them.
    const linaPermissions = String(staff.body.data.permissions).split(',');
    expect(linaPermissions).toContain('office:OfficeVehicleApply:my');
    expect(linaPermissions).not.toContain('system:User:delete');
    const tree = staff.body.data.menu as { name: string; path: string; component: string; meta: { entity?: string }; children: unknown[] }[];
    const names: string[] = [];
    const walk = (nodes: { name: string; children: unknown[] }[]) => nodes.forEach((n) => { names.push(n.name); walk(n.children as typeof nodes); });
    walk(tree);
    expect(names).not.toContain('system');
    expect(names).not.toContain('systemUser');
    expect(names).toContain('officeVehicleApply');
    expect(names).toContain('personalMessage');
    const hr = tree.find((m) => m.name === 'hr')!;
    expect(hr.component).toBe('layout');
    expect(hr.children).toContainEqual(expect.objectContaining({ name: 'hrContract', path: '/hr/contract', component: 'entity', meta: expect.objectContaining({ entity: 'HrContract' }) }));
  });

  it('refuses a system call made directly by a plain user with 403 and writes nothing', async () => {
    const token = await s.login('lina');
    const list = await s.get(token, '/get/system/getRoleList');
    expect(list.status).toBe(403);
    const before = await s.server.ctx.database.db.selectFrom('sys_role').select('roleId').execute();
    const insert = await s.post(token, '/set/system/insertRole', { roleCode: 'hacker', roleName: 'x', dataScope: '5' });
    expect(insert.status).toBe(403);
    const after = await s.server.ctx.database.db.selectFrom('sys_role').select('roleId').execute();
    expect(after.length).toBe(before.length);
  });

  it('lets only admin sign in as another account, with that account\'s menus and permissions', async () => {
    const admin = await s.login('admin');
    const res = await s.post(admin, '/set/system/loginOtherAccount', { accountId: 'wangfang' });
    expect(res.body.code).toBe(200);
    expect(res.body.data.userInfo.accountId).toBe('wangfang');
    expect(res.body.data.permissions.split(',')).toContain('office:OfficeVehicleApply:approve');
    expect(res.body.data.permissions.split(',')).not.toContain('hr:HrContract:insert');
    const asOther = res.body.data.token as string;
    const info = await s.get(asOther, '/get/system/getUserInfo');
    expect(info.body.data).toMatchObject({ accountId: 'wangfang', loginAs: 'admin' });
    // Neither another administrator-like user nor the impersonated session may do it.
    const hr = await s.login('zhangwei');
    expect((await s.post(hr, '/set/system/loginOtherAccount', { accountId: 'lina' })).status).toBe(403);
    expect((await s.post(asOther, '/set/system/loginOtherAccount', { accountId: 'lina' })).status).toBe(403);
    const missing = await s.post(admin, '/set/system/loginOtherAccount', { accountId: 'ghost' });
    expect(missing.body.code).toBe(100);
  });

  it('answers 404 with the envelope for an unknown call, and refuses GET on a write', async () => {
    const token = await s.login('admin');
    const unknown = await s.get(token, '/get/hr/getNothingList');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(404);
    const getWrite = await s.get(token, '/set/hr/insertHrContract');
    expect(getWrite.status).toBe(404);
  });
});
