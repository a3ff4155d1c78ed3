import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, type DemoUser } from './helpers';
import { nowText } from '../../server/http/newId';

const databases = await databasesUnderTest();

/** The demo office (server/modules/office/dailyDemoData.ts): 上海市浦东新区张江路 88 号, radius 500 m. */
const OFFICE = { longitude: 121.5907, latitude: 31.2035 };

/**
 * Office administration part B beyond plain CRUD: supplies granted from stock, diaries read by
 * share users and department leaders, clock-ins checked against the office's radius, work plan
 * lists by role, hospitality approval, meeting notices and large minutes.
 */
describe.each(databases)('office supplies, diaries, attendance, plans and hospitality, on $name', (database) => {
  let s: TestServer;
  let huangqiang: string; // 行政专员 (officeAdmin)
  let yanglei: string; // leads 技术研发部; taskManager
  let lina: string; // staff in 前端开发组 (below 技术研发部)
  let liuyang: string; // staff in 后端开发组
  let chenjing: string; // staff in 财务部
  let wuting: string; // meeting administrator
  let auditor: string;
  let zhoujie: string; // staff in 后端开发组, led by 刘洋
  let admin: string;
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [huangqiang, yanglei, lina, liuyang, chenjing, wuting, auditor, zhoujie, admin] = await Promise.all(
      ['huangqiang', 'yanglei', 'lina', 'liuyang', 'chenjing', 'wuting', 'auditor', 'zhoujie', 'admin'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });
  const db = () => s.server.ctx.database.db;

  it('grants approved supplies from stock in the grant, and refuses a grant beyond the stock', async () => {
    const sort = (await db().selectFrom('office_supplies_sort').select('sortId').where('sortName', '=', '文具').executeTakeFirstOrThrow()).sortId;
    const article = await s.post(huangqiang, '/set/office/insertOfficeSupplies', { sortId: sort, name: '订书机', unit: '个', stock: 5 });
    expect(article.body.code, article.body.message).toBe(200);
    const apply = async (quantity: number) => {
      const res = await s.post(lina, '/set/office/insertOfficeSuppliesApply', { supplies: article.body.data.suppliesId, quantity, purpose: '装订需求文档' });
      expect(res.body.code, res.body.message).toBe(200);
      expect((await s.post(huangqiang, '/set/office/approveOfficeSuppliesApply', { id: res.body.data.applyId, approveRemark: '同意' })).body.code).toBe(200);
      return res.body.data.applyId as string;
    };
    const first = await apply(3);
    const second = await apply(3);
    // Staff cannot grant; the administrator can.
    expect((await s.post(lina, '/set/office/grantOfficeSuppliesApply', { id: first })).status).toBe(403);
    expect((await s.post(huangqiang, '/set/office/grantOfficeSuppliesApply', { id: first })).body.data.status).toBe('granted');
    const stock = async () => Number((await db().selectFrom('office_supplies').select('stock').where('suppliesId', '=', article.body.data.suppliesId).executeTakeFirstOrThrow()).stock);
    expect(await stock()).toBe(2);
    const refused = await s.post(huangqiang, '/set/office/grantOfficeSuppliesApply', { id: second });
    expect(refused.body.code).toBe(100);
    expect(refused.body.message).toBe('「订书机」库存只有 2个，不能发放 3个');
    expect((await postEn(s, huangqiang, '/set/office/grantOfficeSuppliesApply', { id: second })).body.message).toBe('Only 2 个 of "订书机" in stock; 3 个 cannot be issued');
    expect(await stock()).toBe(2);
    expect((await db().selectFrom('office_supplies_apply').select('status').where('applyId', '=', second).executeTakeFirstOrThrow()).status).toBe('approved');
  });

  it('shows diaries to their share users and to the leader of the author\'s department, and lets only readers comment', async () => {
    const diary = await s.post(liuyang, '/set/office/insertOfficeDiary', { diaryDate: '2031-02-03', title: '缓存方案', content: '评估 Redis 集群方案', shareUsers: [users.chenjing.userId] });
    expect(diary.body.code, diary.body.message).toBe(200);
    const id = diary.body.data.diaryId;
    const shared = await s.get(chenjing, '/get/office/getOfficeDiaryShareList');
    expect(shared.body.data.list.map((d: any) => d.diaryId)).toContain(id);
    expect((await s.get(liuyang, '/get/office/getOfficeDiaryShareList')).body.data.list.map((d: any) => d.diaryId)).not.toContain(id);
    // 杨磊 leads 技术研发部, above 后端开发组: the diary is his subordinate's; 李娜 leads nothing.
    const subordinates = await s.get(yanglei, '/get/office/getOfficeDiarySubordinateList', { pageSize: 100 });
    const authors = new Set(subordinates.body.data.list.map((d: any) => d.authorName));
    expect(subordinates.body.data.list.map((d: any) => d.diaryId)).toContain(id);
    expect(authors.has('杨磊')).toBe(false);
    expect(authors.has('吴婷')).toBe(false);
    expect((await s.get(lina, '/get/office/getOfficeDiarySubordinateList')).body.data.list).toEqual([]);

    expect((await s.post(chenjing, '/set/office/insertOfficeDiaryComment', { diary: id, content: '费用请同步财务' })).body.code).toBe(200);
    const stranger = await s.post(lina, '/set/office/insertOfficeDiaryComment', { diary: id, content: '路过' });
    expect(stranger.body.code).toBe(100);
    expect(stranger.body.message).toBe('所选工作日志不存在或您无权查看');
    expect((await s.get(auditor, '/get/office/getOfficeDiarySubordinateList')).status).toBe(403);
  });

  it('enforces 日志设置: the edit window on updates and deletes, leaderReads on the subordinate list and the by-id read, one reminder a day', async () => {
    const config = await db().selectFrom('office_diary_config').select('configId').executeTakeFirstOrThrow();
    const settings = (values: Record<string, unknown>) => s.post(huangqiang, '/set/office/updateOfficeDiaryConfig', { configId: config.configId, ...values });
    const today = nowText().slice(0, 10);
    const write = async (token: string, values: Record<string, unknown> = {}) => {
      const res = await s.post(token, '/set/office/insertOfficeDiary', { diaryDate: today, title: '日志规则', content: '今日工作', ...values });
      expect(res.body.code, res.body.message).toBe(200);
      return res.body.data.diaryId as string;
    };
    const writtenDaysAgo = (id: string, days: number) => db().updateTable('office_diary').set({ createTime: nowText(new Date(Date.now() - days * 86_400_000)) }).where('diaryId', '=', id).execute();
    try {
      // editDays 7 (the demo's): written 7 days ago still changes, 8 days ago neither changes nor goes.
      const recent = await write(lina, { title: '七天前', diaryDate: '2031-05-01' });
      await writtenDaysAgo(recent, 7);
      expect((await s.post(lina, '/set/office/updateOfficeDiary', { diaryId: recent, content: '补充' })).body.code).toBe(200);
      const old = await write(lina, { title: '八天前', diaryDate: '2031-05-02' });
      await writtenDaysAgo(old, 8);
      const refused = await s.post(lina, '/set/office/updateOfficeDiary', { diaryId: old, content: '改写' });
      expect(refused.body).toMatchObject({ code: 100, message: `「八天前」写于 ${nowText(new Date(Date.now() - 8 * 86_400_000)).slice(0, 10)}，已超过日志可修改的 7 天，不能再修改或删除` });
      expect((await postEn(s, lina, '/set/office/updateOfficeDiary', { diaryId: old, content: '改写' })).body.message).toMatch(/^"八天前" was written on .+; a diary can be changed or deleted for 7 days only$/);
      expect((await s.post(lina, '/set/office/deleteOfficeDiary', { diaryId: old })).body.code).toBe(100);
      expect((await s.post(lina, '/set/office/deleteOfficeDiaryByIds', { ids: [recent, old] })).body.code).toBe(100);
      const kept = await db().selectFrom('office_diary').select(['diaryId', 'content']).where('diaryId', 'in', [recent, old]).orderBy('diaryDate').execute();
      expect(kept.map((d) => d.content)).toEqual(['补充', '今日工作']);
      // Whoever keeps the settings is not bound by them; a window of 0 days is the day of writing.
      const his = await write(huangqiang, { diaryDate: '2031-05-03' });
      await writtenDaysAgo(his, 30);
      expect((await s.post(huangqiang, '/set/office/updateOfficeDiary', { diaryId: his, content: '整理' })).body.code).toBe(200);
      expect((await settings({ editDays: 0 })).body.code).toBe(200);
      await writtenDaysAgo(recent, 1);
      expect((await s.post(lina, '/set/office/deleteOfficeDiary', { diaryId: recent })).body.code).toBe(100);
      expect((await s.post(lina, '/set/office/deleteOfficeDiaryByIds', { ids: [await write(lina, { diaryDate: '2031-05-04' })] })).body).toMatchObject({ code: 200, data: { deleted: 1 } });

      // 刘洋 leads 后端开发组: 周杰's diary (shared with nobody) is in his 下属日志 and opens by id — until leaderReads is off.
      const theirs = await write(zhoujie, { diaryDate: '2031-05-05', title: '周杰的日志' });
      const listed = async () => (await s.get(liuyang, '/get/office/getOfficeDiarySubordinateList', { pageSize: 100 })).body.data.list.some((d: any) => d.diaryId === theirs);
      expect(await listed()).toBe(true);
      expect((await s.get(liuyang, '/get/office/getOfficeDiaryById', { diaryId: theirs })).body.data.title).toBe('周杰的日志');
      expect((await s.get(chenjing, '/get/office/getOfficeDiaryById', { diaryId: theirs })).status).toBe(403);
      expect((await settings({ leaderReads: 0 })).body.code).toBe(200);
      expect(await listed()).toBe(false);
      expect((await s.get(liuyang, '/get/office/getOfficeDiaryById', { diaryId: theirs })).status).toBe(403);
      expect((await s.post(liuyang, '/set/office/insertOfficeDiaryComment', { diary: theirs, content: '已阅' })).body.code).toBe(100);
      expect((await s.get(zhoujie, '/get/office/getOfficeDiaryById', { diaryId: theirs })).body.code).toBe(200);

      // The reminder: from remindTime on, once a day, to the diary writers without a diary dated today.
      expect((await settings({ remindTime: '00:00', remindEnabled: 1 })).body.code).toBe(200);
      await write(lina);
      const task = await db().selectFrom('sys_scheduled_task').select(['taskId', 'taskName', 'cron']).where('jobName', '=', 'remindDiary').executeTakeFirstOrThrow();
      expect(task).toMatchObject({ taskName: 'officeRules.diaryRemind.task', cron: '*/10 * * * 1-5' });
      const run = async () => (await s.post(admin, '/set/system/runScheduledTask', { id: task.taskId })).body.data;
      const reminded = () => db().selectFrom('sys_message').select(['receiverId', 'title', 'content', 'link']).where('link', '=', '/office/diary/index/save').execute();
      const first = await run();
      expect(first).toMatchObject({ status: 'success', message: expect.stringMatching(/^\d+ diary writers, \d+ reminded/) });
      const sent = await reminded();
      const receivers = new Set(sent.map((m) => m.receiverId));
      expect(receivers.has(users.liuyang.userId)).toBe(true);
      expect(receivers.has(users.lina.userId)).toBe(false);
      expect(receivers.has(users.auditor.userId)).toBe(false);
      expect(receivers.has(users.admin.userId)).toBe(false);
      expect(sent.find((m) => m.receiverId === users.liuyang.userId)).toMatchObject({ title: '请填写今天的工作日志', content: `刘洋，您今天（${today}）的工作日志还没有填写，请及时填写。` });
      expect(await run()).toMatchObject({ status: 'success', message: `already reminded on ${today}` });
      expect(await reminded()).toHaveLength(sent.length);
      expect((await db().selectFrom('office_diary_config').select('remindedOn').executeTakeFirstOrThrow()).remindedOn).toBe(today);
    } finally {
      await db().updateTable('office_diary_config').set({ editDays: 7, leaderReads: 1, remindTime: '17:30', remindedOn: null }).execute();
    }
  });

  it('clocks in within the radius, stamps the server\'s time, refuses a second one and one from too far away', async () => {
    const status = await s.get(lina, '/get/office/getOfficeAttendanceStatus');
    expect(status.body.data.config).toMatchObject({ radius: 500, address: '上海市浦东新区张江路 88 号' });
    expect(status.body.data.start).toBeNull();

    // About 2.2 km east of the office: refused with both distances, nothing stored.
    const far = await s.post(lina, '/set/office/insertOfficeAttendance', { clockType: 'start', longitude: OFFICE.longitude + 0.023, latitude: OFFICE.latitude, clockTime: '2020-01-01 08:00:00' });
    expect(far.body.code).toBe(100);
    expect(far.body.message).toMatch(/^您距离考勤地点「上海市浦东新区张江路 88 号」2\d{3} 米，超出 500 米的打卡范围，不能打卡$/);
    const farEn = await postEn(s, lina, '/set/office/insertOfficeAttendance', { clockType: 'start', longitude: OFFICE.longitude + 0.023, latitude: OFFICE.latitude });
    expect(farEn.body.message).toMatch(/^You are 2\d{3} m from the attendance location ".+", beyond the clock-in radius of 500 m$/);

    const near = await s.post(lina, '/set/office/insertOfficeAttendance', { clockType: 'start', longitude: OFFICE.longitude + 0.001, latitude: OFFICE.latitude, clockTime: '2020-01-01 08:00:00' });
    expect(near.body.code, near.body.message).toBe(200);
    const today = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    expect(near.body.data.clockDate).toBe(`${today.getFullYear()}-${p(today.getMonth() + 1)}-${p(today.getDate())}`);
    expect(near.body.data.clockTime.startsWith(near.body.data.clockDate)).toBe(true);
    expect(near.body.data.distance).toBeGreaterThan(80);
    expect(near.body.data.distance).toBeLessThan(110);
    const again = await s.post(lina, '/set/office/insertOfficeAttendance', { clockType: 'start', longitude: OFFICE.longitude, latitude: OFFICE.latitude });
    expect(again.body.code).toBe(100);
    expect(again.body.message).toMatch(/^今天已于 \d\d:\d\d 上班打卡$/);
    expect((await s.get(lina, '/get/office/getOfficeAttendanceStatus')).body.data.start.clockTime).toBe(near.body.data.clockTime);

    const year = await s.get(lina, '/get/office/getOfficeAttendanceYearList', { year: today.getFullYear() });
    expect(year.body.data.map((r: any) => r.attendanceId)).toContain(near.body.data.attendanceId);
    // Another person's year needs the manage list: the administrator may, a colleague may not.
    expect((await s.get(liuyang, '/get/office/getOfficeAttendanceYearList', { year: today.getFullYear(), user: users.lina.userId })).status).toBe(403);
    expect((await s.get(huangqiang, '/get/office/getOfficeAttendanceYearList', { year: today.getFullYear(), user: users.lina.userId })).body.data.length).toBeGreaterThanOrEqual(1);
    // Clocking in for someone else is refused.
    const forOther = await s.post(liuyang, '/set/office/insertOfficeAttendance', { clockUser: users.lina.userId, clockType: 'end', longitude: OFFICE.longitude, latitude: OFFICE.latitude });
    expect(forOther.body.code).toBe(100);
  });

  it('lists work plans as mine, held and supervised, takes progress reports and a large JSON body', async () => {
    const content = `<p>${'季度目标分解。'.repeat(20000)}</p>`; // about 140 000 characters… over the field's limit
    const tooLong = await s.postJson(lina, '/set/office/insertOfficeWorkPlan', { title: '超长计划', planType: 'month', startDate: '2031-03-01', endDate: '2031-03-31', holder: users.lina.userId, content });
    expect(tooLong.body.code).toBe(100);
    const large = `<p>${'季度目标分解。'.repeat(12000)}</p>`; // 84 000 characters, about 250 KB of JSON
    const plan = await s.postJson(lina, '/set/office/insertOfficeWorkPlan', {
      title: '三月迭代计划', planType: 'month', startDate: '2031-03-01', endDate: '2031-03-31', holder: users.liuyang.userId, supervisor: users.yanglei.userId, content: large,
    });
    expect(plan.body.code, plan.body.message).toBe(200);
    const id = plan.body.data.planId;
    expect((await s.get(lina, '/get/office/getOfficeWorkPlanById', { id })).body.data.content).toBe(large);
    const has = async (token: string, call: string) => (await s.get(token, `/get/office/${call}`, { pageSize: 100 })).body.data.list.some((p: any) => p.planId === id);
    expect(await has(lina, 'getMyOfficeWorkPlanList')).toBe(true);
    expect(await has(liuyang, 'getOfficeWorkPlanHeldList')).toBe(true);
    expect(await has(lina, 'getOfficeWorkPlanHeldList')).toBe(false);
    expect(await has(yanglei, 'getOfficeWorkPlanSupervisedList')).toBe(true);
    expect(await has(liuyang, 'getOfficeWorkPlanSupervisedList')).toBe(false);
    const report = await s.post(liuyang, '/set/office/insertOfficeWorkPlanProcess', { plan: id, progress: 30, content: '完成需求拆分' });
    expect(report.body.code, report.body.message).toBe(200);
    expect((await s.get(lina, '/get/office/getOfficeWorkPlanById', { id })).body.data.progress).toBe(30);
  });

  it('runs a hospitality event through approval (a rejection needs a reason) and shows approved visits on the desk', async () => {
    const event = await s.post(lina, '/set/office/insertOfficeHospitality', {
      guestUnit: '南京数智科技', guestCount: 4, level: 'normal', arriveTime: '2031-04-01 09:30', leaveTime: '2031-04-01 16:00', purpose: '技术交流', budget: 600,
    });
    expect(event.body.code, event.body.message).toBe(200);
    const id = event.body.data.eventId;
    expect((await s.post(lina, '/set/office/approveOfficeHospitality', { id })).status).toBe(403);
    const noReason = await s.post(huangqiang, '/set/office/rejectOfficeHospitality', { id, opinion: ' ' });
    expect(noReason.body.code).toBe(100);
    expect(noReason.body.message).toBe('驳回时请填写原因');
    const approved = await s.post(huangqiang, '/set/office/approveOfficeHospitality', { id, approveRemark: '安排第二会议室' });
    expect(approved.body.data.status).toBe('approved');
    expect((await s.get(lina, '/get/office/getOfficeHospitalityDesk')).body.data.map((e: any) => e.eventId)).toContain(id);
    expect((await s.get(huangqiang, '/get/office/getOfficeHospitalityDesk')).body.data.map((e: any) => e.eventId)).toContain(id);
    expect((await s.post(huangqiang, '/set/office/finishOfficeHospitality', { id })).body.data.status).toBe('finished');
    expect((await s.get(auditor, '/get/office/getOfficeHospitalityList')).status).toBe(403);
  });

  it('sends an approved meeting\'s notice to its attendees, shows room occupancy and keeps large minutes', async () => {
    const room = (await db().selectFrom('office_meeting_room').select('roomId').where('name', '=', '第二会议室').executeTakeFirstOrThrow()).roomId;
    const booking = await s.post(lina, '/set/office/insertOfficeMeeting', {
      title: '甘特图评审', room, startTime: '2031-09-01 10:00', endTime: '2031-09-01 11:00', attendees: [users.liuyang.userId, users.chenjing.userId],
    });
    expect(booking.body.code, booking.body.message).toBe(200);
    const id = booking.body.data.meetingId;
    const early = await s.post(lina, '/set/office/sendOfficeMeetingNotice', { meetingId: id });
    expect(early.body.message).toBe('会议预约审批通过后才能发送通知');
    expect((await s.post(wuting, '/set/office/approveOfficeMeeting', { id })).body.code).toBe(200);
    expect((await s.post(liuyang, '/set/office/sendOfficeMeetingNotice', { meetingId: id })).status).toBe(403);
    const sent = await s.post(lina, '/set/office/sendOfficeMeetingNotice', { meetingId: id, remark: '请带电脑' });
    expect(sent.body.data).toEqual({ notified: 2 });
    const messages = await db().selectFrom('sys_message').select(['receiverId', 'title', 'content']).where('title', '=', '会议通知：甘特图评审').execute();
    expect(messages.map((m) => m.receiverId).sort()).toEqual([users.liuyang.userId, users.chenjing.userId].sort());
    expect(messages[0].content).toContain('第二会议室');
    expect(messages[0].content).toContain('请带电脑');

    const occupancy = await s.get(liuyang, '/get/office/getOfficeMeetingRoomOccupancy', { date: '2031-09-01' });
    const second = occupancy.body.data.find((r: any) => r.roomId === room);
    expect(second.bookings).toEqual([expect.objectContaining({ meetingId: id, title: '甘特图评审', hostName: '李娜', status: 'approved' })]);
    expect((await s.get(liuyang, '/get/office/getOfficeMeetingRoomOccupancy', { date: '九月' })).body.code).toBe(100);

    const minutes = `<p>${'决议事项。'.repeat(15000)}</p>`;
    const notes = await s.postJson(wuting, '/set/office/insertOfficeMeetingNotes', { meeting: id, title: '甘特图评审纪要', content: minutes });
    expect(notes.body.code, notes.body.message).toBe(200);
    expect((await s.get(wuting, '/get/office/getOfficeMeetingNotesById', { id: notes.body.data.notesId })).body.data.content).toBe(minutes);
  });
});
