import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../runtime/core/menu';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Monday to Sunday of this week, local time: the week the demo's meetings are booked in (meetingDemoData.ts). */
function thisWeek(): { monday: string; sunday: string } {
  const monday = new Date();
  monday.setHours(12, 0, 0, 0);
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  const sunday = new Date(monday);
  sunday.setDate(monday.getDate() + 6);
  return { monday: dayText(monday), sunday: dayText(sunday) };
}

function menuNames(nodes: MenuNode[]): string[] {
  return nodes.flatMap((node) => [node.name, ...menuNames([...(node.children ?? [])])]);
}

/**
 * What the office desktop screens stand on (issue 15, WP-C): the 出差 requests with their flow,
 * export and demo rows; the week of the room occupancy board; the meeting notice sent as the row
 * action sends it; the pages in the staff menu; the office desk cards; 李娜's year of clock-ins.
 */
describe.each(databases)('office desktop screens, on $name', (database) => {
  let s: TestServer;
  let lina: string; // staff, 前端开发组
  let liuyang: string; // staff, 后端开发组
  let huangqiang: string; // 行政专员 (officeAdmin)
  let auditor: string;
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [lina, liuyang, huangqiang, auditor] = await Promise.all(['lina', 'liuyang', 'huangqiang', 'auditor'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });
  const db = () => s.server.ctx.database.db;

  it('takes a business trip through approval and withdrawal; companions read it, others may not decide it', async () => {
    const trip = {
      destination: '深圳市南山区 客户C公司', travelType: 'domestic', startTime: '2031-06-02 08:00', endTime: '2031-06-04 18:00', days: 3,
      transport: 'plane', companions: [users.zhoujie.userId], reason: '新版门户验收', budget: 4800,
    };
    const backwards = await s.post(lina, '/set/office/insertOfficeTravel', { ...trip, endTime: '2031-06-01 18:00' });
    expect(backwards.body.code).toBe(100);
    expect(backwards.body.message).toContain('返回时间须晚于出发时间');
    expect((await postEn(s, lina, '/set/office/insertOfficeTravel', { ...trip, endTime: '2031-06-01 18:00' })).body.message)
      .toContain('The return must be after the departure');

    const inserted = await s.post(lina, '/set/office/insertOfficeTravel', trip);
    expect(inserted.body.code, inserted.body.message).toBe(200);
    const id = inserted.body.data.travelId as string;
    expect(inserted.body.data).toMatchObject({ applicant: users.lina.userId, dept: users.lina.deptId, status: 'applied' });
    const zhoujie = await s.login('zhoujie');
    const asCompanion = await s.get(zhoujie, '/get/office/getMyOfficeTravelList', { keyword: '新版门户验收' });
    expect(asCompanion.body.data.list.map((r: { travelId: string }) => r.travelId)).toEqual([id]);

    expect((await s.post(liuyang, '/set/office/approveOfficeTravel', { id })).status).toBe(403);
    const noReason = await s.post(huangqiang, '/set/office/rejectOfficeTravel', { id, opinion: ' ' });
    expect(noReason.body.message).toBe('驳回时请填写原因');
    const approved = await s.post(huangqiang, '/set/office/approveOfficeTravel', { id, approveRemark: '同意，注意安全' });
    expect(approved.body.code, approved.body.message).toBe(200);
    // Only the traveller withdraws it (owner: true), not a companion, and not the administrator.
    expect((await s.post(zhoujie, '/set/office/cancelOfficeTravel', { id })).status).toBe(403);
    expect((await s.post(huangqiang, '/set/office/cancelOfficeTravel', { id })).status).toBe(403);
    expect((await s.post(lina, '/set/office/cancelOfficeTravel', { id })).body.code).toBe(200);
    const log = await db().selectFrom('sys_flow_log').select(['transition', 'toState', 'opinion']).where('recordId', '=', id).orderBy('createTime').orderBy('logId').execute();
    expect(log.map((l) => [l.transition, l.toState])).toEqual([['$submit', 'applied'], ['approve', 'approved'], ['cancel', 'cancelled']]);
    expect(log[1].opinion).toBe('同意，注意安全');
  });

  it('seeds trips in every state and exports them with the labels people read', async () => {
    const rows = await db().selectFrom('office_travel').select(['status', 'destination']).execute();
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['applied', 'approved', 'rejected', 'cancelled']));
    const list = await s.get(huangqiang, '/get/office/getOfficeTravelList', { keyword: '云数据中心' });
    expect(list.body.data.list).toEqual([expect.objectContaining({ applicantName: '杨磊', travelType: 'domestic', status: 'approved' })]);
    expect((await s.get(lina, '/get/office/getOfficeTravelList')).status).toBe(403);
    expect((await s.get(auditor, '/get/office/getMyOfficeTravelList')).status).toBe(403);

    const res = await fetch(`${s.baseUrl}/capi/get/office/exportOfficeTravel?keyword=${encodeURIComponent('云数据中心')}`, { headers: { Authorization: `Bearer ${huangqiang}` } });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const row = (sheet.getRow(2).values as unknown[]).slice(1).map(String);
    expect(header).toEqual(expect.arrayContaining(['出差人', '出差地点', '出差类型', '出发时间', '状态']));
    expect(row[header.indexOf('出差类型')]).toBe('国内出差');
    expect(row[header.indexOf('出差人')]).toBe('杨磊');
    expect(row[header.indexOf('出差地点')]).toBe('杭州市余杭区 云数据中心');
  });

  it('answers the rooms\' occupancy of a week, and refuses a span over seven days or backwards in words', async () => {
    const { monday, sunday } = thisWeek();
    const week = await s.get(lina, '/get/office/getOfficeMeetingRoomOccupancy', { start: monday, end: sunday });
    expect(week.body.code, week.body.message).toBe(200);
    const rooms = week.body.data as { name: string; bookings: { title: string; status: string }[] }[];
    // The closed 洽谈室 is not offered; the cancelled and the rejected bookings free their rooms.
    expect(rooms.map((r) => r.name).sort()).toEqual(['多功能厅', '第一会议室', '第二会议室'].sort());
    const titles = rooms.flatMap((r) => r.bookings.map((b) => b.title));
    expect(titles).toEqual(expect.arrayContaining(['周例会', '门户改版需求评审', '季度经营分析会', '接口联调复盘', '技术分享：数据库索引']));
    expect(titles).not.toContain('招聘面试');
    expect(titles).not.toContain('供应商洽谈');
    // One day of it: Monday holds the weekly meeting alone.
    const day = await s.get(lina, '/get/office/getOfficeMeetingRoomOccupancy', { date: monday });
    expect(day.body.data.flatMap((r: { bookings: { title: string }[] }) => r.bookings.map((b) => b.title))).toEqual(['周例会']);

    const eightDays = await s.get(lina, '/get/office/getOfficeMeetingRoomOccupancy', { start: '2031-05-05', end: '2031-05-12' });
    expect(eightDays.body).toMatchObject({ code: 100, message: '一次最多查看 7 天的会议室占用' });
    expect((await s.get(lina, '/get/office/getOfficeMeetingRoomOccupancy', { start: '2031-05-12', end: '2031-05-05' })).body.code).toBe(100);
    expect((await s.get(auditor, '/get/office/getOfficeMeetingRoomOccupancy', { date: monday })).status).toBe(403);
  });

  it('sends the notice of a seeded approved meeting as the row action does, by id', async () => {
    const meeting = await db().selectFrom('office_meeting').select(['meetingId', 'attendees']).where('title', '=', '门户改版需求评审').executeTakeFirstOrThrow();
    const attendees = String(meeting.attendees).split(',');
    expect(attendees.sort()).toEqual([users.yanglei.userId, users.liuyang.userId, users.zhoujie.userId].sort());
    // An attendee holds the update permission too, but only the host (or the room administration) sends it.
    expect((await s.post(liuyang, '/set/office/sendOfficeMeetingNotice', { id: meeting.meetingId })).status).toBe(403);
    const sent = await s.post(lina, '/set/office/sendOfficeMeetingNotice', { id: meeting.meetingId });
    expect(sent.body).toMatchObject({ code: 200, data: { notified: 3 } });
    const told = await db().selectFrom('sys_message').select('receiverId').where('title', '=', '会议通知：门户改版需求评审').execute();
    expect(told.map((m) => m.receiverId).sort()).toEqual(attendees.sort());
  });

  it('puts the new pages in the staff menu, the trips beside leave and overtime, and none with no grant', async () => {
    const menu = (await s.get(lina, '/get/system/myMenus')).body.data.menu as MenuNode[];
    const names = menuNames(menu);
    expect(names).toEqual(expect.arrayContaining([
      'officeMeetingOccupancy', 'officeDiaryShared', 'officeDiarySubordinate', 'officeWorkPlanHeld', 'officeWorkPlanSupervised', 'officeAttendanceYear', 'officeTravel',
    ]));
    const attendance = menu.flatMap((node) => [...(node.children ?? [])]).find((node) => node.name === 'officeAttendanceDir');
    expect((attendance?.children ?? []).map((node) => node.name)).toEqual(expect.arrayContaining(['officeLeave', 'officeOvertime', 'officeTravel']));
    const auditorMenu = menuNames((await s.get(auditor, '/get/system/myMenus')).body.data.menu as MenuNode[]);
    expect(auditorMenu).not.toContain('officeMeetingOccupancy');
    expect(auditorMenu).not.toContain('officeTravel');
  });

  it('shows everyone the office desk cards: one\'s unfinished tasks and the visits to come', async () => {
    const desk = await s.get(lina, '/get/system/getMyDesk');
    const codes = (desk.body.data.widgets as { widgetCode: string; title: string }[]);
    expect(codes).toEqual(expect.arrayContaining([
      expect.objectContaining({ widgetCode: 'officeTasks', title: '我的任务' }), expect.objectContaining({ widgetCode: 'officeHospitality', title: '近期接待' }),
    ]));
    const tasks = await s.get(lina, '/get/office/getOfficeTaskDesk');
    expect(tasks.body.code, tasks.body.message).toBe(200);
    expect(tasks.body.data.doing + tasks.body.data.held).toBeGreaterThanOrEqual(tasks.body.data.list.length);
    const visits = await s.get(huangqiang, '/get/office/getOfficeHospitalityDesk');
    expect(visits.body.data.map((v: { guestUnit: string }) => v.guestUnit)).toContain('浦东新区科经委调研组');
  });

  it('gives 李娜 two months of working days of clock-ins for the year view, today left open', async () => {
    const thisYear = new Date().getFullYear();
    const years = await Promise.all([thisYear - 1, thisYear].map((year) => s.get(lina, '/get/office/getOfficeAttendanceYearList', { year })));
    const clockIns = years.flatMap((answer) => answer.body.data as { clockDate: string; clockType: string; result: string }[]);
    const starts = clockIns.filter((c) => c.clockType === 'start');
    expect(starts.length).toBeGreaterThanOrEqual(35);
    expect(new Set(starts.map((c) => c.clockDate)).size).toBe(starts.length);
    expect(clockIns.some((c) => c.result === 'late')).toBe(true);
    expect(clockIns.some((c) => c.result === 'early')).toBe(true);
    expect(clockIns.some((c) => [0, 6].includes(new Date(`${c.clockDate}T12:00:00`).getDay()))).toBe(false);
    expect(clockIns.some((c) => c.clockDate === dayText(new Date()))).toBe(false);
  });
});
