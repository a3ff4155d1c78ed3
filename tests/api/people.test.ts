import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, deptIds, type DemoUser } from './helpers';
import { hashPassword } from '../../server/auth/passwords';
import { newId, nowText } from '../../server/http/newId';
import { DevelopmentChatAdapter, type ChatAppAdapter, type ChatAppName } from '../../server/adapters/chat';
import { chatAdaptersFor, replaceChatAdapter } from '../../server/people';

const databases = await databasesUnderTest();

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const SECRET = 'dd-secret-never-shown';

/** A chat app that cannot be reached: what a real adapter meets when the network is down. */
class UnreachableChatApp implements ChatAppAdapter {
  calls = 0;
  constructor(readonly app: ChatAppName) {}
  async resolveUser() { return null; }
  async sendMessage() { throw new Error('connect ECONNREFUSED chat.example'); }
  private async fail(): Promise<void> {
    this.calls += 1;
    throw new Error('connect ECONNREFUSED chat.example');
  }
  upsertDepartment() { return this.fail(); }
  removeDepartment() { return this.fail(); }
  upsertUser() { return this.fail(); }
  removeUser() { return this.fail(); }
}

describe.each(databases)('organisation and people on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let lina: string;
  let zhangwei: string;
  let users: Record<string, DemoUser>;
  let depts: Record<string, string>;
  const db = () => s.server.ctx.database.db;
  const outbox = (channel: string) => db().selectFrom('sys_outbox').selectAll().where('channel', '=', channel).orderBy('createTime').orderBy('outboxId').execute();
  const chatConfig = (app: string) => db().selectFrom('sys_chat_app_config').selectAll().where('app', '=', app).executeTakeFirstOrThrow();
  const operations = async (channel: string) => (await outbox(channel)).map((row) => JSON.parse(String(row.body)) as { operation: string; target: string; payload: Record<string, unknown>; corpId: string });
  const userRow = (accountId: string) => db().selectFrom('sys_user').selectAll().where('accountId', '=', accountId).executeTakeFirstOrThrow();
  const lastSms = async (phone: string) => (await db().selectFrom('sys_outbox').selectAll().where('channel', '=', 'sms').where('recipient', '=', phone)
    .orderBy('outboxId', 'desc').executeTakeFirstOrThrow()).body as string;
  const passwordIn = (text: string) => /(?:初始密码|initial password)：([A-Za-z0-9]{12})/.exec(text)?.[1] ?? '';

  beforeAll(async () => {
    s = await startTestServer(database, { DINGTALK_CORP_ID: 'ding-corp-1', DINGTALK_APP_SECRET: SECRET, WXWORK_CORP_ID: 'ww-corp-1' });
    admin = await s.login('admin');
    lina = await s.login('lina');
    zhangwei = await s.login('zhangwei');
    users = await demoUsers(s);
    depts = await deptIds(s);
  });
  afterAll(async () => { await s.stop(); });

  describe('chat-app directory sync', () => {
    it('has one configuration row per app, with the identity from the environment and no secret', async () => {
      const list = await s.get(admin, '/get/system/getChatAppConfigList', { page: 1, pageSize: 10 });
      expect(list.body.code).toBe(200);
      expect(list.body.data.list.map((r: { app: string }) => r.app).sort()).toEqual(['dingtalk', 'wxwork']);
      expect(await chatConfig('dingtalk')).toMatchObject({ corpId: 'ding-corp-1', syncEnabled: 0 });
      expect(JSON.stringify(list.body.data)).not.toContain(SECRET);
      expect((await s.get(lina, '/get/system/getChatAppConfigList')).status).toBe(403);
    });

    it('refuses a plain user and an unknown app, sending nothing', async () => {
      const refused = await s.post(lina, '/set/system/syncDeptToChat', { app: 'dingtalk' });
      expect(refused.status).toBe(403);
      expect((await s.post(zhangwei, '/set/system/syncUserToChat', { app: 'wxwork' })).status).toBe(403);
      const unknown = await s.post(admin, '/set/system/syncDeptToChat', { app: 'telegram' });
      expect(unknown.body).toMatchObject({ code: 100, message: '未知的应用：telegram（可选 dingtalk、wxwork）' });
      expect(await outbox('dingtalk')).toHaveLength(0);
      expect(await outbox('wxwork')).toHaveLength(0);
    });

    it('sends every department of the unit, parents first, and records what would be sent in the outbox', async () => {
      const res = await s.post(admin, '/set/system/syncDeptToChat', { app: 'dingtalk' });
      expect(res.body.code, res.body.message).toBe(200);
      expect(res.body.data).toEqual({ app: 'dingtalk', departments: Object.keys(depts).length });
      const sent = await operations('dingtalk');
      expect(sent).toHaveLength(Object.keys(depts).length);
      const seen = new Set<string>();
      for (const entry of sent) {
        expect(entry.operation).toBe('upsertDepartment');
        if (entry.payload.parentId !== null) expect(seen.has(String(entry.payload.parentId))).toBe(true);
        seen.add(entry.target);
      }
      expect(sent[0].payload).toMatchObject({ deptId: depts['华东智联科技集团'], parentId: null, name: '华东智联科技集团' });
      expect(sent[0].corpId).toBe('ding-corp-1');
      expect(JSON.stringify(await outbox('dingtalk'))).not.toContain(SECRET);
      expect(await chatConfig('dingtalk')).toMatchObject({ lastSyncStatus: 'success', lastSyncMessage: `全量同步部门 ${sent.length} 条` });
    });

    it('sends every user with their department through the row action of the config screen', async () => {
      const config = await chatConfig('wxwork');
      const res = await s.post(admin, '/set/system/syncUserToChat', { id: config.chatAppConfigId });
      expect(res.body.code, res.body.message).toBe(200);
      const unitUsers = Object.values(users).filter((u) => u.unitId === users.admin.unitId);
      expect(res.body.data).toEqual({ app: 'wxwork', users: unitUsers.length });
      const sent = await operations('wxwork');
      const linaEntry = sent.find((e) => e.target === users.lina.userId)!;
      expect(linaEntry).toMatchObject({ operation: 'upsertUser', payload: { accountId: 'lina', name: '李娜', deptId: depts['前端开发组'], mobile: '13800000003', active: true } });
      const row = (await s.get(admin, '/get/system/getSysOutboxList', { page: 1, pageSize: 5, filterObj: { channel: { value: 'wxwork', operator: 'eq' } } })).body;
      expect(row.code, row.message).toBe(200);
      expect(row.data.total).toBe(unitUsers.length);
    });

    it('pushes committed writes while the app\'s sync is on, and nothing while it is off', async () => {
      const before = (await outbox('dingtalk')).length;
      const off = await s.post(admin, '/set/system/insertDept', { deptName: '不同步的部门', parentId: depts['行政部'], sort: 50 });
      expect(off.body.code).toBe(200);
      expect(await outbox('dingtalk')).toHaveLength(before);

      const config = await chatConfig('dingtalk');
      expect((await s.post(admin, '/set/system/updateChatAppConfig', { id: config.chatAppConfigId, syncEnabled: 1 })).body.code).toBe(200);
      const made = await s.post(admin, '/set/system/insertDept', { deptName: '质量部', parentId: depts['华东智联科技集团'], sort: 60 });
      expect(made.body.code).toBe(200);
      const moved = await s.post(admin, '/set/system/updateUser', { id: users.liuyang.userId, deptId: made.body.data.deptId });
      expect(moved.body.code, moved.body.message).toBe(200);
      expect((await s.post(admin, '/set/system/deleteDept', { id: off.body.data.deptId })).body.code).toBe(200);
      const pushed = (await operations('dingtalk')).slice(before);
      expect(pushed.map((e) => [e.operation, e.target])).toEqual([
        ['upsertDepartment', made.body.data.deptId],
        ['upsertUser', users.liuyang.userId],
        ['removeDepartment', off.body.data.deptId],
      ]);
      expect(pushed[0].payload).toMatchObject({ name: '质量部', parentId: depts['华东智联科技集团'], order: 60 });
      expect(pushed[1].payload).toMatchObject({ deptId: made.body.data.deptId });
      expect(await chatConfig('dingtalk')).toMatchObject({ lastSyncStatus: 'success' });
      // The other app's sync is off: nothing went there.
      expect((await operations('wxwork')).filter((e) => e.target === made.body.data.deptId)).toHaveLength(0);
    });

    it('keeps the user\'s write when the chat app fails, and shows the failure on the config screen', async () => {
      const unreachable = new UnreachableChatApp('dingtalk');
      const working = chatAdaptersFor(s.server.ctx).get('dingtalk')!;
      replaceChatAdapter(s.server.ctx, unreachable);
      try {
        const renamed = await s.post(admin, '/set/system/updateDept', { id: depts['财务部'], deptName: '财务管理部' });
        expect(renamed.body.code, renamed.body.message).toBe(200);
        expect(renamed.body.data.deptName).toBe('财务管理部');
        expect(unreachable.calls).toBe(1);
        const stored = await db().selectFrom('sys_dept').select('deptName').where('deptId', '=', depts['财务部']).executeTakeFirstOrThrow();
        expect(stored.deptName).toBe('财务管理部');
        const config = await chatConfig('dingtalk');
        expect(config.lastSyncStatus).toBe('failed');
        expect(String(config.lastSyncMessage)).toContain('connect ECONNREFUSED chat.example');
        expect(String(config.lastSyncMessage)).toContain('保存不受影响');

        const full = await s.post(admin, '/set/system/syncUserToChat', { app: 'dingtalk' });
        expect(full.body.code).toBe(100);
        expect(full.body.message).toMatch(/^同步用户到钉钉失败：已完成 0\/\d+ 条，原因：connect ECONNREFUSED chat\.example$/);
      } finally {
        replaceChatAdapter(s.server.ctx, working);
      }
      expect(working).toBeInstanceOf(DevelopmentChatAdapter);
      const again = await s.post(admin, '/set/system/syncDeptToChat', { app: 'dingtalk' });
      expect(again.body.code).toBe(200);
      expect(await chatConfig('dingtalk')).toMatchObject({ lastSyncStatus: 'success' });
    });
  });

  describe('find a user by e-mail', () => {
    let outsider: { userId: string; token: string };
    beforeAll(async () => {
      const unit = await s.post(admin, '/set/system/insertUnit', { unitName: '外部协作单位', unitType: 1 });
      expect(unit.body.code, unit.body.message).toBe(200);
      const made = await s.post(admin, '/set/system/insertUser', { accountId: 'outsider', userName: '外单位人员', deptId: depts['行政部'], status: 1 });
      expect(made.body.code, made.body.message).toBe(200);
      const userId = String(made.body.data.userId);
      await db().updateTable('sys_user').set({ unitId: unit.body.data.unitId, email: 'Outsider@Partner.example' }).where('userId', '=', userId).execute();
      await db().insertInto('sys_credential').values({ userId, passwordHash: await hashPassword('Outside@123'), updateTime: nowText() }).execute();
      outsider = { userId, token: await s.login('outsider', 'Outside@123') };
    });

    it('finds the user whatever the case of the address, and answers null for an unknown one', async () => {
      const found = await s.get(admin, '/get/system/getUserByEmail', { email: ' LINA@Example.COM ' });
      expect(found.body.code).toBe(200);
      expect(found.body.data).toMatchObject({ userId: users.lina.userId, accountId: 'lina', matches: 1 });
      expect((await s.get(admin, '/get/system/getUserByEmail', { email: 'nobody@example.com' })).body).toMatchObject({ code: 200, data: null });
    });

    it('refuses a malformed address with code 100', async () => {
      for (const email of ['', 'lina', 'lina@example', 'a b@example.com', `${'x'.repeat(95)}@example.com`]) {
        const res = await s.get(admin, '/get/system/getUserByEmail', { email });
        expect(res.body, email).toMatchObject({ code: 100, message: '请输入正确的电子邮箱' });
      }
    });

    it('needs the user list permission and keeps within the caller\'s scope', async () => {
      expect((await s.get(lina, '/get/system/getUserByEmail', { email: 'zhangwei@example.com' })).status).toBe(403);
      // The HR officer's scope is the unit: colleagues yes, the other unit's person no.
      expect((await s.get(zhangwei, '/get/system/getUserByEmail', { email: 'lina@example.com' })).body.data.accountId).toBe('lina');
      const outside = await s.get(zhangwei, '/get/system/getUserByEmail', { email: 'outsider@partner.example' });
      expect(outside.status).toBe(403);
      expect(JSON.stringify(outside.body)).not.toContain('外单位人员');
      expect((await s.get(admin, '/get/system/getUserByEmail', { email: 'outsider@partner.example' })).body.data.userId).toBe(outsider.userId);
      expect((await s.get(undefined, '/get/system/getUserByEmail', { email: 'lina@example.com' })).status).toBe(401);
    });

    it('is what the user list\'s keyword searches too', async () => {
      const res = await s.get(admin, '/get/system/getUserList', { page: 1, pageSize: 20, keyword: 'LINA@EXAM' });
      expect(res.body.data.list.map((u: { accountId: string }) => u.accountId)).toEqual(['lina']);
    });

    it('shows avatars to colleagues of the unit only', async () => {
      expect((await s.upload(lina, '/set/file/uploadAvatar', { name: 'me.png', content: PNG })).body.code).toBe(200);
      expect((await s.get(zhangwei, '/get/file/getAvatar', { userId: users.lina.userId })).status).toBe(200);
      expect((await s.get(outsider.token, '/get/file/getAvatar', { userId: users.lina.userId })).status).toBe(403);
      expect((await s.get(admin, '/get/file/getAvatar', { userId: outsider.userId })).status).toBe(204);
      expect((await s.get(lina, '/get/file/getAvatar', { userId: newId() })).status).toBe(404);
    });
  });

  describe('own base info', () => {
    it('answers the signed-in user\'s facts and editable fields', async () => {
      const res = await s.get(lina, '/get/system/getMyInfo');
      expect(res.body.data).toMatchObject({ accountId: 'lina', userName: '李娜', deptName: '前端开发组', phone: '13800000003', email: 'lina@example.com', roleNames: ['普通员工'] });
      expect((await s.get(undefined, '/get/system/getMyInfo')).status).toBe(401);
    });

    it('changes phone, e-mail, sex and signature line, logged as an update of the user', async () => {
      const res = await s.post(lina, '/set/system/updateMyInfo', { phone: '13900000099', email: 'Lina.New@example.com', sex: '2', motto: '专注前端体验' });
      expect(res.body.code, res.body.message).toBe(200);
      expect(res.body.data).toMatchObject({ phone: '13900000099', email: 'Lina.New@example.com', motto: '专注前端体验' });
      expect(await userRow('lina')).toMatchObject({ phone: '13900000099', email: 'Lina.New@example.com', motto: '专注前端体验', userName: '李娜' });
      const log = await db().selectFrom('sys_operation_log').selectAll().where('recordId', '=', users.lina.userId).where('detail', '=', 'updateMyInfo').execute();
      expect(log).toHaveLength(1);
    });

    it('refuses every field but its own, changing nothing', async () => {
      for (const extra of [{ userName: '王者' }, { deptId: depts['财务部'] }, { roleIds: 'x' }, { accountId: 'boss' }, { status: 0 }, { 'roleIds[]': 'x' }]) {
        const res = await s.post(lina, '/set/system/updateMyInfo', { phone: '13900000077', ...extra });
        expect(res.body.code).toBe(100);
        expect(res.body.message).toContain(Object.keys(extra)[0].replace('[]', ''));
      }
      expect(await userRow('lina')).toMatchObject({ phone: '13900000099', userName: '李娜', deptId: depts['前端开发组'], accountId: 'lina', status: 1 });
    });

    it('checks values by the user schema and refuses another user\'s number or address', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ phone: '12345' }, '手机号：请输入正确的手机号'],
        [{ email: 'not-an-address' }, '电子邮箱：请输入正确的电子邮箱'],
        [{ sex: '9' }, '性别'],
        [{ phone: '13800000001' }, '手机号'],
        [{ email: 'ZHANGWEI@example.com' }, '电子邮箱'],
        [{ motto: 'x'.repeat(101) }, '个性签名'],
      ];
      for (const [values, message] of cases) {
        const res = await s.post(lina, '/set/system/updateMyInfo', values);
        expect(res.body.code, JSON.stringify(values)).toBe(100);
        expect(res.body.message).toContain(message);
      }
      expect(await userRow('lina')).toMatchObject({ phone: '13900000099', email: 'Lina.New@example.com', sex: '2' });
    });

    it('accepts as avatar only a picture the user uploaded as one', async () => {
      const foreign = await s.upload(zhangwei, '/set/file/uploadImg', { name: 'x.png', content: PNG });
      expect(foreign.body.code).toBe(200);
      const res = await s.post(lina, '/set/system/updateMyInfo', { avatar: foreign.body.data.attachId });
      expect(res.body).toMatchObject({ code: 100, message: '头像只能使用本人上传的图片' });
    });
  });

  describe('avatar upload and download', () => {
    it('refuses what is not a JPEG, PNG or GIF, and anything over 2 MB, storing nothing', async () => {
      const stored = async () => (await db().selectFrom('sys_attach').select('attachId').where('module', '=', 'avatar').execute()).length;
      const before = await stored();
      const avatarBefore = (await userRow('liuyang')).avatar;
      const liuyang = await s.login('liuyang');
      const refusals: [{ name: string; content: Buffer | string }, string][] = [
        [{ name: 'notes.txt', content: 'hello' }, '头像只能是 JPG、PNG 或 GIF 图片'],
        [{ name: 'photo.bmp', content: PNG }, '头像只能是 JPG、PNG 或 GIF 图片'],
        [{ name: 'renamed.png', content: '%PDF-1.4 not a picture' }, '头像只能是 JPG、PNG 或 GIF 图片'],
        [{ name: 'empty.png', content: Buffer.alloc(0) }, '头像只能是 JPG、PNG 或 GIF 图片'],
        [{ name: 'huge.png', content: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) }, '上传文件大小不能超过 2 MB'],
      ];
      for (const [file, message] of refusals) {
        const res = await s.upload(liuyang, '/set/file/uploadAvatar', file);
        expect(res.body, file.name).toMatchObject({ code: 100, message });
      }
      expect(await stored()).toBe(before);
      expect((await userRow('liuyang')).avatar).toBe(avatarBefore);
      expect((await s.upload(undefined, '/set/file/uploadAvatar', { name: 'a.png', content: PNG })).status).toBe(401);
    });

    it('stores a picture as the user\'s avatar and serves it back as an image', async () => {
      const chenjing = await s.login('chenjing');
      expect((await s.get(chenjing, '/get/file/getAvatar')).status).toBe(204);
      const res = await s.upload(chenjing, '/set/file/uploadAvatar', { name: '头像.PNG', content: PNG });
      expect(res.body.code, res.body.message).toBe(200);
      expect((await userRow('chenjing')).avatar).toBe(res.body.data.attachId);
      const image = await fetch(`${s.baseUrl}/capi/get/file/getAvatar`, { headers: { Authorization: `Bearer ${chenjing}` } });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toContain('private');
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
      const removed = await s.post(chenjing, '/set/system/updateMyInfo', { avatar: '' });
      expect(removed.body.code).toBe(200);
      expect((await s.get(chenjing, '/get/file/getAvatar')).status).toBe(204);
    });
  });

  describe('initialisation', () => {
    it('gives a unit without departments the standard tree, and refuses a unit that has some', async () => {
      const count = async () => Number((await db().selectFrom('sys_dept').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const before = await count();
      expect((await s.post(lina, '/set/system/initDept', {})).status).toBe(403);
      expect((await s.post(zhangwei, '/set/system/initDept', {})).status).toBe(403);
      const own = await s.post(admin, '/set/system/initDept', {});
      expect(own.body).toMatchObject({ code: 100, message: '单位“华东智联科技集团有限公司”已有部门，不能再初始化；请在部门管理中维护' });
      expect(await count()).toBe(before);

      const unit = await s.post(admin, '/set/system/insertUnit', { unitName: '新设分公司', unitType: 1 });
      const made = await s.post(admin, '/set/system/initDept', { id: unit.body.data.unitId });
      expect(made.body.code, made.body.message).toBe(200);
      expect(made.body.data).toMatchObject({ unitId: unit.body.data.unitId, created: 6 });
      const tree = await db().selectFrom('sys_dept').selectAll().where('unitId', '=', unit.body.data.unitId).orderBy('sort').execute();
      expect(tree.map((d) => d.deptName)).toEqual(['新设分公司', '办公室', '人事部', '财务部', '业务部', '技术部']);
      expect(tree.slice(1).every((d) => d.parentId === made.body.data.rootDeptId)).toBe(true);
      // Pushed to the app whose sync is on (dingtalk, since the sync tests).
      const pushed = (await operations('dingtalk')).filter((e) => tree.some((d) => d.deptId === e.target));
      expect(pushed).toHaveLength(6);
      const again = await s.post(admin, '/set/system/initDept', { id: unit.body.data.unitId });
      expect(again.body).toMatchObject({ code: 100, message: '单位“新设分公司”已有部门，不能再初始化；请在部门管理中维护' });
      expect(await count()).toBe(before + 6);
      expect((await s.post(admin, '/set/system/initDept', { id: newId() })).status).toBe(404);
    });

    it('refuses plain users, one\'s own account, accounts without a way to reach them and foreign superusers, changing nothing', async () => {
      const liuyang = await s.login('liuyang');
      expect((await s.post(lina, '/set/system/initUser', { id: users.liuyang.userId })).status).toBe(403);
      expect((await s.post(zhangwei, '/set/system/initUser', { id: users.liuyang.userId })).status).toBe(403);
      expect((await s.post(admin, '/set/system/initUser', { id: users.admin.userId })).body).toMatchObject({ code: 100, message: '不能初始化自己的账号，修改密码请到个人中心' });
      await db().updateTable('sys_user').set({ phone: null, email: null }).where('accountId', '=', 'sunyue').execute();
      const unreachable = await s.post(admin, '/set/system/initUser', { ids: [users.liuyang.userId, users.sunyue.userId] });
      expect(unreachable.body).toMatchObject({ code: 100, message: '以下账号没有手机号或电子邮箱，无法发送初始密码：sunyue' });
      expect((await s.post(admin, '/set/system/initUser', { id: newId() })).status).toBe(404);

      // A delegated user administrator (User update, not the superuser role) may not reset the superuser.
      const buttons = await db().selectFrom('sys_menu').select(['menuId', 'permission']).where('permission', 'in', ['system:User:list', 'system:User:update']).execute();
      const role = await s.post(admin, '/set/system/insertRole', { roleCode: 'userKeeper', roleName: '用户维护员', dataScope: '4', menuIds: buttons.map((b) => b.menuId), status: 1 });
      expect(role.body.code, role.body.message).toBe(200);
      expect((await s.post(admin, '/set/system/updateUser', { id: users.zhaomin.userId, roleIds: [role.body.data.roleId] })).body.code).toBe(200);
      const zhaomin = await s.login('zhaomin');
      expect((await s.post(zhaomin, '/set/system/initUser', { id: users.admin.userId })).status).toBe(403);
      // Nor take the superuser's account over by resetting its password.
      const reset = await s.post(zhaomin, '/set/system/resetUserPassword', { id: users.admin.userId });
      expect(reset.status).toBe(403);
      expect(reset.body.message).toBe('只有系统管理员可以重置系统管理员的密码');
      expect(reset.body.data?.password).toBeUndefined();
      // Scoped to their own department, accounts of other departments are out of reach.
      await db().updateTable('sys_role').set({ dataScope: '2' }).where('roleId', '=', role.body.data.roleId).execute();
      expect((await s.post(zhaomin, '/set/system/resetUserPassword', { id: users.lina.userId })).status).toBe(404);

      expect((await s.get(liuyang, '/get/system/getUserInfo')).status).toBe(200);
      expect((await s.post(undefined, '/get/system/login', { accountId: 'liuyang', password: 'Demo@123' })).body.code).toBe(200);
      expect((await s.get(admin, '/get/system/getUserInfo')).status).toBe(200);
    });

    it('issues a new initial password by SMS, ends the sessions, clears personal settings, and asks for a new password at sign-in', async () => {
      const liuyang = await s.login('liuyang');
      expect((await s.post(liuyang, '/set/system/saveColumnSetting', { key: 'User', columns: JSON.stringify([{ prop: 'accountId', hide: false }]) })).body.code).toBe(200);
      await db().insertInto('sys_common_filter').values({ filterId: newId(), userId: users.liuyang.userId, filterKey: 'User', title: '我的筛选', filterObj: '{}', createTime: nowText(), updateTime: nowText() }).execute();
      await db().updateTable('sys_user').set({ theme: '#1677ff' }).where('userId', '=', users.liuyang.userId).execute();
      const phone = String((await userRow('liuyang')).phone);

      const res = await s.post(admin, '/set/system/initUser', { id: users.liuyang.userId });
      expect(res.body.code, res.body.message).toBe(200);
      expect(res.body.data).toEqual({ initialised: [{ accountId: 'liuyang', channel: 'sms' }] });
      const sms = await lastSms(phone);
      expect(sms).toContain('已由管理员初始化');
      const password = passwordIn(sms);
      expect(password).toHaveLength(12);
      expect(JSON.stringify(res.body)).not.toContain(password);

      expect((await s.get(liuyang, '/get/system/getUserInfo')).status).toBe(401);
      expect(await db().selectFrom('sys_user_setting').selectAll().where('userId', '=', users.liuyang.userId).execute()).toHaveLength(0);
      expect(await db().selectFrom('sys_common_filter').selectAll().where('userId', '=', users.liuyang.userId).execute()).toHaveLength(0);
      expect((await userRow('liuyang')).theme).toBeNull();
      expect((await s.post(undefined, '/get/system/login', { accountId: 'liuyang', password: 'Demo@123' })).body.code).toBe(100);

      const first = await s.post(undefined, '/get/system/login', { accountId: 'liuyang', password });
      expect(first.body).toMatchObject({ code: 100, message: '您正在使用系统发放的初始密码，请先设置新密码', data: { mustChangePassword: true, accountId: 'liuyang' } });
      expect(first.body.data.token).toBeUndefined();
      const changed = await s.post(undefined, '/get/system/retrievePassword', { ticket: first.body.data.ticket, password: 'Fresh2026x', password2: 'Fresh2026x' });
      expect(changed.body.code, changed.body.message).toBe(200);
      expect((await s.post(undefined, '/get/system/login', { accountId: 'liuyang', password })).body.code).toBe(100);
      expect((await s.post(undefined, '/get/system/login', { accountId: 'liuyang', password: 'Fresh2026x' })).body.data.token).toBeTruthy();
    });

    it('gives a new account with a mobile number an initial password by SMS, and one without none', async () => {
      const made = await s.post(admin, '/set/system/insertUser', { accountId: 'newbie', userName: '新同事', deptId: depts['财务部'], phone: '13912345678', status: 1 });
      expect(made.body.code, made.body.message).toBe(200);
      expect(made.body.data.$initialPassword).toEqual({ channel: 'sms', delivered: true });
      const sms = await lastSms('13912345678');
      expect(sms).toContain('您的账号 newbie 已开通');
      const login = await s.post(undefined, '/get/system/login', { accountId: 'newbie', password: passwordIn(sms) });
      expect(login.body.data.mustChangePassword).toBe(true);

      const silent = await s.post(admin, '/set/system/insertUser', { accountId: 'nocontact', userName: '无联系方式', deptId: depts['财务部'], status: 1 });
      expect(silent.body.data.$initialPassword).toEqual({ channel: null, delivered: false });
      expect(await db().selectFrom('sys_credential').selectAll().where('userId', '=', silent.body.data.userId).execute()).toHaveLength(0);
    });
  });

  describe('one phone number and one e-mail address per user', () => {
    it('refuses the administrator a new user with another user\'s phone or e-mail, creating nothing', async () => {
      const lina = await userRow('lina');
      const count = async () => (await db().selectFrom('sys_user').select('userId').execute()).length;
      const before = await count();
      const phone = await s.post(admin, '/set/system/insertUser', { accountId: 'dupphone', userName: '重号', deptId: depts['财务部'], phone: lina.phone, status: 1 });
      expect(phone.body.code).toBe(100);
      expect(phone.body.message).toContain(`${String(lina.phone)} 已存在`);
      const email = await s.post(admin, '/set/system/insertUser', { accountId: 'dupmail', userName: '重邮', deptId: depts['财务部'], email: 'dup@example.com', status: 1 });
      expect(email.body.code, email.body.message).toBe(200);
      const again = await s.post(admin, '/set/system/insertUser', { accountId: 'dupmail2', userName: '重邮二', deptId: depts['财务部'], email: 'dup@example.com', status: 1 });
      expect(again.body.code).toBe(100);
      expect(await count()).toBe(before + 1);
    });

    it('refuses moving an existing user onto a taken number, and keeps the user as it was', async () => {
      const [lina, liuyang] = await Promise.all([userRow('lina'), userRow('liuyang')]);
      const res = await s.post(admin, '/set/system/updateUser', { userId: liuyang.userId, phone: lina.phone });
      expect(res.body.code).toBe(100);
      expect((await userRow('liuyang')).phone).toBe(liuyang.phone);
      // Keeping one's own number is no conflict.
      const same = await s.post(admin, '/set/system/updateUser', { userId: liuyang.userId, phone: liuyang.phone, userName: '刘洋' });
      expect(same.body.code, same.body.message).toBe(200);
    });
  });
});
