import { systemEntity, type ServerContext } from '../context';
import { hashPassword } from '../auth/passwords';
import { newId, nowText } from '../http/newId';
import { FLOW_LOG_STEPS } from '../entity/flowRecordChanges';
import { insertRow, type RowOwner } from './insertRow';
import { seedAccountDemoData } from './accountDemoData';
import { seedSystemDemoData } from './systemDemoData';
import { seedDeskDemoData } from './deskDemoData';
import { DEMO_CODE_RULE, DEMO_SCHEDULED_TASKS, DEMO_DEPTS, DEMO_DICTIONARIES, DEMO_ROLES, DEMO_UNIT, DEMO_USERS } from './demoOrganisation';

/** Matches `hr:HrContract:*` against `hr:HrContract:insert`. */
function grantMatches(grant: string, permission: string): boolean {
  return grant.endsWith(':*') ? permission.startsWith(grant.slice(0, -1)) : grant === permission;
}

function addDays(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return nowText(d).slice(0, 10);
}

/**
 * Fills an empty database (no users yet) with the demo organisation; a database that has users
 * is never touched. The admin password comes from ADMIN_PASSWORD, the others from DEMO_PASSWORD.
 */
export async function seedDemoData(ctx: ServerContext): Promise<boolean> {
  const { db } = ctx.database;
  const userEntity = systemEntity(ctx, 'User');
  const anyUser = await db.selectFrom(userEntity.table).select('userId').limit(1).executeTakeFirst();
  if (anyUser) return false;

  const system: RowOwner = { userId: '', deptId: '', unitId: '' };
  const unitId = await insertRow(ctx, systemEntity(ctx, 'Unit'), DEMO_UNIT, system);
  const owner: RowOwner = { ...system, unitId };

  const deptIds = new Map<string, string>();
  for (const [index, [key, name, parent]] of DEMO_DEPTS.entries()) {
    deptIds.set(key, await insertRow(ctx, systemEntity(ctx, 'Dept'), { deptName: name, parentId: parent ? deptIds.get(parent) : null, sort: index }, owner));
  }

  const menus = await db.selectFrom(systemEntity(ctx, 'Menu').table).select(['menuId', 'permission']).where('menuType', '=', 'button').execute();
  const roleIds = new Map<string, string>();
  for (const [index, role] of DEMO_ROLES.entries()) {
    const menuIds = menus.filter((m) => role.grants.some((g) => grantMatches(g, String(m.permission)))).map((m) => String(m.menuId));
    roleIds.set(role.code, await insertRow(ctx, systemEntity(ctx, 'Role'), {
      roleCode: role.code, roleName: role.name, dataScope: role.dataScope, menuIds: menuIds.join(','), status: 1, sort: index,
    }, owner));
  }

  const adminHash = await hashPassword(ctx.config.adminPassword);
  const demoHash = await hashPassword(ctx.config.demoPassword);
  const userIds = new Map<string, string>();
  for (const [index, [accountId, userName, dept, roles, sex, phone]] of DEMO_USERS.entries()) {
    const userId = await insertRow(ctx, userEntity, {
      accountId, userName, deptId: deptIds.get(dept), roleIds: roles.map((r) => roleIds.get(r)).join(','),
      sex, phone, email: `${accountId}@example.com`, status: 1, language: 'zh-cn', sort: index,
    }, { ...owner, deptId: deptIds.get(dept) ?? '' });
    userIds.set(accountId, userId);
    await db.insertInto('sys_credential').values({ userId, passwordHash: accountId === 'admin' ? adminHash : demoHash, updateTime: nowText() }).execute();
  }

  const dic = systemEntity(ctx, 'Dic');
  for (const [index, group] of DEMO_DICTIONARIES.entries()) {
    const parentId = await insertRow(ctx, dic, { code: group.code, label: group.label, sort: index, status: 1 }, owner);
    for (const [i, [label, value, tagType]] of group.items.entries()) {
      await insertRow(ctx, dic, { parentId, label, value, tagType, sort: i, status: 1 }, owner);
    }
  }

  const as = (account: string, dept: string): RowOwner => ({ userId: userIds.get(account) ?? '', deptId: deptIds.get(dept) ?? '', unitId });
  await insertRow(ctx, systemEntity(ctx, 'CodeRule'), DEMO_CODE_RULE, owner);
  for (const task of DEMO_SCHEDULED_TASKS) await insertRow(ctx, systemEntity(ctx, 'ScheduledTask'), task, owner);
  const hrContract = ctx.registry.entities.get('HrContract');
  if (hrContract) {
    const types = ['fixed', 'open', 'service', 'intern'];
    // Two contracts end within the month: the desk's expiry card and the reminder job have work in the demo.
    const endingSoon: Record<string, number> = { yanglei: 12, huangqiang: 26 };
    for (const [i, [accountId]] of DEMO_USERS.slice(1, 12).entries()) {
      await insertRow(ctx, hrContract, {
        userId: userIds.get(accountId), contractType: types[i % types.length],
        startDate: addDays(-365 + i * 20), endDate: addDays(endingSoon[accountId] ?? 365 * 2 + i * 20), amount: 8000 + i * 1500,
        renewFlag: i % 3 === 0 ? 1 : 0, renewRemark: i % 3 === 0 ? '到期后优先续签' : null, remark: '',
      }, as(i % 2 === 0 ? 'zhangwei' : 'zhaomin', 'hr'));
    }
  }
  const vehicle = ctx.registry.entities.get('OfficeVehicleApply');
  if (vehicle) {
    const samples: [string, string, string, string, number, string][] = [
      ['lina', 'frontend', '客户现场需求调研', '上海市徐汇区漕河泾开发区', 3, 'applied'],
      ['liuyang', 'backend', '机房设备巡检', '上海市嘉定区数据中心', 2, 'applied'],
      ['chenjing', 'finance', '银行对账', '上海市黄浦区外滩', 1, 'approved'],
      ['huangqiang', 'admin', '办公用品采购', '上海市闵行区', 2, 'returned'],
      ['lina', 'frontend', '参加行业展会', '国家会展中心（上海）', 4, 'rejected'],
    ];
    // Each request's history as the flow would have written it: submitted, then the dispatcher's decision.
    const dispatcher = userIds.get('wangfang') ?? '';
    const decisions: Record<string, [string, string, string, string | null][]> = {
      applied: [],
      approved: [['approve', 'applied', 'approved', '同意，请提前十分钟到楼下候车']],
      returned: [['approve', 'applied', 'approved', '同意'], ['giveBack', 'approved', 'returned', null]],
      rejected: [['reject', 'applied', 'rejected', '展会当天车辆已全部派出，请改乘地铁或改期申请']],
    };
    for (const [i, [account, dept, title, destination, passengers, status]] of samples.entries()) {
      const id = await insertRow(ctx, vehicle, {
        title, vehicleType: i % 2 === 0 ? 'sedan' : 'mpv', destination, passengers, driverNeeded: 1,
        startTime: `${addDays(i + 1)} 09:00:00`, endTime: `${addDays(i + 1)} 17:30:00`, reason: title, status,
      }, as(account, dept));
      const steps: [string, string, string, string, string | null][] = [
        [userIds.get(account) ?? '', FLOW_LOG_STEPS.submit, '', 'applied', null],
        ...decisions[status].map(([transition, from, to, opinion]): [string, string, string, string, string | null] => [dispatcher, transition, from, to, opinion]),
      ];
      for (const [step, [userId, transition, fromState, toState, opinion]] of steps.entries()) {
        await db.insertInto('sys_flow_log').values({
          logId: newId(), entity: vehicle.name, recordId: id, transition, fromState, toState, userId, opinion,
          createTime: nowText(new Date(Date.now() - (steps.length - step) * 3_600_000)),
        }).execute();
      }
    }
  }
  await seedSystemDemoData(ctx, owner);
  await seedAccountDemoData(ctx, { unitId, rootDeptId: deptIds.get('root') ?? '', adminUserId: userIds.get('admin') ?? '' });
  await seedDeskDemoData(ctx, owner);
  return true;
}
