import type { EntityDef } from '../../runtime/core/schema';
import { systemEntity, type ServerContext } from '../context';
import { nowText } from '../http/newId';
import { splitIds } from '../entity/rowValues';
import { insertRow, type RowOwner } from './insertRow';
import { seedFlowHistory } from './seedFlowHistory';
import { seedPortals } from '../desk/portalDemoData';

/** The outing approver role, declared by the office module (schemas/office/module.json). */
const APPROVER_ROLE = 'approver';
/** Demo accounts that approve outings besides their other work. */
const APPROVER_ACCOUNTS = ['wangfang'];
/** What every member of staff may do with outings: register their own. */
const STAFF_OUT_GRANTS = ['office:OfficeOut:my', 'office:OfficeOut:view', 'office:OfficeOut:insert', 'office:OfficeOut:update', 'office:OfficeOut:delete'];

/** The desk's built-in widgets: [code, title (a language-pack key), colSpan, height (null = as tall as the content), sort]. */
export const DESK_WIDGETS: [string, string, number, number | null, number][] = [
  ['welcome', 'deskWidget.welcome', 24, null, 0],
  ['quickLinks', 'deskWidget.quickLinks', 24, 240, 1],
  ['pendingInfo', 'deskWidget.pendingInfo', 12, 360, 2],
  ['recentOutings', 'deskWidget.recentOutings', 12, 360, 3],
  ['messages', 'deskWidget.messages', 12, 320, 4],
  ['weather', 'deskWidget.weather', 8, 200, 6],
  // The office module's cards: one's unfinished tasks (getOfficeTaskDesk), visits to come (getOfficeHospitalityDesk).
  ['officeTasks', 'deskWidget.officeTasks', 12, 360, 7],
  ['officeHospitality', 'deskWidget.officeHospitality', 12, 320, 8],
  // The information widgets (their components come with the info, mail, calendar and vote screens).
  ['notices', 'deskWidget.notices', 12, 320, 10],
  ['newsCarousel', 'deskWidget.newsCarousel', 12, 320, 11],
  ['myCalendar', 'deskWidget.myCalendar', 12, 320, 12],
  ['unreadMail', 'deskWidget.unreadMail', 12, 320, 13],
  ['votesPending', 'deskWidget.votesPending', 12, 320, 14],
];

/**
 * Outings around the day the demo starts, in the applicant's department: [account, destination,
 * reason, transport, start offset in hours from now, duration in hours, status]. Three approved
 * ones are on the desk (one under way, one tomorrow, one two days ago), one waits for the
 * approver; a rejected one and one three weeks old stay off it.
 */
const DEMO_OUTINGS: [string, string, string, string, number, number, string][] = [
  ['lina', '上海市徐汇区漕河泾开发区 客户A公司', '现场确认新版门户需求', 'taxi', -2, 6, 'approved'],
  ['liuyang', '上海市嘉定区数据中心', '机房设备季度巡检', 'companyCar', 22, 8, 'approved'],
  ['chenjing', '上海市黄浦区 工商银行外滩支行', '办理对公账户年检', 'publicTransit', -50, 4, 'approved'],
  ['zhoujie', '杭州市西湖区 合作伙伴研发中心', '接口联调', 'train', 46, 10, 'applied'],
  ['yanglei', '上海市浦东新区 张江科学会堂', '参加行业技术大会', 'ownCar', 70, 8, 'rejected'],
  ['huangqiang', '上海市闵行区 办公家具城', '采购会议室桌椅', 'companyCar', -24 * 21, 5, 'approved'],
];

const HOUR_MS = 3_600_000;

function at(offsetHours: number): string {
  const hour = new Date(Date.now() + offsetHours * HOUR_MS);
  hour.setMinutes(0, 0, 0);
  return nowText(hour);
}

function entityNamed(ctx: ServerContext, name: string): EntityDef | undefined {
  return ctx.registry.entities.get(name);
}

async function menuIdsFor(ctx: ServerContext, permissions: string[]): Promise<string[]> {
  if (permissions.length === 0) return [];
  const rows = await ctx.database.db.selectFrom(systemEntity(ctx, 'Menu').table).select('menuId')
    .where('menuType', '=', 'button').where('permission', 'in', permissions).execute();
  return rows.map((r) => String(r.menuId));
}

/** Grants the outing buttons: staff register their own, the approver role decides; wangfang approves. */
async function grantOutingRoles(ctx: ServerContext): Promise<void> {
  const { db } = ctx.database;
  const role = systemEntity(ctx, 'Role');
  const staff = await db.selectFrom(role.table).select(['roleId', 'menuIds']).where('roleCode', '=', 'staff').executeTakeFirst();
  if (staff) {
    const menuIds = [...new Set([...splitIds(staff.menuIds), ...(await menuIdsFor(ctx, STAFF_OUT_GRANTS))])];
    await db.updateTable(role.table).set({ menuIds: menuIds.join(',') }).where('roleId', '=', staff.roleId).execute();
  }
  const approver = await db.selectFrom(role.table).select('roleId').where('roleCode', '=', APPROVER_ROLE).executeTakeFirst();
  if (!approver) return;
  const approverId = String(approver.roleId);
  const user = systemEntity(ctx, 'User');
  for (const accountId of APPROVER_ACCOUNTS) {
    const row = await db.selectFrom(user.table).select(['userId', 'roleIds']).where('accountId', '=', accountId).executeTakeFirst();
    if (!row) continue;
    const roleIds = splitIds(row.roleIds);
    if (!roleIds.includes(approverId)) {
      await db.updateTable(user.table).set({ roleIds: [...roleIds, approverId].join(',') }).where('userId', '=', row.userId).execute();
    }
  }
}

async function seedDeskWidgets(ctx: ServerContext, owner: RowOwner): Promise<void> {
  const desk = entityNamed(ctx, 'DeskConfig');
  if (!desk) return;
  const present = new Set((await ctx.database.db.selectFrom(desk.table).select('widgetCode').execute()).map((r) => String(r.widgetCode)));
  for (const [widgetCode, title, colSpan, height, sort] of DESK_WIDGETS) {
    if (present.has(widgetCode)) continue;
    await insertRow(ctx, desk, { widgetCode, title, colSpan, height, sort, enabled: 1, roleIds: null, remark: '' }, owner);
  }
}

async function seedOutings(ctx: ServerContext, unitId: string): Promise<void> {
  const out = entityNamed(ctx, 'OfficeOut');
  if (!out) return;
  const { db } = ctx.database;
  const user = systemEntity(ctx, 'User');
  const users = new Map((await db.selectFrom(user.table).select(['userId', 'accountId', 'deptId']).execute())
    .map((u) => [String(u.accountId), { userId: String(u.userId), deptId: String(u.deptId ?? '') }]));
  const approver = users.get(APPROVER_ACCOUNTS[0]);
  for (const [account, destination, reason, transport, offset, hours, status] of DEMO_OUTINGS) {
    const applicant = users.get(account);
    if (!applicant) continue;
    // A flow customised without the decision (a schema folder of its own) cannot reach this state: no such outing.
    const transition = status === 'approved' ? 'approve' : 'reject';
    if (status !== 'applied' && !out.flow?.transitions.some((t) => t.name === transition)) continue;
    const id = await insertRow(ctx, out, {
      applicant: applicant.userId, dept: applicant.deptId, destination, reason, transport,
      startTime: at(offset), endTime: at(offset + hours), status,
      approveRemark: status === 'approved' ? '同意，注意安全' : null,
    }, { userId: applicant.userId, deptId: applicant.deptId, unitId });
    // Decided by the demo's outing approver; a refusal's reason is said, not stored on the request.
    const decision = status === 'applied' ? [] : [{
      transition, by: approver?.userId,
      opinion: status === 'approved' ? '同意，注意安全' : '当天部门有重要会议，请改期',
    }];
    await seedFlowHistory(ctx, out, id, { steps: decision });
  }
}

/**
 * Demo data of the desk (called by seedDemoData on an empty database, after the organisation and
 * the system demo rows): the outing roles, the desk's built-in widgets that are not configured
 * yet, and outings so the pending and recent-outings widgets have something to show.
 */
export async function seedDeskDemoData(ctx: ServerContext, owner: RowOwner): Promise<void> {
  await grantOutingRoles(ctx);
  await seedDeskWidgets(ctx, owner);
  await seedPortals(ctx, owner);
  await seedOutings(ctx, owner.unitId);
}
