import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyShortcut } from '../../runtime/core/menu';
import { insertNewRow } from '../../server/entity/insertNewRow';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();


/** The demo shortcuts every member of staff may open: the two office pages, the messages, and an outside site. */
const STAFF_DEMO = ['用车申请', '外出登记', '我的消息', '国家政务服务平台'];

describe.each(databases)('the desk\'s configured shortcuts (getMyShortcuts) on $name', (database) => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  const roleIds: Record<string, string> = {};
  const db = () => s.server.ctx.database.db;

  beforeAll(async () => {
    s = await startTestServer(database);
    for (const account of ['admin', 'lina', 'wangfang', 'zhangwei', 'secadmin']) tokens[account] = await s.login(account);
    for (const r of await db().selectFrom('sys_role').select(['roleId', 'roleCode']).execute()) roleIds[String(r.roleCode)] = String(r.roleId);
  });
  afterAll(async () => { await s.stop(); });

  const shortcuts = async (account: string): Promise<MyShortcut[]> => {
    const res = await s.get(tokens[account], '/get/system/getMyShortcuts');
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data as MyShortcut[];
  };
  const titles = async (account: string) => (await shortcuts(account)).map((c) => c.title);
  const insert = async (values: Record<string, unknown>): Promise<string> => {
    const res = await s.post(tokens.admin, '/set/system/insertShortcut', { openMode: 'self', ...values });
    expect(res.body.code, res.body.message).toBe(200);
    return String(res.body.data.shortcutId);
  };

  it('answers 401 without a session', async () => {
    const res = await s.get(undefined, '/get/system/getMyShortcuts');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });

  describe('the demo shortcuts', () => {
    it('gives staff the shortcuts meant for everyone, in the configured order', async () => {
      expect(await titles('lina')).toEqual(STAFF_DEMO);
      expect(await titles('wangfang')).toEqual(STAFF_DEMO);
    });

    it('adds the contracts for HR, and the contracts and the users for the administrator', async () => {
      expect(await titles('zhangwei')).toEqual(['用车申请', '外出登记', '我的消息', '合同管理', '国家政务服务平台']);
      expect(await titles('admin')).toEqual(['用车申请', '外出登记', '我的消息', '合同管理', '用户管理', '国家政务服务平台']);
    });

    it('leaves out the pages the user\'s menu does not open, and keeps the outside link', async () => {
      // The security administrator reads messages but applies for no car and registers no outing.
      expect(await titles('secadmin')).toEqual(['我的消息', '国家政务服务平台']);
    });

    it('answers id, title, icon, path and open mode — never the roles a shortcut is meant for', async () => {
      const stored = await db().selectFrom('sys_shortcut').select(['shortcutId', 'title']).execute();
      // The seeded titles are language-pack keys; the answer reads them in the caller's language.
      const idOf = Object.fromEntries(stored.map((r) => [String(r.title), String(r.shortcutId)]));
      const answer = await shortcuts('zhangwei');
      for (const shortcut of answer) expect(Object.keys(shortcut).sort()).toEqual(['icon', 'openMode', 'path', 'shortcutId', 'title']);
      expect(answer.find((c) => c.title === '合同管理')).toEqual({
        shortcutId: idOf['shortcut.contracts'], title: '合同管理', icon: 'FileProtectOutlined', path: '/hr/contract', openMode: 'self',
      });
      expect(answer.find((c) => c.title === '国家政务服务平台')).toEqual({
        shortcutId: idOf['shortcut.govService'], title: '国家政务服务平台', icon: 'GlobalOutlined', path: 'https://gjzwfw.www.gov.cn', openMode: 'blank',
      });
      const raw = JSON.stringify((await s.get(tokens.admin, '/get/system/getMyShortcuts')).body);
      expect(raw).not.toContain('roleIds');
      expect(raw).not.toContain(roleIds.hr);
    });
  });

  describe('shortcuts an administrator adds', () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      ids.dispatch = await insert({ title: '调度看板', icon: 'CarOutlined', path: '/office/vehicle/apply?status=applied', sort: 20, roleIds: [roleIds.dispatcher] });
      ids.off = await insert({ title: '停用入口', icon: 'LinkOutlined', path: '/personal/message', sort: 20, enabled: 0 });
      ids.roles = await insert({ title: '角色管理', icon: 'TeamOutlined', path: '/system/role', sort: 21 });
      ids.wiki = await insert({ title: '内部知识库', path: 'http://wiki.example.cn/oa', sort: 22 });
      ids.contractDetails = await insert({ title: '合同详情', path: '/hr/contract/details?id=none', sort: 23 });
      ids.noSuchPage = await insert({ title: '不存在的页面', path: '/hr/contractx', sort: 23 });
      ids.newTab = await insert({ title: '新窗口消息', icon: 'BellOutlined', path: '/personal/message/', openMode: 'blank', sort: 24 });
      // Same sort: ordered by title (乙 yǐ after 甲 jiǎ, although 乙 comes first in Unicode).
      ids.yi = await insert({ title: '乙入口', path: 'https://yi.example.cn', sort: 30 });
      ids.jia = await insert({ title: '甲入口', path: 'https://jia.example.cn', sort: 30 });
      // The one HR-only shortcut the superuser is not listed on.
      ids.hrOnly = await insert({ title: '人事报表', path: '/hr/contract', sort: 31, roleIds: [roleIds.hr] });
    });

    it('shows a shortcut to the users of its roles alone — the superuser is no exception', async () => {
      expect(await titles('wangfang')).toContain('调度看板');
      expect(await titles('lina')).not.toContain('调度看板');
      expect(await titles('zhangwei')).toContain('人事报表');
      expect(await titles('admin')).not.toContain('人事报表');
      expect(await titles('admin')).not.toContain('调度看板');
    });

    it('hides a disabled shortcut, and shows it once it is enabled again', async () => {
      for (const account of ['admin', 'lina', 'zhangwei']) expect(await titles(account)).not.toContain('停用入口');
      const on = await s.post(tokens.admin, '/set/system/updateShortcut', { shortcutId: ids.off, enabled: 1 });
      expect(on.body.code, on.body.message).toBe(200);
      expect(await titles('lina')).toContain('停用入口');
      const off = await s.post(tokens.admin, '/set/system/updateShortcut', { shortcutId: ids.off, enabled: 0 });
      expect(off.body.code, off.body.message).toBe(200);
      expect(await titles('lina')).not.toContain('停用入口');
    });

    it('drops an in-app page the user cannot open and keeps the external links, in sort then title order', async () => {
      const lina = await shortcuts('lina');
      expect(lina.map((c) => c.title)).toEqual([...STAFF_DEMO, '内部知识库', '合同详情', '新窗口消息', '甲入口', '乙入口']);
      expect(lina.find((c) => c.title === '内部知识库')).toEqual({ shortcutId: ids.wiki, title: '内部知识库', icon: null, path: 'http://wiki.example.cn/oa', openMode: 'self' });
      expect(lina.find((c) => c.title === '新窗口消息')).toMatchObject({ path: '/personal/message/', openMode: 'blank' });
      // The administrator opens the role screen; a path no menu entry has is nobody's.
      const admin = await titles('admin');
      expect(admin).toContain('角色管理');
      expect(admin).toContain('合同详情');
      expect(admin).not.toContain('不存在的页面');
      // Only the outside links reach the security administrator, besides the messages.
      expect(await titles('secadmin')).toEqual(['我的消息', '国家政务服务平台', '内部知识库', '新窗口消息', '甲入口', '乙入口']);
    });

    it('keeps the query of a page the user opens', async () => {
      expect((await shortcuts('wangfang')).find((c) => c.title === '调度看板')).toMatchObject({ shortcutId: ids.dispatch, path: '/office/vehicle/apply?status=applied' });
    });

    it('leaves out a path written around the screen\'s rule, and applies to every unit like the desk configuration', async () => {
      const { ctx } = s.server;
      const entity = ctx.registry.entities.get('Shortcut')!;
      const other = { userId: '', deptId: '', unitId: 'another-unit' };
      for (const [title, path] of [['脚本链接', 'javascript:alert(1)'], ['协议相对链接', '//evil.example.cn/page'], ['反斜杠链接', '/\\evil.example.cn']]) {
        await insertNewRow(ctx, db(), entity, { title, path, openMode: 'self', sort: 40, enabled: 1 }, other);
      }
      await insertNewRow(ctx, db(), entity, { title: '他单位入口', path: '/personal/message', openMode: 'self', sort: 41, enabled: 1 }, other);
      const lina = await titles('lina');
      for (const title of ['脚本链接', '协议相对链接', '反斜杠链接']) expect(lina).not.toContain(title);
      expect(lina.at(-1)).toBe('他单位入口');
    });
  });
});
