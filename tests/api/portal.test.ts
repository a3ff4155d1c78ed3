import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { postEn } from './helpers';

const databases = await databasesUnderTest();

interface Cell { widgetCode: string; title: string; x: number; y: number; w: number; h: number; settings: Record<string, unknown> }
interface MyPortal { portalId: string; portalName: string; isDefault: boolean; items: Cell[] }

/** Portals (门户): the designer's validated save, the preview's design and the desk's getMyPortals. */
describe.each(databases)('portals on $name', (database) => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  const roleIds: Record<string, string> = {};
  const db = () => s.server.ctx.database.db;

  beforeAll(async () => {
    s = await startTestServer(database);
    for (const account of ['admin', 'lina', 'yanglei', 'zhangwei']) tokens[account] = await s.login(account);
    for (const r of await db().selectFrom('sys_role').select(['roleId', 'roleCode']).execute()) roleIds[String(r.roleCode)] = String(r.roleId);
  });
  afterAll(async () => { await s.stop(); });

  const myPortals = async (account: string) => {
    const res = await s.get(tokens[account], '/get/system/getMyPortals');
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data as MyPortal[];
  };
  const newPortal = async (over: Record<string, unknown> = {}) => {
    const res = await s.post(tokens.admin, '/set/system/insertPortal', { portalName: '测试门户', enabled: 1, sort: 50, ...over });
    expect(res.body.code, res.body.message).toBe(200);
    return String(res.body.data.portalId);
  };
  const save = (portalId: string, items: unknown, token = tokens.admin) => s.postJson(token, '/set/system/savePortalLayout', { portalId, items });
  const cell = (widgetCode: string, x: number, y: number, w: number, h: number, over: Partial<Cell> = {}) => ({ widgetCode, x, y, w, h, ...over });

  it('gives staff the staff portal and the tech leader the leader portal first, with the new widgets', async () => {
    const lina = await myPortals('lina');
    expect(lina.map((p) => p.portalName)).toEqual(['员工门户']);
    expect(lina[0].items.map((i) => i.widgetCode)).toEqual(expect.arrayContaining(['notices', 'newsCarousel', 'myCalendar', 'pendingInfo', 'unreadMail', 'votesPending', 'quickLinks']));
    // Weather is switched off in the demo: left out, and the votes card takes its columns.
    expect(lina[0].items.map((i) => i.widgetCode)).not.toContain('weather');
    expect(lina[0].items.find((i) => i.widgetCode === 'votesPending')).toMatchObject({ x: 8, w: 16 });
    expect(lina[0].items.find((i) => i.widgetCode === 'notices')).toMatchObject({ title: '通知公告', settings: { count: 8 } });

    const yanglei = await myPortals('yanglei');
    expect(yanglei.map((p) => [p.portalName, p.isDefault])).toEqual([['领导门户', true], ['员工门户', false]]);
    expect(yanglei[0].items.find((i) => i.widgetCode === 'pendingInfo')?.title).toBe('待我审批');
    // The superuser holds no portal role: admin keeps the personal desk.
    expect(await myPortals('admin')).toEqual([]);
    expect((await s.get(undefined, '/get/system/getMyPortals')).status).toBe(401);
  });

  it('leaves out widgets the user may not see, disabled portals and portals of other roles', async () => {
    const hrPortal = await newPortal({ portalName: '人事门户', roleIds: [roleIds.hr] });
    expect((await save(hrPortal, [cell('recentOutings', 0, 0, 12, 6), cell('messages', 12, 0, 12, 6)])).body.code).toBe(200);
    // messages becomes an HR-only widget: lina would not see it even if a portal of hers held it.
    await db().updateTable('sys_desk_config').set({ roleIds: roleIds.hr }).where('widgetCode', '=', 'messages').execute();
    try {
      const zhangwei = await myPortals('zhangwei');
      expect(zhangwei.map((p) => p.portalName)).toEqual(['员工门户', '人事门户']);
      expect(zhangwei[1].items.map((i) => i.widgetCode)).toEqual(['recentOutings', 'messages']);
      expect((await myPortals('lina')).map((p) => p.portalName)).toEqual(['员工门户']);

      const forAll = await newPortal({ portalName: '全员门户' });
      expect((await save(forAll, [cell('messages', 0, 0, 12, 6), cell('recentOutings', 12, 0, 12, 6)])).body.code).toBe(200);
      const lina = (await myPortals('lina')).find((p) => p.portalName === '全员门户');
      // messages is not hers: left out, and recentOutings widens over its columns.
      expect(lina?.items).toEqual([expect.objectContaining({ widgetCode: 'recentOutings', x: 0, w: 24 })]);
      expect((await s.post(tokens.admin, '/set/system/updatePortal', { portalId: forAll, enabled: 0 })).body.code).toBe(200);
      expect((await myPortals('lina')).map((p) => p.portalName)).toEqual(['员工门户']);
    } finally {
      await db().updateTable('sys_desk_config').set({ roleIds: null }).where('widgetCode', '=', 'messages').execute();
    }
  });

  it('saves a designed layout and answers it to the designer, replacing the earlier one', async () => {
    const portalId = await newPortal();
    const first = await save(portalId, [cell('notices', 0, 0, 12, 6, { title: '公司公告', settings: { count: 5 } }), cell('unreadMail', 12, 0, 12, 6)]);
    expect(first.body.code, first.body.message).toBe(200);
    expect((await save(portalId, [cell('notices', 0, 0, 24, 6, { title: '公司公告' }), cell('votesPending', 0, 6, 8, 4)])).body.code).toBe(200);
    const design = await s.get(tokens.admin, '/get/system/getPortalDesign', { portalId });
    expect(design.body.code, design.body.message).toBe(200);
    expect(design.body.data.items.map((i: Cell) => [i.widgetCode, i.title, i.x, i.y, i.w, i.h])).toEqual([['notices', '公司公告', 0, 0, 24, 6], ['votesPending', '', 0, 6, 8, 4]]);
    expect(design.body.data.palette.map((p: { widgetCode: string }) => p.widgetCode)).toEqual(expect.arrayContaining(['notices', 'newsCarousel', 'myCalendar', 'unreadMail', 'votesPending', 'quickLinks', 'pendingInfo']));
    const rows = await db().selectFrom('sys_portal_item').select('widgetCode').where('portalId', '=', portalId).execute();
    expect(rows.map((r) => r.widgetCode).sort()).toEqual(['notices', 'votesPending']);
    const log = await db().selectFrom('sys_operation_log').select('recordId').where('recordId', '=', portalId).execute();
    expect(log.length).toBeGreaterThanOrEqual(3);

    // Deleting the portal takes its placed widgets with it.
    expect((await s.post(tokens.admin, '/set/system/deletePortal', { id: portalId })).body.code).toBe(200);
    expect(await db().selectFrom('sys_portal_item').select('itemId').where('portalId', '=', portalId).execute()).toEqual([]);
  });

  it('refuses an unknown widget, an overlap, a cell beyond the grid, a repeated widget and too many, storing nothing', async () => {
    const portalId = await newPortal();
    expect((await save(portalId, [cell('notices', 0, 0, 12, 6)])).body.code).toBe(200);
    const refusals: [unknown, string][] = [
      [[cell('salesFunnel', 0, 0, 12, 6)], '未知的组件编码“salesFunnel”，请先在“桌面配置”中登记该组件'],
      [[cell('notices', 0, 0, 12, 6), cell('unreadMail', 6, 3, 12, 6)], '组件“unreadMail”与“notices”位置重叠'],
      [[cell('notices', 16, 0, 12, 6)], '组件“notices”超出了 24 列的栅格'],
      [[cell('notices', 0, 0, 12, 6), cell('notices', 12, 0, 12, 6)], '组件“notices”在同一门户中只能放置一次'],
      [[cell('notices', -1, 0, 12, 6)], '第 1 个组件的 x 应为 0 至 23 之间的整数'],
      [[cell('notices', 0, 0, 12, 6, { settings: [1] as never })], '第 1 个组件的设置格式不正确，应为对象'],
      ['{not json', '门户布局格式不正确，应为组件列表'],
      [Array.from({ length: 31 }, (_, i) => cell('notices', 0, i, 1, 1)), '一个门户最多放置 30 个组件'],
    ];
    for (const [items, message] of refusals) {
      const res = await save(portalId, items);
      expect(res.status).toBe(200);
      expect(res.body.code, message).toBe(100);
      expect(res.body.message).toBe(message);
    }
    const en = await postEn(s, tokens.admin, '/set/system/savePortalLayout', { portalId, items: JSON.stringify([cell('notices', 20, 0, 8, 6)]) });
    expect(en.body.message).toBe('Widget "notices" reaches beyond the 24-column grid');
    const rows = await db().selectFrom('sys_portal_item').select(['widgetCode', 'w']).where('portalId', '=', portalId).execute();
    expect(rows.map((r) => [r.widgetCode, Number(r.w)])).toEqual([['notices', 12]]);
    expect((await save('no-such-portal', [])).body.message).toBe('门户不存在或已被删除');
  });

  it('stores the settings each widget declares and answers them to the desk', async () => {
    const portalId = await newPortal({ portalName: '设置门户', roleIds: [roleIds.staff] });
    const items = [
      cell('notices', 0, 0, 12, 6, { settings: { count: 3, noticeType: 'rules' } }),
      // Text and numbers as a form may send them; a blank choice means "all" and is not stored.
      cell('newsCarousel', 12, 0, 12, 6, { settings: { count: '2', newsType: '' } }),
      cell('myCalendar', 0, 6, 12, 6, { settings: { days: 5 } }),
      cell('pendingInfo', 12, 6, 12, 6, { settings: { processKey: 'leave', records: false } }),
      cell('quickLinks', 0, 12, 24, 4, { settings: {} }),
    ];
    const saved = await save(portalId, items);
    expect(saved.body.code, saved.body.message).toBe(200);
    const design = await s.get(tokens.admin, '/get/system/getPortalDesign', { portalId });
    const settingsOf = (list: Cell[]) => Object.fromEntries(list.map((i) => [i.widgetCode, i.settings]));
    const expected = { notices: { count: 3, noticeType: 'rules' }, newsCarousel: { count: 2 }, myCalendar: { days: 5 }, pendingInfo: { processKey: 'leave', records: false }, quickLinks: {} };
    expect(settingsOf(design.body.data.items)).toEqual(expected);
    const lina = (await myPortals('lina')).find((p) => p.portalId === portalId);
    expect(settingsOf(lina!.items)).toEqual(expected);

    // A key a widget no longer reads (a row written before its declaration changed) is not answered.
    await db().updateTable('sys_portal_item').set({ settings: JSON.stringify({ count: 4, colour: 'red' }) })
      .where('portalId', '=', portalId).where('widgetCode', '=', 'notices').execute();
    expect((await myPortals('lina')).find((p) => p.portalId === portalId)!.items.find((i) => i.widgetCode === 'notices')!.settings).toEqual({ count: 4 });
  });

  it('refuses settings a widget does not declare, out of bounds or naming nothing', async () => {
    const portalId = await newPortal();
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ count: 0 }, 'notices', '组件“notices”的“显示条数”应为 1 至 20 之间的整数'],
      [{ count: 21 }, 'notices', '组件“notices”的“显示条数”应为 1 至 20 之间的整数'],
      [{ count: 2.5 }, 'unreadMail', '组件“unreadMail”的“显示条数”应为 1 至 20 之间的整数'],
      [{ days: 8 }, 'myCalendar', '组件“myCalendar”的“显示天数”应为 1 至 7 之间的整数'],
      [{ colour: 'red' }, 'notices', '组件“notices”没有设置项“colour”'],
      [{ count: 3 }, 'quickLinks', '组件“quickLinks”没有可设置的项'],
      [{ noticeType: { a: 1 } }, 'notices', '组件“notices”的“通知类型”取值不正确'],
      [{ records: 'yes' }, 'pendingInfo', '组件“pendingInfo”的“显示各模块待处理记录”取值不正确'],
      [{ noticeType: 'gossip' }, 'notices', '组件“notices”的“通知类型”没有“gossip”这一项'],
      [{ processKey: 'noSuchProcess' }, 'pendingInfo', '组件“pendingInfo”的“只显示此流程的待办”没有“noSuchProcess”这一项'],
    ];
    for (const [settings, code, message] of refusals) {
      const res = await save(portalId, [cell(code, 0, 0, 12, 6, { settings })]);
      expect(res.body.code, message).toBe(100);
      expect(res.body.message).toBe(message);
    }
    const en = await postEn(s, tokens.admin, '/set/system/savePortalLayout', { portalId, items: JSON.stringify([cell('notices', 0, 0, 12, 6, { settings: { count: 30 } })]) });
    expect(en.body.message).toBe('The "Rows shown" of widget "notices" must be a whole number from 1 to 20');
    expect(await db().selectFrom('sys_portal_item').select('itemId').where('portalId', '=', portalId).execute()).toEqual([]);
  });

  it('filters the widgets\' data calls by the settings they pass', async () => {
    // newsCarousel: count and newsType go to getDeskNewsPictures.
    const all = await s.get(tokens.lina, '/get/info/getDeskNewsPictures', { count: 10 });
    expect(all.body.code, all.body.message).toBe(200);
    const pictures = all.body.data as { newsType: string }[];
    expect(pictures.length).toBeGreaterThan(1);
    expect((await s.get(tokens.lina, '/get/info/getDeskNewsPictures', { count: 1 })).body.data).toHaveLength(1);
    const type = pictures[0].newsType;
    const ofType = (await s.get(tokens.lina, '/get/info/getDeskNewsPictures', { count: 10, newsType: type })).body.data as { newsType: string }[];
    expect(ofType.length).toBe(pictures.filter((p) => p.newsType === type).length);
    expect(ofType.every((p) => p.newsType === type)).toBe(true);
    expect((await s.get(tokens.lina, '/get/info/getDeskNewsPictures', { count: 11 })).body.code).toBe(100);

    // notices: noticeType goes to getMyNoticeList.
    const notices = (await s.get(tokens.lina, '/get/info/getMyNoticeList', { pageSize: 100 })).body.data.list as { noticeType: string }[];
    // More than one: the desk's browser test sees a count of one take effect.
    expect(notices.length).toBeGreaterThan(1);
    const noticeType = notices[0].noticeType;
    const typed = (await s.get(tokens.lina, '/get/info/getMyNoticeList', { pageSize: 100, noticeType })).body.data.list as { noticeType: string }[];
    expect(typed.length).toBe(notices.filter((n) => n.noticeType === noticeType).length);

    // pendingInfo: processKey goes to getMyTodoList.
    const pending = await db().selectFrom('bpm_task').innerJoin('sys_user', 'sys_user.userId', 'bpm_task.assignee')
      .select(['sys_user.accountId', 'bpm_task.processKey']).where('bpm_task.box', '=', 'todo').where('bpm_task.status', '=', 'pending').execute();
    expect(pending.length).toBeGreaterThan(0);
    const account = String(pending[0].accountId);
    const token = tokens[account] ?? await s.login(account);
    const keys = pending.filter((p) => p.accountId === account).map((p) => String(p.processKey));
    const todo = async (params: Record<string, unknown>) => (await s.get(token, '/get/bpm/getMyTodoList', { pageSize: 100, ...params })).body.data as { total: number; list: { processKey: string }[] };
    expect((await todo({})).total).toBe(keys.length);
    const one = await todo({ processKey: keys[0] });
    expect(one.total).toBe(keys.filter((k) => k === keys[0]).length);
    expect(one.list.every((row) => row.processKey === keys[0])).toBe(true);
    expect((await todo({ processKey: 'noSuchProcess' })).total).toBe(0);
  });

  it('lets only those holding the portal permissions design or preview', async () => {
    const portalId = await newPortal();
    expect((await save(portalId, [], tokens.lina)).status).toBe(403);
    expect((await s.get(tokens.lina, '/get/system/getPortalDesign', { portalId })).status).toBe(403);
    // Placed widgets are written by the designer alone: the generic insert does not exist.
    expect((await s.postJson(tokens.admin, '/set/system/insertPortalItem', { portalId, widgetCode: 'notices', x: 0, y: 0, w: 12, h: 6 })).status).toBe(404);
  });
});
