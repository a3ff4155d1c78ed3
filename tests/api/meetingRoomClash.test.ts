import { workbook } from '../support/xlsxFiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { postEn } from './helpers';

const databases = await databasesUnderTest();

/**
 * The worked example of docs/EXTENDING.md: OfficeMeeting's before-write hook
 * (server/modules/office/roomClash.ts) refuses a booking that overlaps an active booking of the
 * same room, inside the write's transaction, on insert and update alike.
 */
describe.each(databases)('meeting room bookings refuse overlapping times, on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let lina: string; // staff: books rooms for herself
  let liuyang: string; // staff too
  let auditor: string; // no meeting permission at all
  let wuting: string; // meeting room administrator: approves and cancels any booking
  let seq = 0;

  beforeAll(async () => {
    s = await startTestServer(database);
    [admin, lina, liuyang, auditor, wuting] = await Promise.all(['admin', 'lina', 'liuyang', 'auditor', 'wuting'].map((a) => s.login(a)));
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  async function newRoom(status = 'open'): Promise<{ roomId: string; name: string }> {
    const name = `测试会议室${String(++seq).padStart(3, '0')}`;
    const res = await s.post(admin, '/set/office/insertOfficeMeetingRoom', { name, location: 'C座 9 楼', capacity: 10, status });
    expect(res.body.code, res.body.message).toBe(200);
    return { roomId: res.body.data.roomId, name };
  }
  const book = (token: string, room: string, startTime: string, endTime: string, title = `会议 ${++seq}`) =>
    s.post(token, '/set/office/insertOfficeMeeting', { title, room, startTime, endTime });
  const bookingsOf = async (room: string) => (await db().selectFrom('office_meeting').select(['title', 'startTime', 'endTime', 'status'])
    .where('room', '=', room).orderBy('startTime').execute());

  it('refuses an overlapping booking with the room\'s name and the taken time, and writes nothing', async () => {
    const room = await newRoom();
    const first = await book(lina, room.roomId, '2031-03-03 09:00:00', '2031-03-03 10:00:00', '需求评审');
    expect(first.body.code, first.body.message).toBe(200);
    expect(first.body.data.status).toBe('applied');

    const clash = await book(liuyang, room.roomId, '2031-03-03 09:30:00', '2031-03-03 11:00:00');
    expect(clash.status).toBe(200);
    expect(clash.body.code).toBe(100);
    expect(clash.body.message).toBe(`会议室「${room.name}」在 2031-03-03 09:00 至 2031-03-03 10:00 已被「需求评审」预约，请换个时间或会议室`);
    const english = await postEn(s, liuyang, '/set/office/insertOfficeMeeting', {
      title: 'x', room: room.roomId, startTime: '2031-03-03 08:00:00', endTime: '2031-03-03 12:00:00',
    });
    expect(english.body.message).toBe(`Meeting room "${room.name}" is booked from 2031-03-03 09:00 to 2031-03-03 10:00 for "需求评审"; choose another time or room`);
    expect((await bookingsOf(room.roomId)).map((b) => b.title)).toEqual(['需求评审']);
    // Nothing was logged for the refused writes either.
    const logs = await db().selectFrom('sys_operation_log').select('recordId').where('entity', '=', 'OfficeMeeting').where('action', '=', 'insert').execute();
    expect(logs.filter((l) => l.recordId === first.body.data.meetingId)).toHaveLength(1);
  });

  it('allows adjacent slots and the same time in another room', async () => {
    const room = await newRoom();
    const other = await newRoom();
    expect((await book(lina, room.roomId, '2031-03-04 09:00:00', '2031-03-04 10:00:00')).body.code).toBe(200);
    expect((await book(liuyang, room.roomId, '2031-03-04 10:00:00', '2031-03-04 11:00:00')).body.code).toBe(200);
    expect((await book(liuyang, room.roomId, '2031-03-04 08:00:00', '2031-03-04 09:00:00')).body.code).toBe(200);
    expect((await book(liuyang, other.roomId, '2031-03-04 09:00:00', '2031-03-04 10:00:00')).body.code).toBe(200);
    expect(await bookingsOf(room.roomId)).toHaveLength(3);
  });

  it('refuses an update into another booking\'s time, and lets a booking move within its own', async () => {
    const room = await newRoom();
    const morning = (await book(lina, room.roomId, '2031-03-05 09:00:00', '2031-03-05 10:00:00', '晨会')).body.data;
    const later = (await book(liuyang, room.roomId, '2031-03-05 11:00:00', '2031-03-05 12:00:00')).body.data;

    const moved = await s.post(liuyang, '/set/office/updateOfficeMeeting', {
      meetingId: later.meetingId, rowVersion: later.rowVersion, startTime: '2031-03-05 09:45:00', endTime: '2031-03-05 10:30:00',
    });
    expect(moved.body.code).toBe(100);
    expect(moved.body.message).toContain(`会议室「${room.name}」在 2031-03-05 09:00 至 2031-03-05 10:00 已被「晨会」预约`);
    expect(await bookingsOf(room.roomId)).toMatchObject([{ startTime: '2031-03-05 09:00:00' }, { startTime: '2031-03-05 11:00:00' }]);

    // Its own slot is no clash: the record being changed is left out of the search.
    const stretched = await s.post(lina, '/set/office/updateOfficeMeeting', {
      meetingId: morning.meetingId, rowVersion: morning.rowVersion, startTime: '2031-03-05 08:30:00', endTime: '2031-03-05 10:30:00',
    });
    expect(stretched.body.code, stretched.body.message).toBe(200);
    // Moving into a room taken at that time is refused as well.
    const busy = await newRoom();
    expect((await book(liuyang, busy.roomId, '2031-03-05 10:00:00', '2031-03-05 11:00:00', '占用')).body.code).toBe(200);
    const fresh = (await s.get(lina, '/get/office/getOfficeMeetingById', { id: morning.meetingId })).body.data;
    const roomChange = await s.post(lina, '/set/office/updateOfficeMeeting', { meetingId: morning.meetingId, rowVersion: fresh.rowVersion, room: busy.roomId });
    expect(roomChange.body.code).toBe(100);
    expect(roomChange.body.message).toContain(`「${busy.name}」`);
  });

  it('does not hold a room for a cancelled or rejected booking', async () => {
    const room = await newRoom();
    const booked = (await book(lina, room.roomId, '2031-03-06 14:00:00', '2031-03-06 16:00:00')).body.data;
    expect((await book(liuyang, room.roomId, '2031-03-06 15:00:00', '2031-03-06 17:00:00')).body.code).toBe(100);
    const cancelled = await s.post(lina, '/set/office/cancelOfficeMeeting', { id: booked.meetingId, rowVersion: booked.rowVersion });
    expect(cancelled.body.code, cancelled.body.message).toBe(200);
    const second = await book(liuyang, room.roomId, '2031-03-06 15:00:00', '2031-03-06 17:00:00');
    expect(second.body.code, second.body.message).toBe(200);

    const rejected = await s.post(wuting, '/set/office/rejectOfficeMeeting', { id: second.body.data.meetingId, rowVersion: second.body.data.rowVersion, opinion: '当天设备检修' });
    expect(rejected.body.code, rejected.body.message).toBe(200);
    expect((await book(lina, room.roomId, '2031-03-06 14:30:00', '2031-03-06 15:30:00')).body.code).toBe(200);
    // The host hears of the administrator's decision (the transition's notify), in her own words.
    const liuyangId = String((await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'liuyang').executeTakeFirstOrThrow()).userId);
    const notice = await db().selectFrom('sys_message').selectAll().where('receiverId', '=', liuyangId)
      .where('link', 'like', `%${String(second.body.data.meetingId)}%`).executeTakeFirstOrThrow();
    expect(String(notice.content)).toContain('已驳回，时间 2031-03-06 15:00:00。当天设备检修');
    expect((await bookingsOf(room.roomId)).map((b) => b.status).sort()).toEqual(['applied', 'cancelled', 'rejected']);
  });

  it('lets exactly one of many concurrent overlapping bookings of a room win', async () => {
    const room = await newRoom();
    const tokens = [lina, liuyang, admin, wuting, lina, liuyang];
    const answers = await Promise.all(tokens.map((token, i) => book(token, room.roomId, `2031-03-07 09:${String(i * 5).padStart(2, '0')}:00`, '2031-03-07 11:00:00')));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 100)).toHaveLength(tokens.length - 1);
    for (const refused of answers.filter((a) => a.body.code === 100)) expect(refused.body.message).toContain(`会议室「${room.name}」`);
    expect(await bookingsOf(room.roomId)).toHaveLength(1);
  });

  it('refuses a new booking of a closed room', async () => {
    const room = await newRoom('closed');
    const res = await book(lina, room.roomId, '2031-03-10 09:00:00', '2031-03-10 10:00:00');
    expect(res.body).toMatchObject({ code: 100, message: `会议室「${room.name}」已停用，不能预约` });
    expect(await bookingsOf(room.roomId)).toHaveLength(0);
  });

  it('runs the hook after the permission check: a caller without the insert permission gets 403, not the clash', async () => {
    const room = await newRoom();
    expect((await book(lina, room.roomId, '2031-03-11 09:00:00', '2031-03-11 10:00:00')).body.code).toBe(200);
    const res = await book(auditor, room.roomId, '2031-03-11 09:00:00', '2031-03-11 10:00:00');
    expect(res.status).toBe(403);
    expect(res.body.message).not.toContain(room.name);
  });

  it('runs the hook for each imported row, against stored bookings and the file\'s earlier rows', async () => {
    const room = await newRoom();
    const header = ['title', 'room', 'startTime', 'endTime', 'host'];
    const importRows = async (rows: string[][]) => s.upload(admin, '/set/office/importOfficeMeeting', { name: '会议.xlsx', content: await workbook([header, ...rows]) });
    const clashing = await importRows([
      ['导入甲', room.name, '2031-03-12 09:00:00', '2031-03-12 10:00:00', 'admin'],
      ['导入乙', room.name, '2031-03-12 09:30:00', '2031-03-12 10:30:00', 'admin'],
    ]);
    expect(clashing.body.code).toBe(100);
    expect(clashing.body.message).toContain(`会议室「${room.name}」在 2031-03-12 09:00 至 2031-03-12 10:00 已被「导入甲」预约`);
    expect(await bookingsOf(room.roomId)).toEqual([]);

    const fine = await importRows([
      ['导入甲', room.name, '2031-03-12 09:00:00', '2031-03-12 10:00:00', 'admin'],
      ['导入乙', room.name, '2031-03-12 10:00:00', '2031-03-12 11:00:00', 'admin'],
    ]);
    expect(fine.body.code, fine.body.message).toBe(200);
    expect((await bookingsOf(room.roomId)).map((b) => b.title)).toEqual(['导入甲', '导入乙']);
    const overStored = await importRows([['导入丙', room.name, '2031-03-12 10:30:00', '2031-03-12 11:30:00', 'admin']]);
    expect(overStored.body.code).toBe(100);
    expect(await bookingsOf(room.roomId)).toHaveLength(2);
  });

  it('lets an attendee read the booking in her my list, without gaining write rights', async () => {
    const room = await newRoom();
    const chenjingId = String((await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'chenjing').executeTakeFirstOrThrow()).userId);
    const res = await s.post(lina, '/set/office/insertOfficeMeeting', {
      title: '预算沟通', room: room.roomId, startTime: '2031-03-13 09:00:00', endTime: '2031-03-13 10:00:00', attendees: chenjingId,
    });
    expect(res.body.code, res.body.message).toBe(200);
    const chenjing = await s.login('chenjing');
    const mine = await s.get(chenjing, '/get/office/getMyOfficeMeetingList', { keyword: '预算沟通' });
    expect(mine.body.data.list.map((m: { meetingId: string }) => m.meetingId)).toEqual([res.body.data.meetingId]);
    const edit = await s.post(chenjing, '/set/office/updateOfficeMeeting', { meetingId: res.body.data.meetingId, title: '改名' });
    expect(edit.body.code).not.toBe(200);
  });

  it('seeds rooms and this week\'s bookings, none overlapping an active one of its room', async () => {
    const rooms = await db().selectFrom('office_meeting_room').select(['roomId', 'name']).where('location', '<>', 'C座 9 楼').execute();
    expect(rooms.length).toBeGreaterThanOrEqual(3);
    const seeded = await db().selectFrom('office_meeting').selectAll().where('room', 'in', rooms.map((r) => String(r.roomId))).execute();
    expect(seeded.length).toBeGreaterThanOrEqual(5);
    const active = seeded.filter((m) => ['applied', 'approved'].includes(String(m.status)));
    for (const a of active) {
      const overlapping = active.filter((b) => b !== a && b.room === a.room && String(b.startTime) < String(a.endTime) && String(b.endTime) > String(a.startTime));
      expect(overlapping, String(a.title)).toEqual([]);
    }
  });
});
