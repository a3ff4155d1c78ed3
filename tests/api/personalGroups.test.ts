import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import type { PickerGroup } from '../../runtime/core/people';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();


describe.each(databases)('personal groups and the user picker on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let lina: string;
  let liuyang: string;
  let users: Record<string, DemoUser>;
  const db = () => s.server.ctx.database.db;
  const groupRow = (groupId: string) => db().selectFrom('sys_personal_group').selectAll().where('groupId', '=', groupId).executeTakeFirst();
  const pickerGroups = async (token: string) => {
    const answer = await s.get<PickerGroup[]>(token, '/get/system/getPickerUserGroups');
    expect(answer.body.code).toBe(200);
    return answer.body.data;
  };

  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
    lina = await s.login('lina');
    liuyang = await s.login('liuyang');
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  describe('我的分组: rows belong to their creator alone', () => {
    let linaGroup: string;

    it('lets a member of staff create, list, read and change their own group', async () => {
      const created = await s.post(lina, '/set/system/insertPersonalGroup', {
        groupName: '需求评审', memberIds: [users.liuyang.userId, users.zhoujie.userId].join(','), sort: 2,
      });
      expect(created.body.code).toBe(200);
      linaGroup = String(created.body.data.groupId);
      const list = await s.get(lina, '/get/system/getPersonalGroupList', { page: 1, pageSize: 15 });
      expect(list.body.code).toBe(200);
      const names = list.body.data.list.map((r: Record<string, unknown>) => r.groupName);
      // The demo's 常用审批人 and the new one: lina's own, nobody else's.
      expect(names).toEqual(expect.arrayContaining(['常用审批人', '需求评审']));
      expect(list.body.data.list.every((r: Record<string, unknown>) => r.createUser === users.lina.userId)).toBe(true);
      const byId = await s.get(lina, '/get/system/getPersonalGroupById', { groupId: linaGroup });
      expect(byId.body.data.memberIdsName).toBe('刘洋,周杰');
      const updated = await s.post(lina, '/set/system/updatePersonalGroup', {
        groupId: linaGroup, groupName: '需求评审组', memberIds: users.liuyang.userId, sort: 2,
      });
      expect(updated.body.code).toBe(200);
      expect((await groupRow(linaGroup))?.groupName).toBe('需求评审组');
    });

    it('refuses another member of staff by id, on every read and write, and changes nothing', async () => {
      expect((await s.get(liuyang, '/get/system/getPersonalGroupById', { groupId: linaGroup })).status).toBe(403);
      const update = await s.post(liuyang, '/set/system/updatePersonalGroup', { groupId: linaGroup, groupName: '改名', memberIds: users.liuyang.userId });
      expect(update.status).toBe(403);
      expect((await s.post(liuyang, '/set/system/deletePersonalGroup', { groupId: linaGroup })).status).toBe(403);
      const batch = await s.post(liuyang, '/set/system/deletePersonalGroupByIds', { ids: [linaGroup] });
      expect(batch.status).toBe(403);
      const row = await groupRow(linaGroup);
      expect(row?.groupName).toBe('需求评审组');
      const list = await s.get(liuyang, '/get/system/getPersonalGroupList', { page: 1, pageSize: 15 });
      expect(list.body.data.list.map((r: Record<string, unknown>) => r.groupId)).not.toContain(linaGroup);
    });

    it('keeps them from the administrator too: the superuser role does not open personal rows', async () => {
      expect((await s.get(admin, '/get/system/getPersonalGroupById', { groupId: linaGroup })).status).toBe(403);
      const list = await s.get(admin, '/get/system/getPersonalGroupList', { page: 1, pageSize: 50 });
      expect(list.body.data.list.map((r: Record<string, unknown>) => r.groupId)).not.toContain(linaGroup);
      expect((await s.post(admin, '/set/system/deletePersonalGroup', { groupId: linaGroup })).status).toBe(403);
      expect(await groupRow(linaGroup)).toBeDefined();
    });

    it('refuses a group without members with the form\'s message, and a user without the grant', async () => {
      const empty = await s.post(lina, '/set/system/insertPersonalGroup', { groupName: '空组' });
      expect(empty.body.code).toBe(100);
      expect(await db().selectFrom('sys_personal_group').select('groupId').where('groupName', '=', '空组').executeTakeFirst()).toBeUndefined();
      const auditor = await s.login('auditor');
      expect((await s.get(auditor, '/get/system/getPersonalGroupList', { page: 1 })).status).toBe(403);
    });

    it('lets the owner delete it', async () => {
      expect((await s.post(lina, '/set/system/deletePersonalGroup', { groupId: linaGroup })).body.code).toBe(200);
      expect(await groupRow(linaGroup)).toBeUndefined();
    });
  });

  describe('getPickerUserGroups', () => {
    it('offers the caller their own groups and the unit\'s user groups, with active members and departments', async () => {
      const groups = await pickerGroups(lina);
      const personal = groups.filter((g) => g.kind === 'personal');
      expect(personal.map((g) => g.groupName)).toEqual(['常用审批人']);
      expect(personal[0].members.map((m) => m.label)).toEqual(['王芳', '张伟']);
      expect(personal[0].members.every((m) => typeof m.deptName === 'string' && m.deptName !== '')).toBe(true);
      const unit = groups.filter((g) => g.kind === 'unit').map((g) => g.groupName);
      expect(unit).toEqual(expect.arrayContaining(['信息化建设领导小组', '人事行政联络组', '前端技术分享小组']));
      // Personal groups first, then the unit's in their order.
      expect(groups.findIndex((g) => g.kind === 'unit')).toBe(personal.length);
    });

    it('never shows one user\'s personal group to another', async () => {
      const groups = await pickerGroups(liuyang);
      expect(groups.some((g) => g.groupName === '常用审批人')).toBe(false);
      expect(groups.filter((g) => g.kind === 'personal')).toEqual([]);
    });

    it('leaves a disabled account out of the members', async () => {
      await db().updateTable('sys_user').set({ status: 0 }).where('userId', '=', users.zhangwei.userId).execute();
      try {
        const personal = (await pickerGroups(lina)).find((g) => g.groupName === '常用审批人');
        expect(personal?.members.map((m) => m.label)).toEqual(['王芳']);
      } finally {
        await db().updateTable('sys_user').set({ status: 1 }).where('userId', '=', users.zhangwei.userId).execute();
      }
    });

    it('answers only a signed-in user', async () => {
      expect((await s.get(undefined, '/get/system/getPickerUserGroups')).status).toBe(401);
    });
  });

  describe('what the open pickers tell a user who may not read the list', () => {
    it('answers who and where, never a phone number or an e-mail address, and refuses filters on hidden fields', async () => {
      const answer = await s.get(liuyang, '/get/system/getUserListForSelect', { page: 1, pageSize: 50 });
      expect(answer.body.code).toBe(200);
      const rows = answer.body.data.list as Record<string, unknown>[];
      const lina = rows.find((r) => r.value === users.lina.userId)!;
      expect(Object.keys(lina).sort()).toEqual(['accountId', 'deptId', 'deptIdName', 'label', 'sort', 'status', 'userId', 'userName', 'value']);
      expect(JSON.stringify(rows)).not.toContain('13800000003');
      const probe = await s.get(liuyang, '/get/system/getUserListForSelect', { page: 1, filterObj: { phone: { value: '13800000003', operator: 'eq' } } });
      expect(probe.body).toMatchObject({ code: 100, message: '不能按字段 phone 筛选' });
      expect(probe.body.data).toMatchObject({ field: 'phone' });
    });

    it('answers whole rows to a user who may read the list', async () => {
      const answer = await s.get(admin, '/get/system/getUserListForSelect', { page: 1, pageSize: 50, filterObj: { phone: { value: '13800000003', operator: 'eq' } } });
      expect(answer.body.code).toBe(200);
      expect(answer.body.data.list).toHaveLength(1);
      expect(answer.body.data.list[0]).toMatchObject({ label: '李娜', phone: '13800000003' });
    });

    it('gives trees the same reduction: departments without their phone numbers', async () => {
      const tree = await s.get(liuyang, '/get/system/getDeptTree');
      expect(tree.body.code).toBe(200);
      const root = tree.body.data[0] as Record<string, unknown>;
      expect(root).toHaveProperty('label');
      expect(root).toHaveProperty('children');
      expect(root).not.toHaveProperty('phone');
    });
  });

  describe('the user picker\'s department list', () => {
    it('lists the active people of chosen departments through the open select call', async () => {
      const deptId = users.lina.deptId;
      const answer = await s.get(liuyang, '/get/system/getUserListForSelect', {
        page: 1, pageSize: 10, filterObj: { status: { value: 1, operator: 'eq' }, deptId: { value: [deptId], operator: 'include' } },
      });
      expect(answer.body.code).toBe(200);
      const rows = answer.body.data.list as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.deptId === deptId)).toBe(true);
      expect(rows.map((r) => r.label)).toContain('李娜');
      expect(rows[0].deptIdName).toBeTruthy();
    });
  });
});
