import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { insertRow, type RowOwner } from './insertRow';

/**
 * Demo rows of the ordinary system entities of issue 4 (organisation directories and settings):
 * unit types, user levels, user groups, temporary organisations with their departments, units
 * and members, and the configuration screens. Called by seedDemoData on an empty database after
 * the demo organisation exists; a database that already has unit types is left alone, so calling
 * it twice adds nothing.
 *
 * No attachment is seeded (logos, banners, signatures stay empty): the seed keeps the attachment
 * store empty. Banners are therefore stored disabled, as an enabled banner needs an image.
 */

/** [typeCode, typeName, offered at registration, remark]. Types 3 and 5 are shop sellers (spec §6). */
export const DEMO_UNIT_TYPES: [number, string, number, string][] = [
  [1, '企业单位', 1, '集团及下属企业'],
  [2, '政府机关', 0, '行政主管部门，由管理员登记'],
  [3, '供应商', 1, '网店卖家，使用卖家接口同步权限'],
  [4, '检测实验室', 1, '第三方检测与实验室单位'],
  [5, '经销商', 1, '网店卖家，使用卖家接口同步权限'],
];

/** [name, level number]: a smaller number is a higher level. */
export const DEMO_USER_LEVELS: [string, number][] = [
  ['高级总监', 1], ['总监', 2], ['经理', 3], ['主管', 4], ['专员', 5],
];

/** Partner units taking part in the temporary organisations: [name, short name, type, credit code, address]. */
export const DEMO_PARTNER_UNITS: [string, string, number, string, string][] = [
  ['上海市浦东新区应急管理局', '浦东应急局', 2, '11310115MB2F57163X', '上海市浦东新区世纪大道 2001 号'],
  ['华东智联检测技术有限公司', '智联检测', 4, '91310115MA1H9RT26K', '上海市浦东新区蔡伦路 780 号'],
];

function entity(ctx: ServerContext, name: string): EntityDef {
  const found = ctx.registry.entities.get(name);
  if (!found) throw new Error(`the system schema ${name} is missing from schemas/system/`);
  return found;
}

export async function seedSystemDemoData(ctx: ServerContext, owner: RowOwner): Promise<void> {
  const { db } = ctx.database;
  const unitType = entity(ctx, 'UnitType');
  if (await db.selectFrom(unitType.table).select(unitType.key).limit(1).executeTakeFirst()) return;

  const users = new Map((await db.selectFrom(entity(ctx, 'User').table).select(['userId', 'accountId', 'deptId', 'unitId']).execute())
    .map((u) => [String(u.accountId), { userId: String(u.userId), deptId: String(u.deptId ?? ''), unitId: String(u.unitId ?? '') }]));
  const roles = new Map((await db.selectFrom(entity(ctx, 'Role').table).select(['roleId', 'roleCode']).execute())
    .map((r) => [String(r.roleCode), String(r.roleId)]));
  const userId = (account: string): string | null => users.get(account)?.userId ?? null;
  const userIds = (...accounts: string[]): string => accounts.map(userId).filter(Boolean).join(',');
  const roleIds = (...codes: string[]): string | null => codes.map((c) => roles.get(c)).filter(Boolean).join(',') || null;
  /** Rows a demo user made themselves (the data scope of user groups shows them to their maker). */
  const as = (account: string): RowOwner => {
    const u = users.get(account);
    return u ? { userId: u.userId, deptId: u.deptId, unitId: u.unitId || owner.unitId } : owner;
  };

  // Organisation directories.
  for (const [typeCode, typeName, allowRegister, remark] of DEMO_UNIT_TYPES) {
    await insertRow(ctx, unitType, { typeCode, typeName, allowRegister, remark }, owner);
  }
  const levelIds = new Map<string, string>();
  for (const [index, [levelName, levelNo]] of DEMO_USER_LEVELS.entries()) {
    levelIds.set(levelName, await insertRow(ctx, entity(ctx, 'UserLevel'), { levelName, levelNo, sort: index, remark: '' }, owner));
  }

  const group = entity(ctx, 'UserGroup');
  await insertRow(ctx, group, {
    groupName: '信息化建设领导小组', ownerId: userId('yanglei'), memberIds: userIds('admin', 'yanglei', 'liuyang', 'lina', 'zhoujie'), sort: 1,
    remark: '负责集团信息化项目的统筹与评审',
  }, owner);
  await insertRow(ctx, group, {
    groupName: '人事行政联络组', ownerId: userId('zhangwei'), memberIds: userIds('zhangwei', 'zhaomin', 'huangqiang', 'wuting'), sort: 2,
    remark: '发布人事、行政类通知时使用',
  }, as('zhangwei'));
  await insertRow(ctx, group, {
    groupName: '前端技术分享小组', ownerId: userId('lina'), memberIds: userIds('lina', 'liuyang', 'zhoujie'), sort: 3,
    remark: '每月一次技术分享',
  }, as('lina'));
  // One personal group (我的分组): lina's usual approvers, seen by lina alone.
  await insertRow(ctx, entity(ctx, 'PersonalGroup'), {
    groupName: '常用审批人', memberIds: userIds('wangfang', 'zhangwei'), sort: 1, remark: '外出、用车申请时抄送',
  }, as('lina'));

  // Temporary (virtual) organisations with departments, units and members.
  const unit = entity(ctx, 'Unit');
  const unitIds = new Map<string, string>();
  for (const [index, [unitName, shortName, type, creditCode, address]] of DEMO_PARTNER_UNITS.entries()) {
    const existing = await db.selectFrom(unit.table).select(unit.key).where('unitName', '=', unitName).executeTakeFirst();
    unitIds.set(unitName, existing ? String(existing[unit.key])
      : await insertRow(ctx, unit, { unitName, shortName, unitType: type, creditCode, address, sort: 10 + index }, owner));
  }
  const ownUnitId = owner.unitId;

  const tempOrg = entity(ctx, 'TempOrg');
  const digital = await insertRow(ctx, tempOrg, {
    orgName: '数字化转型专项工作组', purpose: '统筹推进集团协同办公平台上线、业务流程线上化与数据治理工作', leaderId: userId('yanglei'),
    startDate: '2026-01-15', endDate: '2026-12-31', status: 1, sort: 1, remark: '',
  }, owner);
  const safety = await insertRow(ctx, tempOrg, {
    orgName: '2026年安全生产大检查工作组', purpose: '联合区应急管理局和检测单位开展办公场所、机房和车辆的安全生产检查', leaderId: userId('huangqiang'),
    startDate: '2026-03-01', endDate: '2026-06-30', status: 1, sort: 2, remark: '检查结果每月汇总上报',
  }, owner);
  await insertRow(ctx, tempOrg, {
    orgName: '2025年度年会筹备小组', purpose: '年会节目、场地、后勤与表彰安排', leaderId: userId('wuting'),
    startDate: '2025-11-01', endDate: '2026-01-31', status: 0, sort: 3, remark: '年会已结束，组织停用',
  }, owner);

  const dept = entity(ctx, 'TempOrgDept');
  const coordination = await insertRow(ctx, dept, { tempOrgId: digital, parentId: null, deptName: '综合协调组', leaderId: userId('chenjing'), duty: '进度跟踪、会议组织与预算协调', sort: 1 }, owner);
  const delivery = await insertRow(ctx, dept, { tempOrgId: digital, parentId: null, deptName: '技术实施组', leaderId: userId('liuyang'), duty: '系统部署、接口对接与数据迁移', sort: 2 }, owner);
  const frontend = await insertRow(ctx, dept, { tempOrgId: digital, parentId: delivery, deptName: '前端实施小组', leaderId: userId('lina'), duty: '页面配置与用户培训', sort: 1 }, owner);
  const inspectA = await insertRow(ctx, dept, { tempOrgId: safety, parentId: null, deptName: '第一检查组', leaderId: userId('huangqiang'), duty: '办公场所与消防设施检查', sort: 1 }, owner);
  const inspectB = await insertRow(ctx, dept, { tempOrgId: safety, parentId: null, deptName: '第二检查组', leaderId: userId('wangfang'), duty: '公务车辆与机房检查', sort: 2 }, owner);

  const orgUnit = entity(ctx, 'TempOrgUnit');
  await insertRow(ctx, orgUnit, { tempOrgId: digital, memberUnitId: ownUnitId, unitRole: 'lead', contactName: '杨磊', contactPhone: '13800000006', sort: 1, remark: '' }, owner);
  await insertRow(ctx, orgUnit, { tempOrgId: safety, memberUnitId: ownUnitId, unitRole: 'lead', contactName: '黄强', contactPhone: '13800000008', sort: 1, remark: '' }, owner);
  await insertRow(ctx, orgUnit, { tempOrgId: safety, memberUnitId: unitIds.get('上海市浦东新区应急管理局'), unitRole: 'member', contactName: '郑国庆', contactPhone: '021-68541234', sort: 2, remark: '派员参加联合检查' }, owner);
  await insertRow(ctx, orgUnit, { tempOrgId: safety, memberUnitId: unitIds.get('华东智联检测技术有限公司'), unitRole: 'support', contactName: '林晓东', contactPhone: '13916582047', sort: 3, remark: '负责消防与电气检测' }, owner);

  const member = entity(ctx, 'TempOrgUser');
  const members: [string, string, string | null, string, string, string][] = [
    [digital, 'yanglei', null, '高级总监', 'leader', '总体负责'],
    [digital, 'chenjing', coordination, '经理', 'liaison', '预算与进度协调'],
    [digital, 'liuyang', delivery, '主管', 'deputy', '技术方案与部署'],
    [digital, 'lina', frontend, '专员', 'member', '前端配置与培训'],
    [digital, 'zhoujie', delivery, '专员', 'member', '接口对接'],
    [safety, 'huangqiang', inspectA, '经理', 'leader', '检查统筹'],
    [safety, 'wangfang', inspectB, '主管', 'deputy', '车辆安全检查'],
    [safety, 'xuming', inspectB, '专员', 'member', '机房巡检记录'],
  ];
  for (const [index, [tempOrgId, account, tempDeptId, level, orgRole, duty]] of members.entries()) {
    await insertRow(ctx, member, { tempOrgId, userId: userId(account), tempDeptId, levelId: levelIds.get(level), orgRole, duty, sort: index }, owner);
  }

  // Configuration: the one row exists already (made from the environment at start, server/sysConfig);
  // the demo adds the agreement texts the registration page asks applicants to accept.
  const config = entity(ctx, 'SysConfig');
  await db.updateTable(config.table).set({
    serviceProtocol: '服务协议\n欢迎使用华东智联协同办公平台。平台仅供本集团及授权合作单位的员工办公使用，'
      + '用户应妥善保管账号和密码，不得转借他人；在平台中处理的信息属于单位工作信息，未经授权不得对外提供。',
    userNotice: '用户须知\n1. 首次登录请修改初始密码，密码至少 8 位且包含字母和数字。\n'
      + '2. 涉密信息不得在本平台处理和传输。\n3. 离开座位时请锁定屏幕，长时间不操作系统将自动退出登录。',
    remark: '演示配置',
  }).where('serviceProtocol', 'is', null).where('userNotice', 'is', null).execute();

  const message = entity(ctx, 'MessageConfig');
  // Each type in both languages: a receiver whose language is English gets templateEn.
  const messageTypes: [string, string, string, string, string, number][] = [
    ['hrContractExpiring', '劳动合同到期提醒', 'site,mail', '{userName} 的劳动合同将于 {endDate} 到期，请及时办理续签或终止手续。',
      'The employment contract of {userName} ends on {endDate}; please arrange its renewal or termination.', 1],
    ['officeVehicleResult', '用车申请审批结果', 'site,sms,dingtalk', '您提交的用车申请「{title}」已{result}，用车时间 {startTime}。',
      'Your vehicle request "{title}" is now {state}. Time of use: {startTime}.', 1],
    ['securityEventPending', '安全审批待办', 'site,wxwork', '{userName} 提交了权限变更「{recordLabel}」，请及时审批。',
      '{userName} submitted the permission change "{recordLabel}" for your approval.', 1],
    ['systemMaintenance', '系统维护通知', 'site,sms', '平台将于 {startTime} 至 {endTime} 进行维护，届时暂停服务。',
      'The platform is down for maintenance from {startTime} to {endTime}.', 0],
  ];
  for (const [index, [msgTypeCode, msgTypeName, channels, template, templateEn, enabled]] of messageTypes.entries()) {
    await insertRow(ctx, message, { msgTypeCode, msgTypeName, channels, template, templateEn, enabled, sort: index + 1, remark: '' }, owner);
  }

  // The desk's quickLinks widget shows these (server/desk/myShortcutsCall.ts): each points at a
  // demo page the roles it is meant for can open; the desk leaves out a page the user's menu lacks.
  // Titles, like the desk widgets' below, are language-pack keys, read in the user's language.
  const shortcut = entity(ctx, 'Shortcut');
  const shortcuts: [string, string, string, string, string | null][] = [
    ['shortcut.vehicleApply', 'CarOutlined', '/office/vehicle/apply', 'self', null],
    ['shortcut.outing', 'ScheduleOutlined', '/office/out', 'self', null],
    ['shortcut.myMessages', 'BellOutlined', '/personal/message', 'self', null],
    ['shortcut.contracts', 'FileProtectOutlined', '/hr/contract', 'self', roleIds('admin', 'hr')],
    ['shortcut.users', 'UserOutlined', '/system/user', 'self', roleIds('admin')],
    ['shortcut.govService', 'GlobalOutlined', 'https://gjzwfw.www.gov.cn', 'blank', null],
  ];
  for (const [index, [title, icon, path, openMode, roleList]] of shortcuts.entries()) {
    await insertRow(ctx, shortcut, { title, icon, path, openMode, roleIds: roleList, sort: index + 1, enabled: 1 }, owner);
  }

  const desk = entity(ctx, 'DeskConfig');
  const widgets: [string, string, number, number, number, string | null][] = [
    ['quickLinks', 'deskWidget.quickLinks', 24, 240, 1, null],
    ['pendingInfo', 'deskWidget.pendingInfo', 12, 360, 1, null],
    ['recentOutings', 'deskWidget.recentOutings', 12, 360, 1, null],
    ['messages', 'deskWidget.messages', 12, 320, 1, null],
    ['contractExpiring', 'deskWidget.contractExpiring', 12, 320, 1, roleIds('admin', 'hr')],
    ['weather', 'deskWidget.weather', 8, 200, 0, null],
  ];
  for (const [index, [widgetCode, title, colSpan, height, enabled, roleList]] of widgets.entries()) {
    await insertRow(ctx, desk, { widgetCode, title, colSpan, height, sort: index + 1, enabled, roleIds: roleList, remark: '' }, owner);
  }

  const signature = entity(ctx, 'SignatureConfig');
  const signatures: [string, string, number, string][] = [
    ['admin', 'password', 0, '启用后，系统管理员的审批需输入登录密码确认'],
    ['zhangwei', 'sms', 1, '人事审批签字需短信验证'],
    ['wangfang', 'password', 0, '车辆调度审批（启用后需输入登录密码确认）'],
    ['yanglei', 'sms', 0, '签名图片待上传'],
  ];
  for (const [account, verifyMethod, enabled, remark] of signatures) {
    const id = userId(account);
    if (id) await insertRow(ctx, signature, { userId: id, signImage: null, verifyMethod, enabled, remark }, owner);
  }

  // The enabled provider starts as the environment says (SMS_GATEWAY_URL, else the outbox), so a
  // fresh start behaves as configured; afterwards the screen decides. The other row is an example.
  const sms = entity(ctx, 'SmsConfig');
  const gatewayUrl = ctx.config.messaging.smsGatewayUrl;
  await insertRow(ctx, sms, gatewayUrl
    ? { providerName: '短信网关', providerType: 'http', gatewayUrl, signName: '', templateCode: '', enabled: 1, remark: '由 SMS_GATEWAY_URL 初始化' }
    : { providerName: '开发发件箱', providerType: 'outbox', gatewayUrl: null, signName: '', templateCode: '', enabled: 1, remark: '短信只记录在发件箱，不发送' }, owner);
  await insertRow(ctx, sms, {
    providerName: '阿里云短信', providerType: 'http', gatewayUrl: 'https://sms.example.cn/api/send', signName: '华东智联', templateCode: 'SMS_276450012', enabled: 0,
    remark: '验证码与通知短信（示例，需配置网关地址与服务器访问密钥）',
  }, owner);

  const banner = entity(ctx, 'BannerConfig');
  const banners: [string, string, string | null, string][] = [
    ['2026 年度工作会议', 'desk', '/office/vehicle/apply', '会议期间用车请提前申请'],
    ['安全生产月', 'login', null, '安全生产大检查宣传'],
    ['协同办公平台上线', 'portal', 'https://www.example.cn/news/oa-launch', '平台上线宣传'],
  ];
  for (const [index, [title, position, linkUrl, remark]] of banners.entries()) {
    // Stored disabled: the seed uploads no image, and an enabled banner needs one.
    await insertRow(ctx, banner, { title, image: null, position, linkUrl, sort: index + 1, enabled: 0, remark: `${remark}（待上传图片）` }, owner);
  }
}
