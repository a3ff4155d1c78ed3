import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * 综合信息 and 服务与反馈 beyond plain CRUD (server/modules/infohub, server/modules/service): personal
 * address books, bookmarks and notes (the superuser included), shared contacts and the colleague
 * directory, open information's reader users, leaders' public activities, the chronicle's JSON post,
 * feedback replies, the demand log, and the desk statistics.
 */
describe.each(databases)('information services and feedback, on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let lina: string; // staff
  let liuyang: string; // staff
  let chenjing: string; // staff
  let huangqiang: string; // infohubAdmin
  let wuting: string; // serviceAdmin
  let users: Record<string, DemoUser>;
  const ids = (rows: Record<string, unknown>[], key: string) => rows.map((r) => String(r[key]));

  beforeAll(async () => {
    s = await startTestServer(database);
    [admin, lina, liuyang, chenjing, huangqiang, wuting] = await Promise.all(
      ['admin', 'lina', 'liuyang', 'chenjing', 'huangqiang', 'wuting'].map((a) => s.login(a)));
    users = await demoUsers(s);
  }, 300_000); // the first start of PostgreSQL's seeded template takes minutes on a loaded machine
  afterAll(async () => { await s?.stop(); });

  it('keeps address-book entries, bookmarks and notes their owner\'s alone, the superuser included; shared contacts reach the unit', async () => {
    const mine = await s.post(lina, '/set/info/insertAddressBook', { name: '私人联系人', mobile: '13912345678', shared: 0 });
    expect(mine.body.code, mine.body.message).toBe(200);
    const shared = await s.post(lina, '/set/info/insertAddressBook', { name: '共享联系人', company: '测试公司', shared: 1 });
    expect(shared.body.code, shared.body.message).toBe(200);
    for (const token of [admin, liuyang]) {
      const list = await s.get(token, '/get/info/getAddressBookList', { pageSize: 100 });
      expect(ids(list.body.data.list, 'bookId')).not.toContain(mine.body.data.bookId);
      expect((await s.get(token, '/get/info/getAddressBookById', { id: mine.body.data.bookId })).status).not.toBe(200);
      expect((await s.post(token, '/set/info/deleteAddressBook', { id: mine.body.data.bookId })).status).not.toBe(200);
    }
    const sharedList = await s.get(liuyang, '/get/info/getSharedAddressBookList', { pageSize: 100 });
    expect(sharedList.body.code, sharedList.body.message).toBe(200);
    const sharedIds = ids(sharedList.body.data.list, 'bookId');
    expect(sharedIds).toContain(shared.body.data.bookId);
    expect(sharedIds).not.toContain(mine.body.data.bookId);
    expect(sharedList.body.data.list.every((r: any) => r.shared === 1 || r.shared === true)).toBe(true);

    const note = await s.post(lina, '/set/info/insertStickyNote', { content: '只有我能看到', color: 'blue' });
    expect(note.body.code, note.body.message).toBe(200);
    expect((await s.get(admin, '/get/info/getStickyNoteById', { id: note.body.data.noteId })).status).not.toBe(200);
    expect(ids((await s.get(admin, '/get/info/getStickyNoteList', { pageSize: 100 })).body.data.list, 'noteId')).not.toContain(note.body.data.noteId);
  });

  it('gets and replaces one\'s bookmarks as a whole, checking every link, and never touches another user\'s', async () => {
    const before = await s.get(liuyang, '/get/info/getMyBookmarks');
    expect(before.body.code).toBe(200);
    expect(before.body.data.length).toBeGreaterThan(0);
    const linaBefore = (await s.get(lina, '/get/info/getMyBookmarks')).body.data.length;
    const bad = await s.postJson(liuyang, '/set/info/setMyBookmarks', { bookmarks: [{ title: '好的', url: 'https://example.com' }, { title: '坏的', url: 'javascript:alert(1)' }] });
    expect(bad.body.code).toBe(100);
    expect((await s.get(liuyang, '/get/info/getMyBookmarks')).body.data.length).toBe(before.body.data.length);
    expect((await s.postJson(liuyang, '/set/info/setMyBookmarks', { bookmarks: 'x' })).body.code).toBe(100);
    const set = await s.postJson(liuyang, '/set/info/setMyBookmarks', { bookmarks: [{ title: '工作台', url: '/dashboard' }, { title: 'Kysely', url: 'https://kysely.dev' }] });
    expect(set.body.code, set.body.message).toBe(200);
    expect(set.body.data.map((b: any) => b.title)).toEqual(['工作台', 'Kysely']);
    expect((await s.get(lina, '/get/info/getMyBookmarks')).body.data.length).toBe(linaBefore);
  });

  it('lists the unit\'s colleagues by level, highest level first, with department, phone and e-mail', async () => {
    const res = await s.get(lina, '/get/info/getColleagueListByLevel');
    expect(res.body.code, res.body.message).toBe(200);
    const groups = res.body.data as { levelName: string | null; levelNo: number | null; users: { userName: string; deptName: string; phone: string }[] }[];
    const numbered = groups.filter((g) => g.levelNo !== null).map((g) => g.levelNo as number);
    expect(numbered).toEqual([...numbered].sort((a, b) => a - b));
    const yanglei = groups.flatMap((g) => g.users.map((u) => ({ ...u, level: g.levelName }))).find((u) => u.userName === '杨磊');
    expect(yanglei).toMatchObject({ deptName: '技术研发部', phone: '13800000006', level: '高级总监' });
    expect(groups.at(-1)?.levelNo ?? null).toBeNull(); // the users no level names come last
    expect((await s.get(lina, '/get/info/getColleagueListByLevel', { keyword: '杨磊' })).body.data.flatMap((g: any) => g.users).length).toBe(1);
  });

  it('shows an open-info item to the whole unit, a restricted one to its readers only, and sets the readers', async () => {
    const res = await s.post(huangqiang, '/set/info/insertOpenInfo', { title: '仅限财务的公开信息', category: 'finance', content: '<p>内部预算</p>', publishTime: '2026-11-25 09:00', openToAll: 0, readers: users.chenjing.userId });
    expect(res.body.code, res.body.message).toBe(200);
    const id = res.body.data.openInfoId;
    const readable = async (token: string) => ids((await s.get(token, '/get/info/getMyOpenInfoList', { pageSize: 100 })).body.data.list, 'openInfoId').includes(id);
    expect(await readable(chenjing)).toBe(true);
    expect(await readable(lina)).toBe(false);
    expect((await s.get(chenjing, '/get/info/getOpenInfoById', { id })).body.code).toBe(200);
    expect((await s.get(lina, '/get/info/getOpenInfoById', { id })).status).toBe(403);
    // An item open to all is read by every staff member, list and by id.
    const open = (await s.get(huangqiang, '/get/info/getOpenInfoList', { pageSize: 100 })).body.data.list.find((r: any) => r.openToAll === 1 || r.openToAll === true);
    expect(open).toBeTruthy();
    expect((await s.get(lina, '/get/info/getOpenInfoById', { id: open.openInfoId })).body.code).toBe(200);
    // Staff cannot set readers; the administrator can, and an empty list opens the item to all.
    expect((await s.postJson(lina, '/set/info/setOpenInfoReaders', { id, readers: [users.lina.userId] })).status).toBe(403);
    const moved = await s.postJson(huangqiang, '/set/info/setOpenInfoReaders', { id, readers: [users.lina.userId] });
    expect(moved.body.code, moved.body.message).toBe(200);
    expect(await readable(lina)).toBe(true);
    expect(await readable(chenjing)).toBe(false);
    expect((await s.postJson(huangqiang, '/set/info/setOpenInfoReaders', { id, readers: ['no-such-user'] })).body.code).toBe(100);
    expect((await s.postJson(huangqiang, '/set/info/setOpenInfoReaders', { id, readers: [] })).body.data.openToAll).toBeTruthy();
    expect(await readable(chenjing)).toBe(true);
  });

  it('shows a leader\'s public activities to the unit and the others to the leader alone', async () => {
    const add = async (title: string, isPublic: number) => {
      const r = await s.post(huangqiang, '/set/info/insertLeaderActivity', { leader: users.yanglei.userId, title, startTime: '2026-12-01 09:00', endTime: '2026-12-01 10:00', isPublic });
      expect(r.body.code, r.body.message).toBe(200);
      return r.body.data.activityId as string;
    };
    const publicId = await add('公开活动', 1);
    const privateId = await add('内部洽谈', 0);
    const yanglei = await s.login('yanglei');
    const listed = async (token: string) => ids((await s.get(token, '/get/info/getMyLeaderActivityList', { pageSize: 100 })).body.data.list, 'activityId');
    expect(await listed(lina)).toContain(publicId);
    expect(await listed(lina)).not.toContain(privateId);
    expect(await listed(yanglei)).toEqual(expect.arrayContaining([publicId, privateId]));
    expect((await s.get(lina, '/get/info/getLeaderActivityById', { id: privateId })).status).toBe(403);
    expect((await s.post(lina, '/set/info/updateLeaderActivity', { activityId: publicId, title: '改了' })).status).toBe(403);
  });

  it('posts the chronicle as a JSON array, all items or none, naming the refused item', async () => {
    const count = async () => (await s.get(huangqiang, '/get/info/getBigStoryList', { pageSize: 1 })).body.data.total;
    const before = await count();
    const bad = await s.postJson(huangqiang, '/set/info/insertBigStoryByJson', { stories: [{ storyDate: '2026-11-01', title: '第一件' }, { storyDate: '不是日期', title: '第二件' }] });
    expect(bad.body.code).toBe(100);
    expect(bad.body.message).toContain('第 2 条');
    expect((await postEn(s, huangqiang, '/set/info/insertBigStoryByJson', { stories: [{ title: '无日期' }] })).body.message).toContain('Item 1');
    expect(await count()).toBe(before);
    expect((await s.postJson(huangqiang, '/set/info/insertBigStoryByJson', { stories: [] })).body.code).toBe(100);
    expect((await s.postJson(huangqiang, '/set/info/insertBigStoryByJson', { stories: [{}, 'x'] })).body.code).toBe(100);
    expect((await s.postJson(lina, '/set/info/insertBigStoryByJson', { stories: [{ storyDate: '2026-11-01', title: '越权' }] })).status).toBe(403);
    const ok = await s.postJson(huangqiang, '/set/info/insertBigStoryByJson', { stories: [{ storyDate: '2026-11-20', title: '二期需求评审', content: '完成评审' }, { storyDate: '2026-11-21', title: '二期开发启动' }] });
    expect(ok.body.code, ok.body.message).toBe(200);
    expect(ok.body.data.count).toBe(2);
    expect(await count()).toBe(before + 2);
    // Staff read the chronicle (the reader role), never write it.
    expect((await s.get(lina, '/get/info/getMyBigStoryList', { pageSize: 100 })).body.data.total).toBe(before + 2);
  });

  it('shows the feedback reply, its replier and time, to the submitter', async () => {
    const res = await s.post(lina, '/set/service/insertFeedback', { feedbackType: 'suggestion', content: '希望增加深色主题' });
    expect(res.body.code, res.body.message).toBe(200);
    const id = res.body.data.feedbackId;
    expect((await s.post(lina, '/set/service/replyFeedback', { id, replyContent: '自己回复' })).status).toBe(403);
    expect((await s.post(wuting, '/set/service/replyFeedback', { id, replyContent: '  ' })).body.code).toBe(100);
    const replied = await s.post(wuting, '/set/service/replyFeedback', { id, replyContent: '已排入 12 月版本' });
    expect(replied.body.code, replied.body.message).toBe(200);
    const mine = (await s.get(lina, '/get/service/getMyFeedbackList', { pageSize: 100 })).body.data.list.find((r: any) => r.feedbackId === id);
    expect(mine).toMatchObject({ status: 'replied', replyContent: '已排入 12 月版本', replier: users.wuting.userId, replierName: '吴婷' });
    expect(mine.replyTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(ids((await s.get(liuyang, '/get/service/getMyFeedbackList', { pageSize: 100 })).body.data.list, 'feedbackId')).not.toContain(id);
  });

  it('counts demand views and logs every view and status change in the same transaction', async () => {
    const res = await s.post(lina, '/set/service/insertDemandInfo', { title: '需要一台测试手机', demandType: 'purchase', content: '用于移动端兼容测试', contact: '李娜' });
    expect(res.body.code, res.body.message).toBe(200);
    const id = res.body.data.demandId;
    expect(res.body.data.demandStatus).toBe('open');
    for (let i = 0; i < 2; i += 1) expect((await s.get(lina, '/get/service/getDemandInfoDetail', { id })).body.code).toBe(200);
    expect((await s.get(wuting, '/get/service/getDemandInfoDetail', { id })).body.data.viewCount).toBe(3);
    expect((await s.get(liuyang, '/get/service/getDemandInfoDetail', { id })).status).toBe(403);
    expect((await s.post(liuyang, '/set/service/updateDemandStatus', { id, status: 'done' })).status).toBe(403);
    expect((await s.post(wuting, '/set/service/updateDemandStatus', { id, status: 'nonsense' })).body.code).toBe(100);
    expect((await s.post(wuting, '/set/service/updateDemandStatus', { id, status: 'open' })).body.code).toBe(100);
    const changed = await s.post(wuting, '/set/service/updateDemandStatus', { id, status: 'processing', remark: '已联系采购' });
    expect(changed.body.code, changed.body.message).toBe(200);
    expect(changed.body.data.demandStatus).toBe('processing');
    expect((await s.post(lina, '/set/service/updateDemandStatus', { id, status: 'done' })).body.data.demandStatus).toBe('done');
    const log = await s.server.ctx.database.db.selectFrom('service_demand_log').selectAll().where('demand', '=', id).orderBy('createTime').execute();
    expect(log.filter((l) => l.action === 'view')).toHaveLength(3);
    expect(log.filter((l) => l.action === 'status').map((l) => [l.fromStatus, l.toStatus, l.operator])).toEqual([
      ['open', 'processing', users.wuting.userId], ['processing', 'done', users.lina.userId],
    ]);
    // The log is read-only: no insert call exists.
    expect((await s.post(wuting, '/set/service/insertDemandLog', { demand: id, action: 'view', operator: users.wuting.userId })).status).toBe(404);
  });

  it('answers the desk statistics to administrators only, and the shop as not configured', async () => {
    for (const call of ['getActiveUserCount', 'getUnitCount', 'getOrgUserCount', 'getUserPoints', 'getLowStockWarnings', 'getExpiryWarnings', 'getShopStatusNum']) {
      expect((await s.get(lina, `/get/info/${call}`)).status, call).toBe(403);
    }
    const active = await s.get(huangqiang, '/get/info/getActiveUserCount', { days: 30 });
    expect(active.body.code, active.body.message).toBe(200);
    expect(active.body.data.activeUsers).toBeGreaterThanOrEqual(6); // everyone signed in above
    expect((await s.get(admin, '/get/info/getActiveUserCount', { days: 0 })).body.code).toBe(100);
    // The superuser counts the platform's units; a unit administrator their own unit only.
    const allUnits = await s.server.ctx.database.db.selectFrom('sys_unit').select(['unitId', 'unitType']).execute();
    expect(allUnits.length).toBeGreaterThan(1);
    expect((await s.get(admin, '/get/info/getUnitCount')).body.data.total).toBe(allUnits.length);
    const ownUnit = allUnits.find((u) => u.unitId === users.huangqiang.unitId)!;
    expect((await s.get(huangqiang, '/get/info/getUnitCount')).body.data).toEqual({ total: 1, byType: [{ unitType: Number(ownUnit.unitType), count: 1 }] });
    const org = await s.get(admin, '/get/info/getOrgUserCount');
    expect(org.body.data.list.find((d: any) => d.deptName === '后端开发组').count).toBeGreaterThanOrEqual(2);
    const points = await s.get(admin, '/get/info/getUserPoints');
    expect(points.body.code, points.body.message).toBe(200);
    expect(points.body.data.rules.length).toBeGreaterThan(0);
    expect((await s.get(admin, '/get/info/getLabDeviceCount')).body.data).toEqual({ configured: false, count: 0 });
    const low = await s.get(admin, '/get/info/getLowStockWarnings');
    expect(low.body.data.map((r: any) => r.name)).toContain('订书钉'); // the demo's, below their warning level
    expect(low.body.data.every((r: any) => r.stock <= r.warnStock)).toBe(true);
    const expiring = await s.get(admin, '/get/info/getExpiryWarnings', { days: 365 });
    expect(expiring.body.code, expiring.body.message).toBe(200);
    expect(expiring.body.data.items.map((i: any) => i.date)).toEqual([...expiring.body.data.items.map((i: any) => i.date)].sort());
    for (const call of ['getShopOrderStatistics', 'getSellerTradeStatistics', 'getShopStatusNum']) {
      expect((await s.get(huangqiang, `/get/info/${call}`)).body.data, call).toEqual({ configured: false });
    }
  });
});
