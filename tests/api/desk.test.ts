import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { nowText } from '../../server/http/newId';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, deptIds, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A time `ms` from now, as the forms send it. */
const from = (ms: number) => nowText(new Date(Date.now() + ms)).slice(0, 16);

interface Placed { widgetCode: string; title: string; colSpan: number; height: number | null; hidden: boolean }
interface Group { entity: string; title: string; path: string | null; count: number; items: { id: string; label: string; state: string; stateLabel: string; createTime: string }[] }

describe.each(databases)('the personal desk on $name', (database) => {
  let s: TestServer;
  let users: Record<string, DemoUser>;
  let depts: Record<string, string>;
  const tokens: Record<string, string> = {};
  const roleIds: Record<string, string> = {};
  const db = () => s.server.ctx.database.db;

  beforeAll(async () => {
    s = await startTestServer(database);
    users = await demoUsers(s);
    depts = await deptIds(s);
    for (const account of ['admin', 'lina', 'liuyang', 'wangfang', 'xuming', 'zhangwei', 'sunyue', 'chenjing']) tokens[account] = await s.login(account);
    for (const r of await db().selectFrom('sys_role').select(['roleId', 'roleCode']).execute()) roleIds[String(r.roleCode)] = String(r.roleId);
  });
  afterAll(async () => { await s.stop(); });

  const desk = async (account: string) => {
    const res = await s.get(tokens[account], '/get/system/getMyDesk');
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data as { widgets: Placed[]; customised: boolean };
  };
  const codes = async (account: string) => (await desk(account)).widgets.map((w) => w.widgetCode);
  const layoutOf = async (userId: string) => (await db().selectFrom('sys_user_setting').select('value')
    .where('userId', '=', userId).where('settingKey', '=', 'desk').executeTakeFirst())?.value ?? null;
  const pending = async (account: string) => {
    const res = await s.get(tokens[account], '/get/system/getPendingInfo');
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data as { groups: Group[]; total: number; unreadMessages: number };
  };
  const group = async (account: string, entity: string) => (await pending(account)).groups.find((g) => g.entity === entity);
  const countOf = async (account: string, entity: string) => (await group(account, entity))?.count ?? 0;
  const outing = (over: Record<string, unknown> = {}) => ({
    destination: '上海市长宁区 客户B公司', reason: '合同谈判（私密）', transport: 'taxi',
    startTime: from(2 * HOUR), endTime: from(5 * HOUR), ...over,
  });
  async function registerOuting(account: string, over: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await s.post(tokens[account], '/set/office/insertOfficeOut', outing(over));
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  }
  async function approve(id: string): Promise<void> {
    const res = await s.post(tokens.wangfang, '/set/office/approveOfficeOut', { id });
    expect(res.body.code, res.body.message).toBe(200);
  }

  describe('the demo data', () => {
    it('configures the built-in widgets, weather among them eight columns wide', async () => {
      const rows = await db().selectFrom('sys_desk_config').select(['widgetCode', 'colSpan']).execute();
      const spans = Object.fromEntries(rows.map((r) => [String(r.widgetCode), Number(r.colSpan)]));
      for (const code of ['welcome', 'quickLinks', 'pendingInfo', 'recentOutings', 'messages', 'weather']) expect(spans, code).toHaveProperty(code);
      expect(spans.weather).toBe(8);
    });

    it('gives the approver an outing to decide and the desk approved outings around now', async () => {
      expect(await countOf('wangfang', 'OfficeOut')).toBeGreaterThanOrEqual(1);
      const outings = await s.get(tokens.lina, '/get/system/getRecentOutings');
      expect(outings.body.data.length).toBeGreaterThanOrEqual(2);
      expect(outings.body.data.some((o: { ongoing: boolean }) => o.ongoing)).toBe(true);
    });
  });

  describe('getMyDesk', () => {
    beforeAll(async () => {
      const hrOnly = await s.post(tokens.admin, '/set/system/insertDeskConfig', { widgetCode: 'hrOnly', title: '人事看板', colSpan: 12, sort: 50, roleIds: [roleIds.hr] });
      expect(hrOnly.body.code, hrOnly.body.message).toBe(200);
      const off = await s.post(tokens.admin, '/set/system/insertDeskConfig', { widgetCode: 'switchedOff', title: '停用组件', colSpan: 12, sort: 51, enabled: 0 });
      expect(off.body.code, off.body.message).toBe(200);
    });

    it('answers 401 without a session', async () => {
      expect((await s.get(undefined, '/get/system/getMyDesk')).status).toBe(401);
    });

    it('shows the enabled widgets meant for everyone or for one of the user\'s roles, in the configured order', async () => {
      const configured = await db().selectFrom('sys_desk_config').select(['widgetCode', 'roleIds', 'sort', 'deskId'])
        .where('enabled', '=', 1).orderBy('sort').orderBy('deskId').execute();
      const forEveryone = configured.filter((r) => !r.roleIds).map((r) => String(r.widgetCode));
      const lina = await desk('lina');
      expect(lina.customised).toBe(false);
      expect(lina.widgets.map((w) => w.widgetCode)).toEqual(forEveryone);
      expect(lina.widgets.every((w) => w.hidden === false)).toBe(true);
      expect(lina.widgets.find((w) => w.widgetCode === 'recentOutings')).toMatchObject({ title: '近期外出', colSpan: 12, height: 360 });
      const hr = await codes('zhangwei');
      expect(hr).toContain('hrOnly');
      expect(hr).not.toContain('switchedOff');
      expect(await codes('lina')).not.toContain('hrOnly');
      // The superuser is no exception to the role filter.
      expect(await codes('admin')).not.toContain('hrOnly');
    });
  });

  describe('saveMyDesk', () => {
    it('keeps the user\'s order and hidden widgets; widgets the order leaves out follow in configured order', async () => {
      const before = await codes('liuyang');
      const res = await s.post(tokens.lina, '/set/system/saveMyDesk', { order: ['messages', 'pendingInfo', 'welcome'], hidden: ['quickLinks'] });
      expect(res.body.code, res.body.message).toBe(200);
      const lina = await desk('lina');
      expect(lina.customised).toBe(true);
      const all = lina.widgets.map((w) => w.widgetCode);
      expect(all.slice(0, 3)).toEqual(['messages', 'pendingInfo', 'welcome']);
      expect(all.slice(3)).toEqual(before.filter((c) => !['messages', 'pendingInfo', 'welcome'].includes(c)));
      expect(lina.widgets.filter((w) => w.hidden).map((w) => w.widgetCode)).toEqual(['quickLinks']);
      // Another user's desk is untouched.
      expect(await codes('liuyang')).toEqual(before);
    });

    it('also takes the lists as JSON', async () => {
      const res = await s.postJson(tokens.chenjing, '/set/system/saveMyDesk', { order: ['recentOutings'], hidden: [] });
      expect(res.body.code, res.body.message).toBe(200);
      expect((await codes('chenjing'))[0]).toBe('recentOutings');
    });

    it('refuses a widget the user may not see, an unknown one and a repeated one, with code 100, and stores nothing', async () => {
      const stored = await layoutOf(users.lina.userId);
      const notMine = await s.post(tokens.lina, '/set/system/saveMyDesk', { order: ['hrOnly', 'welcome'] });
      expect(notMine.status).toBe(200);
      expect(notMine.body.code).toBe(100);
      expect(notMine.body.message).toBe('组件“hrOnly”不在您的工作台上');
      const en = await postEn(s, tokens.lina, '/set/system/saveMyDesk', { order: ['welcome'], hidden: ['switchedOff'] });
      expect(en.body.code).toBe(100);
      expect(en.body.message).toBe('The widget "switchedOff" is not on your desk');
      const unknown = await s.post(tokens.lina, '/set/system/saveMyDesk', { order: ['noSuchWidget'] });
      expect(unknown.body.code).toBe(100);
      const repeated = await s.post(tokens.lina, '/set/system/saveMyDesk', { order: ['welcome', 'messages', 'welcome'] });
      expect(repeated.body.code).toBe(100);
      expect(repeated.body.message).toBe('组件“welcome”在排序中出现了多次');
      expect(await layoutOf(users.lina.userId)).toBe(stored);
      expect((await s.post(undefined, '/set/system/saveMyDesk', { order: ['welcome'] })).status).toBe(401);
    });

    it('drops a saved widget from the desk once the user may no longer see it', async () => {
      expect((await s.post(tokens.zhangwei, '/set/system/saveMyDesk', { order: ['hrOnly', 'welcome'] })).body.code).toBe(200);
      expect((await codes('zhangwei')).slice(0, 2)).toEqual(['hrOnly', 'welcome']);
      const row = await db().selectFrom('sys_desk_config').select('deskId').where('widgetCode', '=', 'hrOnly').executeTakeFirstOrThrow();
      expect((await s.post(tokens.admin, '/set/system/updateDeskConfig', { id: row.deskId, enabled: 0 })).body.code).toBe(200);
      expect((await codes('zhangwei'))[0]).toBe('welcome');
      expect((await s.post(tokens.admin, '/set/system/updateDeskConfig', { id: row.deskId, enabled: 1 })).body.code).toBe(200);
    });
  });

  describe('cloneAdminDesk', () => {
    const logRows = () => db().selectFrom('sys_operation_log').selectAll().where('detail', '=', 'cloneAdminDesk').execute();

    it('refuses admin before admin has saved a desk of its own', async () => {
      const res = await s.post(tokens.admin, '/set/system/cloneAdminDesk', { userIds: [users.liuyang.userId] });
      expect(res.body.code).toBe(100);
      expect(res.body.message).toBe('您还没有保存自己的工作台布局，请先自定义并保存后再复制');
      expect(await layoutOf(users.liuyang.userId)).toBeNull();
    });

    it('copies admin\'s arrangement to the chosen users and logs each copy', async () => {
      expect((await s.post(tokens.admin, '/set/system/saveMyDesk', { order: ['recentOutings', 'pendingInfo', 'messages'], hidden: ['welcome'] })).body.code).toBe(200);
      const res = await s.post(tokens.admin, '/set/system/cloneAdminDesk', { userIds: [users.liuyang.userId, users.xuming.userId] });
      expect(res.body.code, res.body.message).toBe(200);
      expect(res.body.data).toEqual({ count: 2 });
      for (const account of ['liuyang', 'xuming']) {
        const copy = await desk(account);
        expect(copy.widgets.slice(0, 3).map((w) => w.widgetCode)).toEqual(['recentOutings', 'pendingInfo', 'messages']);
        expect(copy.widgets.filter((w) => w.hidden).map((w) => w.widgetCode)).toEqual(['welcome']);
      }
      const logs = await logRows();
      expect(logs.map((l) => l.recordId).sort()).toEqual([users.liuyang.userId, users.xuming.userId].sort());
      expect(logs.every((l) => l.accountId === 'admin' && l.entity === 'User' && l.action === 'update')).toBe(true);
    });

    it('refuses everyone but the admin account with 403, a delegated administrator too, and changes nothing', async () => {
      const passwordHash = await hashPassword('Deputy@123');
      const deputy = await s.post(tokens.admin, '/set/system/insertUser', { accountId: 'deputyadmin', userName: '副管理员', deptId: depts['总经理办公室'], roleIds: [roleIds.admin], status: 1 });
      expect(deputy.body.code, deputy.body.message).toBe(200);
      await db().insertInto('sys_credential').values({ userId: deputy.body.data.userId, passwordHash, updateTime: '2026-01-01 00:00:00' }).execute();
      const deputyToken = await s.login('deputyadmin', 'Deputy@123');
      expect((await s.post(deputyToken, '/set/system/saveMyDesk', { order: ['messages'] })).body.code).toBe(200);

      const before = { chenjing: await layoutOf(users.chenjing.userId), wangfang: await layoutOf(users.wangfang.userId), logs: (await logRows()).length };
      for (const token of [tokens.lina, tokens.wangfang, deputyToken]) {
        for (const body of [{ userIds: [users.chenjing.userId] }, { all: 1 }]) {
          const res = await s.post(token, '/set/system/cloneAdminDesk', body);
          expect(res.status).toBe(403);
          expect(res.body.code).toBe(403);
          expect(res.body.message).toBe('只有 admin 账号可以复制管理员工作台');
        }
      }
      expect(await layoutOf(users.chenjing.userId)).toBe(before.chenjing);
      expect(await layoutOf(users.wangfang.userId)).toBe(before.wangfang);
      expect((await logRows()).length).toBe(before.logs);
    });

    it('refuses admin signed in as another account', async () => {
      const as = await s.post(tokens.admin, '/set/system/loginOtherAccount', { accountId: 'zhangwei' });
      expect(as.body.code).toBe(200);
      expect((await s.post(as.body.data.token, '/set/system/cloneAdminDesk', { userIds: [users.chenjing.userId] })).status).toBe(403);
    });

    it('refuses no choice and an unknown user with code 100, writing nothing', async () => {
      const before = { lina: await layoutOf(users.lina.userId), logs: (await logRows()).length };
      expect((await s.post(tokens.admin, '/set/system/cloneAdminDesk', {})).body.code).toBe(100);
      const unknown = await s.post(tokens.admin, '/set/system/cloneAdminDesk', { userIds: [users.lina.userId, 'no-such-user'] });
      expect(unknown.body.code).toBe(100);
      expect(unknown.body.message).toBe('用户不存在：no-such-user');
      expect(await layoutOf(users.lina.userId)).toBe(before.lina);
      expect((await logRows()).length).toBe(before.logs);
    });

    it('copies to every user of admin\'s unit', async () => {
      const unitUsers = await db().selectFrom('sys_user').select('userId').where('unitId', '=', users.admin.unitId).execute();
      const res = await s.post(tokens.admin, '/set/system/cloneAdminDesk', { all: 1 });
      expect(res.body.code, res.body.message).toBe(200);
      expect(res.body.data.count).toBe(unitUsers.length - 1);
      const adminLayout = await layoutOf(users.admin.userId);
      for (const { userId } of unitUsers) expect(await layoutOf(String(userId)), String(userId)).toBe(adminLayout);
    });
  });

  describe('getPendingInfo', () => {
    it('answers 401 without a session', async () => {
      expect((await s.get(undefined, '/get/system/getPendingInfo')).status).toBe(401);
    });

    it('counts an outing for the approver when it is registered and no more once it is approved', async () => {
      const before = await countOf('wangfang', 'OfficeOut');
      const registered = await registerOuting('lina');
      const waiting = await group('wangfang', 'OfficeOut');
      expect(waiting?.count).toBe(before + 1);
      expect(waiting).toMatchObject({ title: 'entity.OfficeOut.title', path: '/office/out' });
      expect(waiting?.items[0]).toMatchObject({ id: registered.outId, label: '上海市长宁区 客户B公司', state: 'applied', stateLabel: 'entity.OfficeOut.state.applied' });
      // Nothing waits for the applicant (no transition of hers), nor for a dispatcher who is no approver.
      expect(await countOf('lina', 'OfficeOut')).toBe(0);
      expect(await countOf('xuming', 'OfficeOut')).toBe(0);
      await approve(registered.outId);
      expect(await countOf('wangfang', 'OfficeOut')).toBe(before);
    });

    it('counts for the dispatcher the applications to decide or take back, for the applicant her own approved ones to give back', async () => {
      const dispatcher = await countOf('xuming', 'OfficeVehicleApply');
      const lina = await countOf('lina', 'OfficeVehicleApply');
      const unread = (await pending('lina')).unreadMessages;
      const application = { title: '待办测试用车', vehicleType: 'sedan', destination: '浦东机场', passengers: 1, startTime: from(DAY), endTime: from(DAY + 3 * HOUR), driverNeeded: 1 };
      const mine = (await s.post(tokens.lina, '/set/office/insertOfficeVehicleApply', application)).body.data;
      const his = (await s.post(tokens.liuyang, '/set/office/insertOfficeVehicleApply', application)).body.data;
      expect(await countOf('xuming', 'OfficeVehicleApply')).toBe(dispatcher + 2);
      expect(await countOf('lina', 'OfficeVehicleApply')).toBe(lina);
      for (const app of [mine, his]) expect((await s.post(tokens.xuming, '/set/office/approveOfficeVehicleApply', { id: app.applyId })).body.code).toBe(200);
      // Approved, they still wait for a dispatcher: giveBack is the dispatcher's too.
      const approved = await group('xuming', 'OfficeVehicleApply');
      expect(approved?.count).toBe(dispatcher + 2);
      expect(approved?.items.filter((i) => [mine.applyId, his.applyId].includes(i.id)).map((i) => i.state)).toEqual(['approved', 'approved']);
      // giveBack is also an owner transition: her own approved application waits for her, liuyang's does not.
      const hers = await group('lina', 'OfficeVehicleApply');
      expect(hers?.count).toBe(lina + 1);
      expect(hers?.items.map((i) => i.id)).toContain(mine.applyId);
      expect(hers?.items.map((i) => i.id)).not.toContain(his.applyId);
      const ownApproved = await db().selectFrom('office_vehicle_apply').select('applyId').where('createUser', '=', users.lina.userId).where('status', '=', 'approved').execute();
      expect(hers?.count).toBe(ownApproved.length);
      // The approval's notice to her is an unread system message.
      expect((await pending('lina')).unreadMessages).toBe(unread + 1);
      expect((await s.post(tokens.lina, '/set/office/returnOfficeVehicleApply', { id: mine.applyId, returnMileage: 35 })).body.code).toBe(200);
      expect(await countOf('lina', 'OfficeVehicleApply')).toBe(lina);
      expect(await countOf('xuming', 'OfficeVehicleApply')).toBe(dispatcher + 1);
    });

    it('keeps to the data scope: a data-permission role narrows what waits for the approver', async () => {
      const frontend = await registerOuting('lina', { destination: '前端组外出' });
      const backend = await registerOuting('liuyang', { destination: '后端组外出' });
      const ids = async () => (await group('wangfang', 'OfficeOut'))?.items.map((i) => i.id) ?? [];
      const full = await countOf('wangfang', 'OfficeOut');
      expect(await ids()).toEqual(expect.arrayContaining([frontend.outId, backend.outId]));
      const grant = await s.post(tokens.admin, '/set/system/insertDataRole', {
        entityName: 'OfficeOut', roleName: '只审前端组外出', dataScope: '6', deptIds: [depts['前端开发组']], userIds: [users.wangfang.userId],
      });
      expect(grant.body.code, grant.body.message).toBe(200);
      const scoped = await db().selectFrom('office_out').select('outId').where('status', '=', 'applied').where('createDept', '=', depts['前端开发组']).execute();
      expect(await countOf('wangfang', 'OfficeOut')).toBe(scoped.length);
      expect(await countOf('wangfang', 'OfficeOut')).toBeLessThan(full);
      expect(await ids()).toContain(frontend.outId);
      expect(await ids()).not.toContain(backend.outId);
      // The transition agrees: outside the scope it is refused.
      expect((await s.post(tokens.wangfang, '/set/office/approveOfficeOut', { id: backend.outId })).status).toBe(403);
      expect((await s.post(tokens.admin, '/set/system/deleteDataRole', { id: grant.body.data.dataRoleId })).body.code).toBe(200);
      expect(await countOf('wangfang', 'OfficeOut')).toBe(full);
    });

    it('gives the administrator the registrations and enterprises to approve, and the registrant her rejected enterprise to resubmit', async () => {
      const admin = await pending('admin');
      const registrations = await db().selectFrom('sys_user_registration').select('registrationId').where('status', '=', 'pending').execute();
      expect(admin.groups.find((g) => g.entity === 'SysUserRegistration')).toMatchObject({ count: registrations.length, path: '/system/registration' });
      expect(admin.groups.find((g) => g.entity === 'Enterprise')?.count).toBe(1);
      // admin holds every permission but not the approver's or dispatcher's role.
      expect(admin.groups.map((g) => g.entity)).not.toContain('OfficeOut');
      expect(admin.groups.map((g) => g.entity)).not.toContain('OfficeVehicleApply');
      // Publishing a definition is always at hand, never awaited (transition pending: false).
      expect(admin.groups.map((g) => g.entity)).not.toContain('BpmProcess');
      // lina hosts an approved booking she may cancel: cancelling is at hand, not work waiting for her.
      expect((await pending('lina')).groups.map((g) => g.entity)).not.toContain('OfficeMeeting');
      expect(admin.total).toBe(admin.groups.reduce((sum, g) => sum + g.count, 0));
      const registrant = await group('sunyue', 'Enterprise');
      expect(registrant?.count).toBe(1);
      expect(registrant?.items[0]).toMatchObject({ label: '苏州明德精密制造有限公司', state: 'rejected' });
    });
  });

  describe('getRecentOutings', () => {
    const recent = async (account: string) => {
      const res = await s.get(tokens[account], '/get/system/getRecentOutings');
      expect(res.body.code, res.body.message).toBe(200);
      return res.body.data as Record<string, unknown>[];
    };

    it('lists approved outings of the unit overlapping the week before and after now, newest first, without the reason', async () => {
      const inside = await registerOuting('liuyang', { destination: '窗口内-六天前', startTime: from(-6 * DAY - 4 * HOUR), endTime: from(-6 * DAY) });
      const later = await registerOuting('liuyang', { destination: '窗口内-六天后', startTime: from(6 * DAY), endTime: from(6 * DAY + 2 * HOUR) });
      const tooOld = await registerOuting('liuyang', { destination: '窗口外-八天前', startTime: from(-8 * DAY - 2 * HOUR), endTime: from(-8 * DAY) });
      const tooFar = await registerOuting('liuyang', { destination: '窗口外-八天后', startTime: from(8 * DAY), endTime: from(8 * DAY + 2 * HOUR) });
      const waiting = await registerOuting('liuyang', { destination: '未审批' });
      for (const o of [inside, later, tooOld, tooFar]) await approve(o.outId);

      const list = await recent('lina');
      const destinations = list.map((o) => o.destination);
      expect(destinations).toEqual(expect.arrayContaining(['窗口内-六天前', '窗口内-六天后']));
      for (const excluded of ['窗口外-八天前', '窗口外-八天后', waiting.destination]) expect(destinations).not.toContain(excluded);
      const starts = list.map((o) => String(o.startTime));
      expect(starts).toEqual([...starts].sort().reverse());
      for (const o of list) {
        expect(Object.keys(o).sort()).toEqual(['applicantName', 'deptName', 'destination', 'endTime', 'ongoing', 'outId', 'startTime']);
        expect(JSON.stringify(o)).not.toContain('私密');
      }
      expect(list.find((o) => o.outId === inside.outId)).toMatchObject({ applicantName: '刘洋', deptName: '后端开发组', ongoing: false });
      const now = await registerOuting('liuyang', { destination: '正在外出', startTime: from(-HOUR), endTime: from(HOUR) });
      await approve(now.outId);
      expect((await recent('lina')).find((o) => o.outId === now.outId)?.ongoing).toBe(true);
    });

    it('shows only the user\'s own unit and at most twenty', async () => {
      const out = s.server.ctx.registry.entities.get('OfficeOut')!;
      const template = await db().selectFrom(out.table).selectAll().where('status', '=', 'approved').where('destination', '=', '正在外出').executeTakeFirstOrThrow();
      await db().insertInto(out.table).values({ ...template, outId: 'other-unit-outing', unitId: 'another-unit', destination: '别的单位' }).execute();
      for (let i = 0; i < 25; i += 1) {
        await db().insertInto(out.table).values({ ...template, outId: `bulk-${String(i).padStart(2, '0')}`, destination: `批量-${i}` }).execute();
      }
      const list = await recent('lina');
      expect(list).toHaveLength(20);
      expect(list.map((o) => o.destination)).not.toContain('别的单位');
    });

    it('answers only users whose desk holds the widget', async () => {
      const row = await db().selectFrom('sys_desk_config').select('deskId').where('widgetCode', '=', 'recentOutings').executeTakeFirstOrThrow();
      expect((await s.post(tokens.admin, '/set/system/updateDeskConfig', { id: row.deskId, roleIds: [roleIds.hr] })).body.code).toBe(200);
      const refused = await s.get(tokens.lina, '/get/system/getRecentOutings');
      expect(refused.status).toBe(403);
      expect(refused.body.data).toBeNull();
      expect((await s.get(tokens.zhangwei, '/get/system/getRecentOutings')).body.code).toBe(200);
      expect((await s.post(tokens.admin, '/set/system/updateDeskConfig', { id: row.deskId, roleIds: '' })).body.code).toBe(200);
      expect((await s.get(tokens.lina, '/get/system/getRecentOutings')).body.code).toBe(200);
      expect((await s.get(undefined, '/get/system/getRecentOutings')).status).toBe(401);
    });
  });

  describe('the OfficeOut entity', () => {
    it('makes the signed-in user the person out and their department the outing\'s; only who may act for others names someone else', async () => {
      const own = await registerOuting('lina');
      expect(own).toMatchObject({ applicant: users.lina.userId, applicantName: '李娜', dept: users.lina.deptId, status: 'applied' });
      // Staff register their own outings only (server/entity/ownerFields.ts; tests/api/ownerFields.test.ts).
      const refused = await s.post(tokens.lina, '/set/office/insertOfficeOut', outing({ applicant: users.liuyang.userId }));
      expect(refused.body.code).toBe(100);
      const forColleague = await registerOuting('wangfang', { applicant: users.liuyang.userId, dept: users.liuyang.deptId });
      expect(forColleague).toMatchObject({ applicant: users.liuyang.userId, dept: users.liuyang.deptId, createUser: users.wangfang.userId });
      // It is liuyang's outing: on his own list.
      const mine = await s.get(tokens.liuyang, '/get/office/getMyOfficeOutList', { pageSize: 100 });
      expect(mine.body.data.list.map((r: { outId: string }) => r.outId)).toContain(forColleague.outId);
    });

    it('refuses a return before the departure, naming the field, and stores nothing', async () => {
      const before = (await db().selectFrom('office_out').select('outId').execute()).length;
      const res = await s.post(tokens.lina, '/set/office/insertOfficeOut', outing({ startTime: from(5 * HOUR), endTime: from(2 * HOUR) }));
      expect(res.body.code).toBe(100);
      expect(res.body.data.errors).toContainEqual({ field: 'endTime', message: '返回时间：返回时间不能早于外出时间' });
      expect((await db().selectFrom('office_out').select('outId').execute()).length).toBe(before);
    });

    it('leaves the decision to the approver: the applicant is refused with 403, a rejection needs an opinion', async () => {
      const registered = await registerOuting('lina');
      expect((await s.post(tokens.lina, '/set/office/approveOfficeOut', { id: registered.outId })).status).toBe(403);
      expect((await s.post(tokens.xuming, '/set/office/approveOfficeOut', { id: registered.outId })).status).toBe(403);
      expect((await s.post(tokens.wangfang, '/set/office/rejectOfficeOut', { id: registered.outId })).body.code).toBe(100);
      const stored = await db().selectFrom('office_out').select('status').where('outId', '=', registered.outId).executeTakeFirstOrThrow();
      expect(stored.status).toBe('applied');
      expect((await s.post(tokens.wangfang, '/set/office/rejectOfficeOut', { id: registered.outId, opinion: '改期' })).body.data.status).toBe('rejected');
    });
  });
});

describe.each(databases)('pending work decided by a guard over the stored record on $name', (database) => {
  let s: TestServer;
  let schemaDir: string;
  let wangfang: string;
  let lina: string;

  beforeAll(async () => {
    // The same schemas, but the approver may approve only outings that do not need a plane.
    schemaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-desk-schemas-'));
    fs.cpSync(path.resolve('schemas'), schemaDir, { recursive: true });
    const file = path.join(schemaDir, 'office', 'OfficeOut.json');
    const schema = JSON.parse(fs.readFileSync(file, 'utf8'));
    schema.flow.transitions = schema.flow.transitions
      .filter((t: { name: string }) => t.name === 'approve')
      .map((t: Record<string, unknown>) => ({ ...t, guard: "transport != 'plane'", guardMessage: 'entity.OfficeOut.rule.endAfterStart' }));
    fs.writeFileSync(file, JSON.stringify(schema));
    // Without the reject transition its button is gone, and a role granting it would stop the start.
    const moduleFile = path.join(schemaDir, 'office', 'module.json');
    const mod = JSON.parse(fs.readFileSync(moduleFile, 'utf8'));
    for (const role of mod.roles) role.grants = role.grants.filter((grant: string) => grant !== 'office:OfficeOut:reject');
    fs.writeFileSync(moduleFile, JSON.stringify(mod));
    s = await startTestServer(database, { SCHEMA_DIR: schemaDir });
    [wangfang, lina] = await Promise.all([s.login('wangfang'), s.login('lina')]);
  });
  afterAll(async () => {
    await s.stop();
    fs.rmSync(schemaDir, { recursive: true, force: true });
  });

  it('counts only the records the guard lets the user decide', async () => {
    const count = async () => {
      const res = await s.get(wangfang, '/get/system/getPendingInfo');
      return (res.body.data.groups as Group[]).find((g) => g.entity === 'OfficeOut')?.count ?? 0;
    };
    const before = await count();
    const insert = async (transport: string) => {
      const res = await s.post(lina, '/set/office/insertOfficeOut', { destination: `乘${transport}`, reason: '出差', transport, startTime: from(DAY), endTime: from(2 * DAY) });
      expect(res.body.code, res.body.message).toBe(200);
      return res.body.data.outId as string;
    };
    await insert('train');
    const byPlane = await insert('plane');
    expect(await count()).toBe(before + 1);
    // The call agrees: the plane outing cannot be approved.
    expect((await s.post(wangfang, '/set/office/approveOfficeOut', { id: byPlane })).body.code).toBe(100);
  });
});
