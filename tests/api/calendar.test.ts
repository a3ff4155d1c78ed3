import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';
import { sendCalendarReminders } from '../../server/modules/calendar/calendarReminders';
import { demoLandscapePng } from '../../server/modules/gallery/demoImages';

const databases = await databasesUnderTest();

const p = (n: number) => String(n).padStart(2, '0');
/** Server-local 'YYYY-MM-DD HH:mm:ss', as the calendar stores times. */
const at = (date: Date) => `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`;
const day = (offset: number) => at(new Date(Date.now() + offset * 86_400_000)).slice(0, 10);

interface Event { source: string; id: string; title: string; start: string; busy: boolean; mine: boolean; location: string | null; ownerName: string }

/**
 * The calendar's reads (own, participant, meetings, repeats, subordinates with private entries
 * busy), ownership of writes, the reminder job, and the album calls of the gallery module
 * (upload into an album, visibility by role), over the demo data of server/modules/calendar and gallery.
 */
describe.each(databases)('calendar and albums, on $name', (database) => {
  let s: TestServer;
  let lina: string;
  let yanglei: string;
  let zhangwei: string;
  let huangqiang: string;
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [lina, yanglei, zhangwei, huangqiang] = await Promise.all(['lina', 'yanglei', 'zhangwei', 'huangqiang'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });
  const db = () => s.server.ctx.database.db;
  const myCalendar = async (token: string, start: string, end: string) => {
    const res = await s.get<Event[]>(token, '/get/calendar/getMyCalendar', { start, end });
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };

  it('answers own entries, entries naming me, my approved meetings and repetitions within the range only', async () => {
    const week = await myCalendar(lina, day(-7), day(8));
    const titles = week.map((e) => e.title);
    expect(titles).toContain('门户首页改版评审准备');
    expect(titles).toContain('新员工入职培训'); // zhangwei's, naming lina
    expect(week.find((e) => e.title === '新员工入职培训')).toMatchObject({ mine: false, busy: false, ownerName: '张伟' });
    expect(titles).not.toContain('家长会'); // yanglei's private entry, not naming lina
    expect(week.filter((e) => e.source === 'meeting').map((e) => e.title)).toContain('门户改版需求评审');
    // The daily stand-up began two days ago: one occurrence a day, each in range.
    const standUps = week.filter((e) => e.title === '前端组站会');
    expect(standUps.length).toBeGreaterThanOrEqual(9);
    expect(new Set(standUps.map((e) => e.start.slice(0, 10))).size).toBe(standUps.length);
    expect(week.every((e) => e.start < `${day(8)} 00:00:00`)).toBe(true);

    const later = await myCalendar(lina, day(30), day(40));
    expect(later.map((e) => e.title)).not.toContain('门户首页改版评审准备');
    expect(later.map((e) => e.title)).toContain('前端组站会'); // repeats until 60 days out

    for (const [start, end] of [['', day(1)], ['2026-13-01', day(1)], [day(2), day(1)], ['x; drop table', day(1)]]) {
      expect((await s.get(lina, '/get/calendar/getMyCalendar', { start, end })).body.code).toBe(100);
    }
    const tooLong = await s.get(lina, '/get/calendar/getMyCalendar', { start: day(0), end: day(90) });
    expect(tooLong.body).toMatchObject({ code: 100, message: '一次最多查询 62 天的日程' });
  });

  it('shows a leader the calendars of the people below, private entries as busy; a non-leader has none', async () => {
    const res = await s.get(yanglei, '/get/calendar/getSubordinateCalendar', { start: day(-3), end: day(4) });
    expect(res.body.code, res.body.message).toBe(200);
    const names = res.body.data.users.map((u: { userName: string }) => u.userName);
    expect(names).toEqual(expect.arrayContaining(['李娜', '刘洋', '周杰']));
    expect(names).not.toContain('杨磊');
    const events: Event[] = res.body.data.events;
    const migration = events.filter((e) => e.ownerName === '刘洋' && e.busy);
    expect(migration).toHaveLength(1);
    expect(migration[0]).toMatchObject({ title: '忙碌', location: null });
    expect(JSON.stringify(events)).not.toContain('数据库迁移演练');
    expect(JSON.stringify(events)).not.toContain('体检预约');
    expect(events.map((e) => e.title)).toContain('门户首页改版评审准备');

    const one = await s.get(yanglei, '/get/calendar/getSubordinateCalendar', { start: day(-3), end: day(4), userId: users.lina.userId });
    expect(new Set(one.body.data.events.map((e: Event) => e.ownerName))).toEqual(new Set(['李娜']));
    expect((await s.get(yanglei, '/get/calendar/getSubordinateCalendar', { start: day(-3), end: day(4), userId: users.chenjing.userId })).status).toBe(403);

    const none = await s.get(lina, '/get/calendar/getSubordinateCalendar', { start: day(-3), end: day(4) });
    expect(none.body.data).toEqual({ users: [], events: [] });
  });

  it('keeps entries their owner\'s: a participant or an administrator cannot read or change them generically', async () => {
    const training = (await db().selectFrom('calendar_entry').select('entryId').where('title', '=', '新员工入职培训').executeTakeFirstOrThrow()).entryId;
    const admin = await s.login('admin');
    for (const token of [lina, admin]) {
      const update = await s.post(token, '/set/calendar/updateCalendarEntry', { entryId: training, title: '改掉' });
      expect([403, 404]).toContain(update.status);
      expect([403, 404]).toContain((await s.get(token, '/get/calendar/getCalendarEntryById', { id: training })).status);
    }
    const created = await s.post(lina, '/set/calendar/insertCalendarEntry', {
      title: '代码评审', entryType: 'work', startTime: `${day(1)} 16:00:00`, endTime: `${day(1)} 17:00:00`, participants: [users.liuyang.userId],
    });
    expect(created.body.code, created.body.message).toBe(200);
    expect((await myCalendar(await s.login('liuyang'), day(0), day(3))).map((e) => e.title)).toContain('代码评审');
    expect((await s.post(zhangwei, '/set/calendar/deleteCalendarEntry', { id: created.body.data.entryId })).status).toBeGreaterThanOrEqual(403);
    const backwards = await s.post(lina, '/set/calendar/insertCalendarEntry', { title: '倒序', entryType: 'work', startTime: `${day(1)} 16:00:00`, endTime: `${day(1)} 15:00:00` });
    expect(backwards.body.code).toBe(100);
  });

  it('sends a due reminder once to the owner and the participants, and again after the entry moves', async () => {
    const soon = at(new Date(Date.now() + 10 * 60_000));
    const created = await s.post(zhangwei, '/set/calendar/insertCalendarEntry', {
      title: '面试：前端工程师', entryType: 'meeting', startTime: soon, endTime: at(new Date(Date.now() + 70 * 60_000)), remindMinutes: '15', participants: [users.zhaomin.userId],
    });
    expect(created.body.code, created.body.message).toBe(200);
    const notYet = await s.post(zhangwei, '/set/calendar/insertCalendarEntry', {
      title: '下周汇报', entryType: 'work', startTime: at(new Date(Date.now() + 3 * 3_600_000)), endTime: at(new Date(Date.now() + 4 * 3_600_000)), remindMinutes: '15',
    });
    const messages = async (title: string) => db().selectFrom('sys_message').select(['receiverId', 'title']).where('title', 'like', `%${title}%`).execute();
    await sendCalendarReminders(s.server.ctx);
    await sendCalendarReminders(s.server.ctx);
    const sent = await messages('面试：前端工程师');
    expect(sent.map((m) => m.receiverId).sort()).toEqual([users.zhangwei.userId, users.zhaomin.userId].sort());
    expect(sent[0].title).toContain('日程提醒');
    expect(await messages('下周汇报')).toHaveLength(0);
    expect((await db().selectFrom('calendar_entry').select('remindedAt').where('entryId', '=', notYet.body.data.entryId).executeTakeFirstOrThrow()).remindedAt).toBeNull();

    // Moved: the reminder is armed again.
    const moved = at(new Date(Date.now() + 5 * 60_000));
    expect((await s.post(zhangwei, '/set/calendar/updateCalendarEntry', { entryId: created.body.data.entryId, startTime: moved })).body.code).toBe(200);
    await sendCalendarReminders(s.server.ctx);
    expect(await messages('面试：前端工程师')).toHaveLength(4);
  });

  it('reminds every occurrence of a daily and a weekly entry once, in each receiver\'s language, as the clock moves', async () => {
    // chenjing reads English: her reminders come in it, lina's in Chinese.
    await db().updateTable('sys_user').set({ language: 'en' }).where('userId', '=', users.chenjing.userId).execute();
    const insert = async (values: Record<string, unknown>) => {
      const res = await s.post(lina, '/set/calendar/insertCalendarEntry', { entryType: 'meeting', ...values });
      expect(res.body.code, res.body.message).toBe(200);
      return String(res.body.data.entryId);
    };
    const daily = await insert({
      title: '每日晨会', startTime: '2031-03-03 09:00:00', endTime: '2031-03-03 09:30:00', remindMinutes: '15',
      repeatRule: 'daily', repeatUntil: '2031-03-06', participants: [users.chenjing.userId], location: '第三会议室',
    });
    await insert({ title: '每周例会', startTime: '2031-03-05 14:00:00', endTime: '2031-03-05 15:00:00', remindMinutes: '1440', repeatRule: 'weekly', repeatUntil: '2031-03-20' });
    const sent = async () => (await db().selectFrom('sys_message').select(['receiverId', 'title', 'content'])
      .where((eb) => eb.or([eb('title', 'like', '%每日晨会%'), eb('title', 'like', '%每周例会%')])).execute())
      .map((m) => `${m.receiverId === users.lina.userId ? 'lina' : 'chenjing'} ${String(m.title)}`).sort();
    const run = (at: Date) => sendCalendarReminders(s.server.ctx, at);

    await run(new Date(2031, 2, 3, 8, 44)); // a minute before the 15-minute reminder of 09:00
    expect(await sent()).toEqual([]);
    await run(new Date(2031, 2, 3, 8, 50));
    await run(new Date(2031, 2, 3, 8, 50)); // the same minute again
    await run(new Date(2031, 2, 3, 9, 0, 20)); // the occurrence's own minute: still claimed
    expect(await sent()).toEqual(['chenjing Reminder: 每日晨会 (2031-03-03 09:00)', 'lina 日程提醒：每日晨会（2031-03-03 09:00）']);
    const english = await db().selectFrom('sys_message').select('content').where('receiverId', '=', users.chenjing.userId).where('title', 'like', '%每日晨会%').executeTakeFirstOrThrow();
    expect(english.content).toBe('Your calendar entry "每日晨会" starts at 2031-03-03 09:00. 第三会议室');

    // The next day: the next occurrence, once, even when two processes run the job at the same time.
    await Promise.all([run(new Date(2031, 2, 4, 8, 46)), run(new Date(2031, 2, 4, 8, 46))]);
    await run(new Date(2031, 2, 4, 14, 0, 10)); // a day before the weekly meeting of 03-05
    await run(new Date(2031, 2, 5, 8, 45));
    await run(new Date(2031, 2, 7, 8, 50)); // past repeatUntil (03-06): nothing
    await run(new Date(2031, 2, 11, 14, 30)); // the weekly meeting's next week
    expect(await sent()).toEqual([
      'chenjing Reminder: 每日晨会 (2031-03-03 09:00)', 'chenjing Reminder: 每日晨会 (2031-03-04 09:00)', 'chenjing Reminder: 每日晨会 (2031-03-05 09:00)',
      'lina 日程提醒：每周例会（2031-03-05 14:00）', 'lina 日程提醒：每周例会（2031-03-12 14:00）',
      'lina 日程提醒：每日晨会（2031-03-03 09:00）', 'lina 日程提醒：每日晨会（2031-03-04 09:00）', 'lina 日程提醒：每日晨会（2031-03-05 09:00）',
    ].sort());
    const claims = await db().selectFrom('calendar_reminder_sent').select('occurrenceStart').where('entryId', '=', daily).orderBy('occurrenceStart').execute();
    expect(claims.map((c) => c.occurrenceStart)).toEqual(['2031-03-03 09:00:00', '2031-03-04 09:00:00', '2031-03-05 09:00:00']);

    // Moved an hour later, the series is reminded again; deleted, its claims go with it.
    const stored = await s.get(lina, '/get/calendar/getCalendarEntryById', { id: daily });
    const moved = await s.post(lina, '/set/calendar/moveCalendarEntry', {
      entryId: daily, rowVersion: stored.body.data.rowVersion, occurrence: 2, start: '2031-03-05 10:00:00', end: '2031-03-05 10:30:00', scope: 'all',
    });
    expect(moved.body.code, moved.body.message).toBe(200);
    expect(await db().selectFrom('calendar_reminder_sent').select('sentId').where('entryId', '=', daily).execute()).toEqual([]);
    await run(new Date(2031, 2, 5, 9, 50));
    expect((await sent()).filter((m) => m.includes('2031-03-05 10:00'))).toHaveLength(2);
    expect((await s.post(lina, '/set/calendar/deleteCalendarEntry', { id: daily })).body.code).toBe(200);
    expect(await db().selectFrom('calendar_reminder_sent').select('sentId').where('entryId', '=', daily).execute()).toEqual([]);
  });

  it('moves an entry by drag with the version the page showed, and refuses a stale one, others\' entries and bad times', async () => {
    const created = await s.post(lina, '/set/calendar/insertCalendarEntry', { title: '拖动测试', entryType: 'work', startTime: '2031-04-01 10:00:00', endTime: '2031-04-01 11:00:00' });
    const id = String(created.body.data.entryId);
    const shown = Number(created.body.data.rowVersion);
    const move = (token: string, values: Record<string, unknown>) => s.post(token, '/set/calendar/moveCalendarEntry', { entryId: id, occurrence: 0, ...values });
    const stored = () => db().selectFrom('calendar_entry').select(['startTime', 'endTime', 'rowVersion']).where('entryId', '=', id).executeTakeFirstOrThrow();

    const ok = await move(lina, { rowVersion: shown, start: '2031-04-02 14:00', end: '2031-04-02 15:30' });
    expect(ok.body, ok.body.message).toMatchObject({ code: 200, data: { entryId: id } });
    expect(await stored()).toMatchObject({ startTime: '2031-04-02 14:00:00', endTime: '2031-04-02 15:30:00', rowVersion: shown + 1 });

    // The page still showing the old version: refused, nothing written.
    const stale = await move(lina, { rowVersion: shown, start: '2031-04-03 14:00', end: '2031-04-03 15:00' });
    expect(stale.body).toMatchObject({ code: 100, message: '该记录已被他人修改，请刷新后重试', data: { conflict: 'rowVersion' } });
    expect((await move(lina, { start: '2031-04-03 14:00', end: '2031-04-03 15:00' })).body.code).toBe(100); // no version at all
    expect((await move(lina, { rowVersion: shown + 1, start: '2031-04-03 14:00', end: '2031-04-03 13:00' })).body.code).toBe(100);
    expect((await move(lina, { rowVersion: shown + 1, start: 'tomorrow', end: '2031-04-03 13:00' })).body.code).toBe(100);
    expect((await move(lina, { rowVersion: shown + 1, occurrence: 1, start: '2031-04-03 14:00', end: '2031-04-03 15:00' })).body.code).toBe(100);
    expect([403, 404]).toContain((await move(zhangwei, { rowVersion: shown + 1, start: '2031-04-03 14:00', end: '2031-04-03 15:00' })).status);
    expect(await stored()).toMatchObject({ startTime: '2031-04-02 14:00:00', endTime: '2031-04-02 15:30:00', rowVersion: shown + 1 });
  });

  it('moves one occurrence of a series out as an entry of its own, or the whole series by the dragged shift', async () => {
    const created = await s.post(lina, '/set/calendar/insertCalendarEntry', {
      title: '系列拖动', entryType: 'work', startTime: '2031-04-06 09:00:00', endTime: '2031-04-06 09:30:00', repeatRule: 'daily', repeatUntil: '2031-04-12',
    });
    const id = String(created.body.data.entryId);
    const week = async () => (await myCalendar(lina, '2031-04-05', '2031-04-20') as (Event & { end: string; occurrence: number; rowVersion: number; repeating: boolean })[])
      .filter((e) => e.title === '系列拖动');
    const before = await week();
    expect(before.map((e) => [e.occurrence, e.start])).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => [n, `2031-04-${String(6 + n).padStart(2, '0')} 09:00:00`]));
    const third = before[2];

    const noScope = await s.post(lina, '/set/calendar/moveCalendarEntry', { entryId: id, rowVersion: third.rowVersion, occurrence: 2, start: '2031-04-08 15:00', end: '2031-04-08 16:00' });
    expect(noScope.body.code).toBe(100);
    const one = await s.post(lina, '/set/calendar/moveCalendarEntry', { entryId: id, rowVersion: third.rowVersion, occurrence: 2, start: '2031-04-08 15:00', end: '2031-04-08 16:00', scope: 'one' });
    expect(one.body.code, one.body.message).toBe(200);
    expect(one.body.data.entryId).not.toBe(id);
    const afterOne = await week();
    expect(afterOne.filter((e) => e.id === id).map((e) => e.start.slice(5, 10))).toEqual(['04-06', '04-07', '04-09', '04-10', '04-11', '04-12']);
    expect(afterOne.filter((e) => e.id !== id)).toMatchObject([{ id: one.body.data.entryId, start: '2031-04-08 15:00:00', end: '2031-04-08 16:00:00', repeating: false, occurrence: 0 }]);
    // The taken-out occurrence is no more: dragging it again is refused, as is the version the page showed before.
    const fresh = afterOne.find((e) => e.id === id)!.rowVersion;
    expect((await s.post(lina, '/set/calendar/moveCalendarEntry', { entryId: id, rowVersion: fresh, occurrence: 2, start: '2031-04-08 15:00', end: '2031-04-08 16:00', scope: 'one' })).body.code).toBe(100);
    expect((await s.post(lina, '/set/calendar/moveCalendarEntry', { entryId: id, rowVersion: third.rowVersion, occurrence: 3, start: '2031-04-10 10:00', end: '2031-04-10 11:00', scope: 'all' })).body.data)
      .toMatchObject({ conflict: 'rowVersion' });

    // The 04-09 occurrence dropped on 04-10 10:00–11:00: the series starts a day and an hour later, an hour long, and ends a day later.
    const all = await s.post(lina, '/set/calendar/moveCalendarEntry', { entryId: id, rowVersion: fresh, occurrence: 3, start: '2031-04-10 10:00', end: '2031-04-10 11:00', scope: 'all' });
    expect(all.body, all.body.message).toMatchObject({ code: 200, data: { entryId: id } });
    expect(await db().selectFrom('calendar_entry').select(['startTime', 'endTime', 'repeatUntil', 'repeatSkips']).where('entryId', '=', id).executeTakeFirstOrThrow())
      .toEqual({ startTime: '2031-04-07 10:00:00', endTime: '2031-04-07 11:00:00', repeatUntil: '2031-04-13', repeatSkips: '2' });
    expect((await week()).filter((e) => e.id === id).map((e) => `${e.start.slice(5, 16)}–${e.end.slice(11, 16)}`))
      .toEqual(['04-07 10:00–11:00', '04-08 10:00–11:00', '04-10 10:00–11:00', '04-11 10:00–11:00', '04-12 10:00–11:00', '04-13 10:00–11:00']);

    // A new repetition rule counts afresh: the taken-out occurrence's number no longer applies.
    const version = (await week()).find((e) => e.id === id)!.rowVersion;
    expect((await s.post(lina, '/set/calendar/updateCalendarEntry', { entryId: id, rowVersion: version, repeatRule: 'weekly' })).body.code).toBe(200);
    expect((await db().selectFrom('calendar_entry').select('repeatSkips').where('entryId', '=', id).executeTakeFirstOrThrow()).repeatSkips).toBeNull();
  });

  it('uploads photos into an album: images only, within the size, with the permission and scope', async () => {
    const album = await db().selectFrom('gallery_photo_album').select(['albumId']).where('albumName', '=', '2026 秋季团建·千岛湖').executeTakeFirstOrThrow();
    const png = demoLandscapePng(90, 3, 40, 30);
    const ok = await s.upload(huangqiang, '/set/file/createPhotoFile', { name: '合影.png', content: png }, { albumId: String(album.albumId), caption: '合影' });
    expect(ok.body.code, ok.body.message).toBe(200);
    const photos = await s.get(lina, '/get/file/getAlbumPhotos', { albumId: album.albumId });
    expect(photos.body.data.photos.map((ph: { caption: string }) => ph.caption)).toContain('合影');

    const renamed = await s.upload(huangqiang, '/set/file/createPhotoFile', { name: 'notes.png', content: 'not a picture at all' }, { albumId: String(album.albumId) });
    expect(renamed.body).toMatchObject({ code: 100, message: '只能上传 JPG、PNG 或 GIF 图片（收到 .png）' });
    expect((await s.upload(huangqiang, '/set/file/createPhotoFile', { name: 'notes.txt', content: 'x' }, { albumId: String(album.albumId) })).body.code).toBe(100);
    const huge = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await s.upload(huangqiang, '/set/file/createPhotoFile', { name: 'big.png', content: huge }, { albumId: String(album.albumId) })).body.code).toBe(100);
    expect((await s.upload(lina, '/set/file/createPhotoFile', { name: 'mine.png', content: png }, { albumId: String(album.albumId) })).status).toBe(403);
    expect((await s.upload(huangqiang, '/set/file/createPhotoFile', { name: 'x.png', content: png }, { albumId: 'f'.repeat(24) })).status).toBe(404);
    const count = await db().selectFrom('gallery_photo_file').select((eb) => eb.fn.countAll().as('n')).where('album', '=', album.albumId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5);
  });

  it('shows staff the albums open to everyone or to their roles, and their pictures only', async () => {
    const seen = await s.get(lina, '/get/file/getMyPhotoAlbums');
    expect(seen.body.code, seen.body.message).toBe(200);
    const names = seen.body.data.map((a: { albumName: string }) => a.albumName);
    expect(names).toEqual(['2026 秋季团建·千岛湖', '年度优秀员工表彰']);
    const restricted = await db().selectFrom('gallery_photo_album').select('albumId').where('albumName', '=', '新办公楼启用').executeTakeFirstOrThrow();
    expect((await s.get(lina, '/get/file/getAlbumPhotos', { albumId: restricted.albumId })).status).toBe(404);
    const hidden = await db().selectFrom('gallery_photo_file').select('image').where('album', '=', restricted.albumId).executeTakeFirstOrThrow();
    expect((await s.get(lina, '/get/file/getPhotoImage', { attachId: hidden.image })).status).toBe(404);
    const wuting = await s.login('wuting'); // meeting administrator: a role the album is opened to
    expect((await s.get(wuting, '/get/file/getMyPhotoAlbums')).body.data.map((a: { albumName: string }) => a.albumName)).toContain('新办公楼启用');
    const image = await fetch(`${s.baseUrl}/capi/get/file/getPhotoImage?attachId=${String(seen.body.data[0].cover)}`, { headers: { Authorization: `Bearer ${lina}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });
});
