import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, deptIds, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

const LIST = '/get/hr/getHrContractList';
/**
 * The queries that build a principal and its data scope: session, user, roles, menus, its
 * department's and unit's names, the entity's data roles, a department subtree. (The list's
 * display names read users, departments and units too, by `in (…)`: those are the list's own.)
 */
const PRINCIPAL_QUERY = /"sys_session"|"sys_role"|"sys_menu"|"sys_data_role"|from "sys_user" where "userId" = |from "sys_(dept|unit)" where "(dept|unit)Id" = |with recursive/;

/**
 * Issue 11 item 8: the signed-in principal is kept per token, so a list call runs the list's
 * queries only; every change to what a principal holds shows on the very next call.
 */
describe.each(databases)('the principal cache on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let users: Record<string, DemoUser>;
  const db = () => s.server.ctx.database.db;
  const hash = (token: string) => createHash('sha256').update(token).digest('hex');
  const roleOf = async (code: string) => db().selectFrom('sys_role').select(['roleId', 'menuIds']).where('roleCode', '=', code).executeTakeFirstOrThrow();
  const buttonOf = async (permission: string) => String((await db().selectFrom('sys_menu').select('menuId')
    .where('menuType', '=', 'button').where('permission', '=', permission).executeTakeFirstOrThrow()).menuId);

  /** The SQL text of every statement the server runs while `work` runs. */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const stop = s.server.ctx.database.watch.onStatement((query) => seen.push(query.sql));
    try {
      await work();
    } finally {
      stop();
    }
    return seen;
  }
  const readsPrincipalTables = (statements: string[]) => statements.filter((q) => PRINCIPAL_QUERY.test(q));

  /** Signs in and makes two calls, the second of which must come from the cache (no session query). */
  async function cachedSignIn(accountId: string, call = LIST): Promise<string> {
    const token = await s.login(accountId);
    expect((await s.get(token, call)).body.code).toBe(200);
    const second = await statementsOf(() => s.get(token, call));
    expect(readsPrincipalTables(second)).toEqual([]);
    return token;
  }

  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  it('answers a repeated list call without the principal\'s queries', async () => {
    const token = await s.login('zhangwei');
    const first = await statementsOf(async () => expect((await s.get(token, LIST)).body.code).toBe(200));
    const second = await statementsOf(async () => expect((await s.get(token, LIST)).body.code).toBe(200));
    // Session, user, roles, menus, department, unit and the entity's data roles: read once.
    expect(readsPrincipalTables(first).length).toBeGreaterThanOrEqual(7);
    expect(readsPrincipalTables(second)).toEqual([]);
    // The list's own queries run each time.
    const listQueries = (statements: string[]) => statements.filter((q) => q.includes('"hr_contract"'));
    expect(listQueries(second)).toEqual(listQueries(first));
    // The page (a short last page needs no count: server/entity/listTotal.ts).
    expect(listQueries(second).length).toBeGreaterThanOrEqual(1);
  });

  it('shows a role losing a permission, and getting it back, on the very next call', async () => {
    const token = await cachedSignIn('zhangwei');
    const hr = await roleOf('hr');
    const listButton = await buttonOf('hr:HrContract:list');
    const without = String(hr.menuIds).split(',').filter((id) => id !== listButton);
    expect((await s.post(admin, '/set/system/updateRole', { id: hr.roleId, menuIds: without })).body.code).toBe(200);
    expect((await s.get(token, LIST)).status).toBe(403);
    expect((await s.post(admin, '/set/system/updateRole', { id: hr.roleId, menuIds: String(hr.menuIds).split(',') })).body.code).toBe(200);
    expect((await s.get(token, LIST)).body.code).toBe(200);
  });

  it('shows a menu\'s permission string changing on the very next call', async () => {
    const token = await cachedSignIn('zhangwei');
    const listButton = await buttonOf('hr:HrContract:list');
    // A direct write, as an approved security event or a hand-run SQL makes it: the database layer reports it.
    await db().updateTable('sys_menu').set({ permission: 'hr:HrContract:listElsewhere' }).where('menuId', '=', listButton).execute();
    expect((await s.get(token, LIST)).status).toBe(403);
    await db().updateTable('sys_menu').set({ permission: 'hr:HrContract:list' }).where('menuId', '=', listButton).execute();
    expect((await s.get(token, LIST)).body.code).toBe(200);
  });

  it('shows a user losing a role on the very next call', async () => {
    const token = await cachedSignIn('zhaomin');
    const staff = String((await roleOf('staff')).roleId);
    const res = await s.postJson(admin, '/set/system/updateUser', { id: users.zhaomin.userId, roleIds: [staff] });
    expect(res.body.code, res.body.message).toBe(200);
    expect((await s.get(token, LIST)).status).toBe(403);
  });

  it('ends the session of a disabled user on the very next call', async () => {
    const token = await cachedSignIn('lina', '/get/system/getUserInfo');
    expect((await s.post(admin, '/set/system/updateUser', { id: users.lina.userId, status: 0 })).body.code).toBe(200);
    expect((await s.get(token, '/get/system/getUserInfo')).status).toBe(401);
    expect((await s.post(admin, '/set/system/updateUser', { id: users.lina.userId, status: 1 })).body.code).toBe(200);
  });

  it('ends sessions on sign-out, kick and forced logout on the very next call', async () => {
    const signedOut = await cachedSignIn('zhangwei');
    expect((await s.post(signedOut, '/set/system/logout')).body.code).toBe(200);
    expect((await s.get(signedOut, LIST)).status).toBe(401);

    const kicked = await cachedSignIn('zhangwei');
    expect((await s.post(admin, '/set/system/kickSession', { sessionId: hash(kicked).slice(0, 16) })).body.data.kicked).toBe(1);
    expect((await s.get(kicked, LIST)).status).toBe(401);

    const forced = await cachedSignIn('zhangwei');
    expect((await s.post(admin, '/set/system/logoutUser', { id: users.zhangwei.userId })).body.data.ended).toBeGreaterThanOrEqual(1);
    expect((await s.get(forced, LIST)).status).toBe(401);
  });

  it('ends a login-as session with its parent, and with its own or its parent\'s expiry', async () => {
    const loginAs = async () => {
      const parent = await s.login('admin');
      const child = (await s.post(parent, '/set/system/loginOtherAccount', { accountId: 'wangfang' })).body.data.token as string;
      expect((await s.get(child, '/get/system/getUserInfo')).body.data).toMatchObject({ accountId: 'wangfang', loginAs: 'admin' });
      expect(readsPrincipalTables(await statementsOf(() => s.get(child, '/get/system/getUserInfo')))).toEqual([]);
      return { parent, child };
    };
    const signedOut = await loginAs();
    expect((await s.post(signedOut.parent, '/set/system/logout')).body.code).toBe(200);
    expect((await s.get(signedOut.child, '/get/system/getUserInfo')).status).toBe(401);

    // The parent ends by the clock, with no write at all: the cached child ends with it.
    const timed = await loginAs();
    await db().updateTable('sys_session').set({ expiresAt: Date.now() + 1500 }).where('tokenHash', '=', hash(timed.parent)).execute();
    expect((await s.get(timed.child, '/get/system/getUserInfo')).status).toBe(200);
    expect(readsPrincipalTables(await statementsOf(() => s.get(timed.child, '/get/system/getUserInfo')))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await s.get(timed.child, '/get/system/getUserInfo')).status).toBe(401);
  });

  it('refuses a cached user at once when maintenance starts', async () => {
    const token = await cachedSignIn('zhangwei');
    expect((await s.post(admin, '/set/system/setMaintenanceMode', { on: 1, message: '升级' })).body.code).toBe(200);
    try {
      expect((await s.get(token, LIST)).status).toBe(503);
      expect((await s.get(admin, '/get/system/getUserInfo')).status).toBe(200);
    } finally {
      expect((await s.post(admin, '/set/system/setMaintenanceMode', { on: 0 })).body.code).toBe(200);
    }
    expect((await s.get(token, LIST)).body.code).toBe(200);
  });

  it('applies a new data role and a department move to the cached user\'s rows on the very next call', async () => {
    const token = await cachedSignIn('zhangwei');
    const total = async () => Number((await s.get(token, LIST)).body.data.total);
    const before = await total();
    expect(before).toBeGreaterThan(0);
    // Own rows only, for this entity: fewer than the unit's.
    const own = await s.post(admin, '/set/system/insertDataRole', { entityName: 'HrContract', roleName: '只看本人', dataScope: '1', userIds: [users.zhangwei.userId] });
    expect(own.body.code, own.body.message).toBe(200);
    const owned = await total();
    expect(owned).toBeLessThan(before);
    // Department and below: moving a department under the user's own brings its rows in.
    const dataRoleId = String(own.body.data.dataRoleId);
    expect((await s.post(admin, '/set/system/updateDataRole', { id: dataRoleId, dataScope: '3' })).body.code).toBe(200);
    const subtree = await total();
    const finance = (await deptIds(s))['财务部'];
    await db().insertInto('hr_contract').values({
      contractId: 'pc-finance-1', contractNo: 'PC-1', userId: users.zhangwei.userId, contractType: 'fixed', startDate: '2026-01-01',
      endDate: '2027-01-01', amount: 1, renewFlag: 0, createUser: users.lina.userId, createDept: finance, unitId: users.zhangwei.unitId,
      createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00',
    }).execute();
    expect(await total()).toBe(subtree);
    await db().updateTable('sys_dept').set({ parentId: users.zhangwei.deptId }).where('deptId', '=', finance).execute();
    expect(await total()).toBe(subtree + 1);
    expect((await s.post(admin, '/set/system/updateDataRole', { id: dataRoleId, status: 0 })).body.code).toBe(200);
    expect(await total()).toBeGreaterThanOrEqual(before);
  });
});
