import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();

/**
 * Issue 12 (7): the details of 系统管理员 showed an empty menu tree, since the superuser role
 * stores no menus and holds them all but the separated duties. Its by-id answer says what it
 * holds (`$held.menuIds`, as the tree stores a choice: the fully held nodes); the stored value
 * stays as it is, and other roles answer what they store.
 */
describe.each(databases)('the superuser role\'s menus on $name', (database) => {
  let s: TestServer;
  let admin: string;
  const db = () => s.server.ctx.database.db;
  const roleId = async (code: string) => String((await db().selectFrom('sys_role').select('roleId').where('roleCode', '=', code).executeTakeFirstOrThrow()).roleId);
  const menuId = async (name: string) => String((await db().selectFrom('sys_menu').select('menuId').where('name', '=', name).executeTakeFirstOrThrow()).menuId);
  const button = async (permission: string) => String((await db().selectFrom('sys_menu').select('menuId')
    .where('menuType', '=', 'button').where('permission', '=', permission).executeTakeFirstOrThrow()).menuId);

  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
  });
  afterAll(async () => { await s.stop(); });

  it('answers every menu and button of the superuser role but the separated duties, leaving the stored value alone', async () => {
    const answer = await s.get(admin, '/get/system/getRoleById', { id: await roleId('admin') });
    expect(answer.body.code, answer.body.message).toBe(200);
    const role = answer.body.data;
    expect(role.menuIds ?? '').toBe('');
    expect(role.$held.menuIds.note).toBe('entity.Role.superUserMenus');
    const held = new Set(String(role.$held.menuIds.value).split(','));
    // Pages, their buttons and a directory all of whose entries it holds.
    for (const name of ['systemUser', 'hrContract', 'personal']) expect(held.has(await menuId(name)), name).toBe(true);
    expect(held.has(await button('system:User:insert'))).toBe(true);
    // The audit log is a separated duty: neither the page nor its buttons, and 系统管理 above it is not wholly held.
    expect(held.has(await menuId('systemOperationLog'))).toBe(false);
    expect(held.has(await button('system:SysOperationLog:list'))).toBe(false);
    expect(held.has(await menuId('system'))).toBe(false);
  });

  it('answers another role as stored', async () => {
    const hr = await roleId('hr');
    const answer = await s.get(admin, '/get/system/getRoleById', { id: hr });
    expect(answer.body.code, answer.body.message).toBe(200);
    expect(answer.body.data.$held).toBeUndefined();
    const stored = (await db().selectFrom('sys_role').select('menuIds').where('roleId', '=', hr).executeTakeFirstOrThrow()).menuIds;
    expect(answer.body.data.menuIds).toBe(stored);
  });
});
