import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { seedSystemDemoData } from '../../server/seed/systemDemoData';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, deptIds, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/** Ids the cases need, read once the demo data is in. */
interface Ids { users: Record<string, DemoUser>; digital: string; safety: string; partnerUnit: string; adminRole: string; image: string }

/**
 * One ordinary system entity of issue 4, driven through the generic calls: the demo rows it
 * lists, a row to insert, a change to make, and a required field whose absence is refused
 * with the field's Chinese label.
 */
interface Case {
  entity: string;
  key: string;
  /** Field shown in the demo rows, and values the demo data holds in it. */
  demoField: string;
  demo: string[];
  insert: (ids: Ids) => Record<string, unknown>;
  update: Record<string, unknown>;
  missing: { field: string; label: string };
}

const CASES: Case[] = [
  {
    entity: 'UserLevel', key: 'levelId', demoField: 'levelName', demo: ['高级总监', '总监', '经理', '主管', '专员'],
    insert: () => ({ levelName: '测试职级', levelNo: 9, sort: 9 }), update: { levelName: '测试职级（改）', remark: '已调整' },
    missing: { field: 'levelNo', label: '职级序号' },
  },
  {
    entity: 'UserGroup', key: 'groupId', demoField: 'groupName', demo: ['信息化建设领导小组', '人事行政联络组', '前端技术分享小组'],
    insert: ({ users }) => ({ groupName: '测试用户组', ownerId: users.lina.userId, memberIds: [users.lina.userId, users.liuyang.userId] }),
    update: { remark: '成员已确认' }, missing: { field: 'memberIds', label: '组成员' },
  },
  {
    entity: 'UnitType', key: 'unitTypeId', demoField: 'typeName', demo: ['企业单位', '政府机关', '供应商', '检测实验室', '经销商'],
    insert: () => ({ typeCode: 42, typeName: '测试单位类型', allowRegister: 0 }), update: { typeName: '测试单位类型（改）' },
    missing: { field: 'typeName', label: '类型名称' },
  },
  {
    entity: 'TempOrg', key: 'tempOrgId', demoField: 'orgName', demo: ['数字化转型专项工作组', '2026年安全生产大检查工作组', '2025年度年会筹备小组'],
    insert: ({ users }) => ({ orgName: '测试临时组织', purpose: '接口测试', leaderId: users.lina.userId, startDate: '2026-05-01', endDate: '2026-05-31' }),
    update: { endDate: '2026-06-30', status: 0 }, missing: { field: 'purpose', label: '成立目的' },
  },
  {
    entity: 'TempOrgDept', key: 'tempDeptId', demoField: 'deptName', demo: ['综合协调组', '技术实施组', '前端实施小组', '第一检查组', '第二检查组'],
    insert: ({ digital }) => ({ tempOrgId: digital, deptName: '测试部门', sort: 9 }), update: { deptName: '测试部门（改）', duty: '测试职责' },
    missing: { field: 'tempOrgId', label: '所属临时组织' },
  },
  {
    entity: 'TempOrgUnit', key: 'tempUnitId', demoField: 'contactName', demo: ['杨磊', '黄强', '郑国庆', '林晓东'],
    insert: ({ digital, partnerUnit }) => ({ tempOrgId: digital, memberUnitId: partnerUnit, unitRole: 'support', contactName: '测试联系人', contactPhone: '13912345678' }),
    update: { unitRole: 'member' }, missing: { field: 'memberUnitId', label: '参与单位' },
  },
  {
    entity: 'TempOrgUser', key: 'tempUserId', demoField: 'duty', demo: ['总体负责', '前端配置与培训', '机房巡检记录'],
    insert: ({ safety, users }) => ({ tempOrgId: safety, userId: users.zhangwei.userId, orgRole: 'member', duty: '测试分工' }),
    update: { orgRole: 'liaison' }, missing: { field: 'userId', label: '成员' },
  },
  {
    entity: 'MessageConfig', key: 'msgConfigId', demoField: 'msgTypeCode', demo: ['hrContractExpiring', 'officeVehicleResult', 'securityEventPending', 'systemMaintenance'],
    insert: () => ({ msgTypeCode: 'testMessage', msgTypeName: '测试消息', channels: ['site', 'dingtalk'], template: '测试 {userName}' }),
    update: { channels: ['site', 'mail', 'wxwork'], enabled: 0 }, missing: { field: 'template', label: '消息模板' },
  },
  {
    entity: 'Shortcut', key: 'shortcutId', demoField: 'title', demo: ['shortcut.vehicleApply', 'shortcut.myMessages', 'shortcut.contracts', 'shortcut.users', 'shortcut.govService'],
    insert: ({ adminRole }) => ({ title: '测试入口', icon: 'CarOutlined', path: '/hr/contract', roleIds: [adminRole] }),
    update: { openMode: 'blank', path: 'https://www.example.cn' }, missing: { field: 'path', label: '链接地址' },
  },
  {
    entity: 'DeskConfig', key: 'deskId', demoField: 'widgetCode', demo: ['quickLinks', 'pendingInfo', 'recentOutings', 'messages', 'contractExpiring', 'weather'],
    insert: () => ({ widgetCode: 'testWidget', title: '测试组件', colSpan: 6, height: 240 }), update: { colSpan: 24, enabled: 0 },
    missing: { field: 'title', label: '组件标题' },
  },
  {
    entity: 'SignatureConfig', key: 'signatureId', demoField: 'verifyMethod', demo: ['password', 'sms'],
    insert: ({ users, image }) => ({ userId: users.liuyang.userId, verifyMethod: 'sms', signImage: image }), update: { verifyMethod: 'password' },
    missing: { field: 'userId', label: '用户' },
  },
  {
    entity: 'SmsConfig', key: 'smsConfigId', demoField: 'providerName', demo: ['开发发件箱', '阿里云短信'],
    insert: () => ({ providerName: '测试短信通道', gatewayUrl: 'https://sms.example.cn/api/send', signName: '测试', templateCode: 'SMS_TEST-1' }),
    update: { enabled: 1, remark: '切换通道' }, missing: { field: 'providerName', label: '服务商名称' },
  },
  {
    entity: 'BannerConfig', key: 'bannerId', demoField: 'title', demo: ['2026 年度工作会议', '安全生产月', '协同办公平台上线'],
    insert: ({ image }) => ({ title: '测试轮播图', position: 'login', image, linkUrl: '/personal/message' }), update: { sort: 9, enabled: 0 },
    missing: { field: 'title', label: '标题' },
  },
];

/**
 * The configuration and directory screens a plain user has no business in. The system
 * configuration (one row, no insert) has its own refusals in tests/api/sysConfig.test.ts.
 */
const ADMIN_ONLY = ['MessageConfig', 'Shortcut', 'DeskConfig', 'SignatureConfig', 'SmsConfig', 'BannerConfig', 'UserLevel', 'UnitType', 'TempOrg', 'TempOrgUser'];

describe.each(databases)('ordinary system entities (organisation and configuration) on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let lina: string;
  const ids = {} as Ids;
  const db = () => s.server.ctx.database.db;

  beforeAll(async () => {
    s = await startTestServer(database);
    ids.users = await demoUsers(s);
    // seedDemoData calls it on a new database; calling it again adds nothing.
    await seedSystemDemoData(s.server.ctx, { userId: '', deptId: '', unitId: ids.users.admin.unitId });
    await seedSystemDemoData(s.server.ctx, { userId: '', deptId: '', unitId: ids.users.admin.unitId });
    const orgs = await db().selectFrom('sys_temp_org').select(['tempOrgId', 'orgName']).execute();
    ids.digital = String(orgs.find((o) => o.orgName === '数字化转型专项工作组')!.tempOrgId);
    ids.safety = String(orgs.find((o) => o.orgName === '2026年安全生产大检查工作组')!.tempOrgId);
    ids.partnerUnit = String((await db().selectFrom('sys_unit').select('unitId').where('unitName', '=', '华东智联检测技术有限公司').executeTakeFirstOrThrow()).unitId);
    ids.adminRole = String((await db().selectFrom('sys_role').select('roleId').where('roleCode', '=', 'admin').executeTakeFirstOrThrow()).roleId);
    admin = await s.login('admin');
    lina = await s.login('lina', 'Demo@123');
    // Image fields take only stored files their writer may read: upload one.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    ids.image = String((await s.upload(admin, '/set/file/uploadImg', { name: 'banner.png', content: png })).body.data.attachId);
  });
  afterAll(async () => { await s.stop(); });

  const list = async (token: string, entity: string, params: Record<string, unknown> = {}) => s.get(token, `/get/system/get${entity}List`, { pageSize: 500, ...params });

  it('seeds the demo rows once, even when called twice', async () => {
    expect((await db().selectFrom('sys_unit_type').select('typeCode').execute()).length).toBe(5);
    expect((await db().selectFrom('sys_config').select('configId').execute()).length).toBe(1);
  });

  describe.each(CASES)('$entity', (c) => {
    it('lists the demo rows to the administrator', async () => {
      const res = await list(admin, c.entity);
      expect(res.status).toBe(200);
      expect(res.body.code, res.body.message).toBe(200);
      expect(res.body.data.total).toBe(res.body.data.list.length);
      const values = res.body.data.list.map((r: Record<string, unknown>) => r[c.demoField]);
      expect(values).toEqual(expect.arrayContaining(c.demo));
      expect(res.body.data.list.every((r: Record<string, unknown>) => typeof r[c.key] === 'string')).toBe(true);
    });

    it('inserts, reads, updates and deletes a row through the generic calls', async () => {
      const values = c.insert(ids);
      const inserted = await s.post(admin, `/set/system/insert${c.entity}`, values);
      expect(inserted.body.code, inserted.body.message).toBe(200);
      const id = inserted.body.data[c.key] as string;
      expect(typeof id).toBe('string');
      expect(inserted.body.data.createUser).toBe(ids.users.admin.userId);

      const byId = await s.get(admin, `/get/system/get${c.entity}ById`, { [c.key]: id });
      expect(byId.body.code).toBe(200);
      for (const [field, value] of Object.entries(values)) {
        expect(byId.body.data[field], field).toEqual(Array.isArray(value) ? value.join(',') : value);
      }

      const updated = await s.post(admin, `/set/system/update${c.entity}`, { [c.key]: id, ...c.update });
      expect(updated.body.code, updated.body.message).toBe(200);
      for (const [field, value] of Object.entries(c.update)) {
        expect(updated.body.data[field], field).toEqual(Array.isArray(value) ? value.join(',') : value);
      }

      const deleted = await s.post(admin, `/set/system/delete${c.entity}`, { [c.key]: id });
      expect(deleted.body.code).toBe(200);
      expect(deleted.body.data.deleted).toBe(1);
      expect((await s.get(admin, `/get/system/get${c.entity}ById`, { [c.key]: id })).status).toBe(404);
    });

    it(`refuses a row without ${c.missing.field}, naming the field's label, and stores nothing`, async () => {
      const before = (await list(admin, c.entity)).body.data.total;
      const values = { ...c.insert(ids) };
      delete values[c.missing.field];
      const res = await s.post(admin, `/set/system/insert${c.entity}`, values);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(100);
      expect(res.body.data.errors).toContainEqual({ field: c.missing.field, message: `${c.missing.label}：字段值不可为空` });
      expect(res.body.message).toContain(c.missing.label);
      expect((await list(admin, c.entity)).body.data.total).toBe(before);
    });
  });

  describe('field rules', () => {
    const refusal = async (entity: string, values: Record<string, unknown>) => {
      const res = await s.post(admin, `/set/system/insert${entity}`, values);
      expect(res.body.code).toBe(100);
      return res.body.data.errors as { field: string; message: string }[];
    };

    /** The configuration is one row, edited in place (server/sysConfig). */
    const configRefusal = async (values: Record<string, unknown>) => {
      const row = await db().selectFrom('sys_config').select('configId').executeTakeFirstOrThrow();
      const res = await s.post(admin, '/set/system/updateSysConfig', { configId: row.configId, ...values });
      expect(res.body.code).toBe(100);
      return res.body.data.errors as { field: string; message: string }[];
    };

    it('refuses a theme colour that is not #rrggbb, and a dashboard outside the suite', async () => {
      expect(await configRefusal({ configName: '颜色错误', themeColor: 'red' }))
        .toEqual([{ field: 'themeColor', message: '主题色：主题色应为 # 加 6 位十六进制数字，如 #00C6AE' }]);
      expect(await configRefusal({ configName: '颜色错误', themeColor: '#12345G' })).toHaveLength(1);
      expect(await configRefusal({ configName: '首页错误', dashboardUrl: '//evil.example.com' }))
        .toEqual([{ field: 'dashboardUrl', message: '首页地址：首页地址应为以 / 开头的系统内路径，如 /dashboard' }]);
      expect((await configRefusal({ configName: '附件地址错误', attachHost: 'ftp://files.example.cn' })).map((e) => e.field)).toEqual(['attachHost']);
      expect((await db().selectFrom('sys_config').select('configName').executeTakeFirstOrThrow()).configName).toBeNull();
    });

    it('drops the watermark texts while the watermark is off', async () => {
      const row = await db().selectFrom('sys_config').select('configId').executeTakeFirstOrThrow();
      const res = await s.post(admin, '/set/system/updateSysConfig', { configId: row.configId, waterMark: 0, waterMarkContent: '不应保存' });
      expect(res.body.code, res.body.message).toBe(200);
      expect(res.body.data).toMatchObject({ waterMark: 0, waterMarkContent: null, themeColor: '#00C6AE', encryptionType: '0', officeType: 'builtin' });
    });

    it('refuses a temporary organisation that ends before it starts, on insert and on update', async () => {
      const values = { orgName: '倒序组织', purpose: '测试', startDate: '2026-05-10', endDate: '2026-05-01' };
      expect(await refusal('TempOrg', values)).toEqual([{ field: 'endDate', message: '结束日期：结束日期不能早于开始日期' }]);
      expect(await db().selectFrom('sys_temp_org').select('tempOrgId').where('orgName', '=', '倒序组织').executeTakeFirst()).toBeUndefined();
      const sameDay = await s.post(admin, '/set/system/insertTempOrg', { ...values, endDate: '2026-05-10' });
      expect(sameDay.body.code, sameDay.body.message).toBe(200);
      const moved = await s.post(admin, '/set/system/updateTempOrg', { tempOrgId: sameDay.body.data.tempOrgId, startDate: '2026-06-01', endDate: '2026-05-10' });
      expect(moved.body.code).toBe(100);
      expect(moved.body.data.errors).toEqual([{ field: 'endDate', message: '结束日期：结束日期不能早于开始日期' }]);
      await s.post(admin, '/set/system/deleteTempOrg', { tempOrgId: sameDay.body.data.tempOrgId });
    });

    it('checks options, ranges, patterns, references and unique values', async () => {
      expect(await refusal('MessageConfig', { msgTypeCode: 'faxOnly', msgTypeName: '传真', channels: ['site', 'fax'], template: 'x' }))
        .toEqual([{ field: 'channels', message: '发送渠道：不是可选的值' }]);
      expect(await refusal('MessageConfig', { msgTypeCode: '1bad', msgTypeName: '编码错误', channels: ['site'], template: 'x' }))
        .toEqual([{ field: 'msgTypeCode', message: '消息类型编码：消息类型编码以字母开头，只能包含字母、数字和下划线' }]);
      expect(await refusal('DeskConfig', { widgetCode: 'tooWide', title: '过宽', colSpan: 25 }))
        .toEqual([{ field: 'colSpan', message: '占用栅格：不能大于 24' }]);
      expect(await refusal('Shortcut', { title: '外部脚本', path: 'javascript:alert(1)' })).toEqual([{ field: 'path', message: '链接地址：链接应为以 / 开头的系统内路径或 http(s):// 开头的网址' }]);
      expect(await refusal('TempOrgUnit', { tempOrgId: ids.digital, memberUnitId: 'no-such-unit', unitRole: 'member' }))
        .toEqual([{ field: 'memberUnitId', message: '参与单位：所选的记录不存在' }]);
      expect(await refusal('UnitType', { typeCode: 1, typeName: '重复编码' })).toEqual([{ field: 'typeCode', message: '类型编码：1 已存在，不能重复' }]);
      expect(await refusal('SignatureConfig', { userId: ids.users.admin.userId, verifyMethod: 'password' })).toHaveLength(1);
      expect(await refusal('SmsConfig', { providerName: '错误网关', gatewayUrl: 'sms.example.cn', signName: '测试', templateCode: 'T1' }))
        .toEqual([{ field: 'gatewayUrl', message: '网关地址：网关地址应为 http(s):// 开头的网址' }]);
    });

    it('requires an image only for an enabled banner', async () => {
      expect(await refusal('BannerConfig', { title: '无图轮播', position: 'desk', enabled: 1 }))
        .toEqual([{ field: 'image', message: '图片：启用的轮播图必须上传图片' }]);
      const draft = await s.post(admin, '/set/system/insertBannerConfig', { title: '无图草稿', position: 'desk', enabled: 0 });
      expect(draft.body.code, draft.body.message).toBe(200);
      const enable = await s.post(admin, '/set/system/updateBannerConfig', { bannerId: draft.body.data.bannerId, enabled: 1 });
      expect(enable.body.code).toBe(100);
      await s.post(admin, '/set/system/deleteBannerConfig', { bannerId: draft.body.data.bannerId });
    });
  });

  describe('menus', () => {
    it('finds a built-in menu by the title users read, in either language, and by its stored key', async () => {
      const names = async (keyword: string) => ((await list(admin, 'Menu', { keyword })).body.data.list as { name: string }[]).map((m) => m.name);
      expect(await names('人力资源')).toContain('hr');
      expect(await names('human RESOURCES')).toContain('hr');
      expect(await names('menu.hrContract')).toEqual(['hrContract']);
      // A menu typed in plain text is found as typed; a keyword matching no text finds nothing.
      const typed = await s.post(admin, '/set/system/insertMenu', { name: 'qaReport', title: '质量月报', menuType: 'dir', path: '/qa', sort: 99 });
      expect(typed.body.code, typed.body.message).toBe(200);
      expect(await names('质量月报')).toEqual(['qaReport']);
      expect(await names('没有这样的菜单标题')).toEqual([]);
    });
  });

  describe('organisation', () => {
    it('offers the registered unit types to the unit form, to any signed-in user', async () => {
      const unit = s.server.ctx.registry.entities.get('Unit')!;
      const item = JSON.stringify(unit.form.layout);
      expect(item).toContain('"url":"/get/system/getUnitTypeListForSelect"');
      for (const token of [admin, lina]) {
        const res = await s.get(token, '/get/system/getUnitTypeListForSelect', { pageSize: 100 });
        expect(res.body.code, res.body.message).toBe(200);
        expect(res.body.data.list.map((r: any) => [r.typeCode, r.label])).toEqual([[1, '企业单位'], [2, '政府机关'], [3, '供应商'], [4, '检测实验室'], [5, '经销商']]);
      }
      const units = (await list(admin, 'Unit')).body.data.list as { unitType: number }[];
      expect(units.length).toBeGreaterThanOrEqual(3);
      expect(units.every((u) => [1, 2, 3, 4, 5].includes(u.unitType))).toBe(true);
    });

    it('answers the departments of temporary organisations as a tree', async () => {
      const res = await s.get(admin, '/get/system/getTempOrgDeptTree');
      expect(res.body.code).toBe(200);
      const delivery = (res.body.data as any[]).find((n) => n.deptName === '技术实施组');
      expect(delivery).toMatchObject({ tempOrgId: ids.digital, label: '技术实施组' });
      expect(delivery.children.map((n: any) => n.deptName)).toEqual(['前端实施小组']);
    });

    it('names the organisation, department, level and user of each member', async () => {
      const res = await list(admin, 'TempOrgUser', { filterObj: { tempOrgId: { value: ids.digital, operator: 'eq' } } });
      expect(res.body.code, res.body.message).toBe(200);
      const linaRow = (res.body.data.list as any[]).find((r) => r.userId === ids.users.lina.userId);
      expect(linaRow).toMatchObject({ userIdName: '李娜', tempOrgIdName: '数字化转型专项工作组', tempDeptIdName: '前端实施小组', levelIdName: '专员', orgRole: 'member' });
    });

    it('shows each user only the user groups they created, and keeps others\' groups out of reach', async () => {
      const depts = await deptIds(s);
      const buttons = await db().selectFrom('sys_menu').select(['menuId', 'permission']).where('menuType', '=', 'button').execute();
      const groupButtons = buttons.filter((b) => String(b.permission).startsWith('system:UserGroup:')).map((b) => String(b.menuId));
      expect(groupButtons.length).toBeGreaterThanOrEqual(5);
      const role = await s.post(admin, '/set/system/insertRole', { roleCode: 'groupKeeper', roleName: '用户组维护', dataScope: '1', menuIds: groupButtons, status: 1 });
      expect(role.body.code, role.body.message).toBe(200);
      const passwordHash = await hashPassword('Group@123');
      const tokens: Record<string, string> = {};
      for (const account of ['groupA', 'groupB']) {
        const user = await s.post(admin, '/set/system/insertUser', { accountId: account, userName: `测试-${account}`, deptId: depts['前端开发组'], roleIds: [role.body.data.roleId], status: 1 });
        expect(user.body.code, user.body.message).toBe(200);
        await db().insertInto('sys_credential').values({ userId: user.body.data.userId, passwordHash, updateTime: '2026-01-01 00:00:00' }).execute();
        tokens[account] = await s.login(account, 'Group@123');
      }
      const made: Record<string, string> = {};
      for (const account of ['groupA', 'groupB']) {
        const res = await s.post(tokens[account], '/set/system/insertUserGroup', { groupName: `${account} 的小组`, memberIds: [ids.users.lina.userId] });
        expect(res.body.code, res.body.message).toBe(200);
        made[account] = res.body.data.groupId;
      }
      const seen = (await list(tokens.groupA, 'UserGroup')).body.data.list.map((r: any) => r.groupName);
      expect(seen).toEqual(['groupA 的小组']);
      expect((await s.get(tokens.groupA, '/get/system/getUserGroupById', { groupId: made.groupB })).status).toBe(403);
      const edit = await s.post(tokens.groupA, '/set/system/updateUserGroup', { groupId: made.groupB, groupName: '改别人的组' });
      expect(edit.status).toBe(403);
      expect((await s.post(tokens.groupA, '/set/system/deleteUserGroup', { groupId: made.groupB })).status).toBe(403);
      const all = (await list(admin, 'UserGroup')).body.data.list.map((r: any) => r.groupName);
      expect(all).toEqual(expect.arrayContaining(['groupA 的小组', 'groupB 的小组', '信息化建设领导小组', '前端技术分享小组']));
      // The group keeper still has no configuration screen.
      expect((await list(tokens.groupA, 'SysConfig')).status).toBe(403);
    });
  });

  describe('a plain user', () => {
    it.each(ADMIN_ONLY)('is refused the %s list and its writes with 403, and nothing changes', async (entity) => {
      const res = await list(lina, entity);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(403);
      const before = (await list(admin, entity)).body.data.total;
      expect((await s.post(lina, `/set/system/insert${entity}`, { remark: 'x' })).status).toBe(403);
      expect((await list(admin, entity)).body.data.total).toBe(before);
    });

    it('gets no configuration or organisation menu', async () => {
      const menus = JSON.stringify((await s.get(lina, '/get/system/myMenus')).body.data.menu);
      for (const name of ['systemConfig', 'systemSysConfig', 'systemOrg', 'systemUserGroup']) expect(menus).not.toContain(`"${name}"`);
      const adminMenus = (await s.get(admin, '/get/system/myMenus')).body.data.menu as any[];
      const system = adminMenus.find((m) => m.name === 'system');
      const config = system.children.find((m: any) => m.name === 'systemConfig');
      const org = system.children.find((m: any) => m.name === 'systemOrg');
      expect(config.children.map((m: any) => m.name)).toEqual(['systemSysConfig', 'systemMessageConfig', 'systemShortcut', 'systemDeskConfig', 'systemBannerConfig', 'systemSignatureConfig', 'systemSmsConfig', 'systemChatAppConfig', 'systemPortal', 'systemPortalItem']);
      expect(org.children.map((m: any) => m.name)).toEqual(['systemUnitType', 'systemUserLevel', 'systemUserGroup', 'systemTempOrg', 'systemTempOrgDept', 'systemTempOrgUnit', 'systemTempOrgUser']);
      expect(org.children.find((m: any) => m.name === 'systemTempOrg')).toMatchObject({ path: '/system/org/temp-org', component: 'entity', meta: expect.objectContaining({ entity: 'TempOrg', title: 'menu.systemTempOrg' }) });
    });
  });
});
